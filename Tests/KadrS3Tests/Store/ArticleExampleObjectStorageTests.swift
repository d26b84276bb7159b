import Foundation
import KadrModel
import KadrPersistence
import KadrS3
import Testing

/// The samples of "Keeping images in object storage" and of KadrS3's landing page, compiled
/// (ArticleTests checks them against the articles) and run against the test server.
@Suite(
  "Article: Keeping images in object storage",
  .disabled(if: S3TestServer.skipReason != nil, Comment(rawValue: S3TestServer.skipReason ?? "")),
  .serialized)
struct ArticleExampleObjectStorageTests {
  /// The landing page's sample: a store from the AWS variables, a save and an open.
  static func saveAndOpen(_ video: Video) throws -> Video {
    let store = try S3ImageStore(
      configuration: .fromEnvironment(bucket: "team-media", prefix: "images/"))
    let data = try KadrCoding.data(for: video, images: store)
    let reopened = try KadrCoding.video(from: data, images: store)
    return reopened
  }

  /// The configuration built in code.
  static func configurationInCode(keyID: String, secret: String) -> S3Configuration {
    let configuration = S3Configuration(
      endpoint: URL(string: "http://127.0.0.1:8333"), region: "us-east-1", bucket: "kadr",
      prefix: "images/", credentials: S3Credentials(accessKeyID: keyID, secretAccessKey: secret))
    return configuration
  }

  @Test("A composition's images go to the bucket named by the AWS variables and come back")
  func savesAndOpensThroughTheEnvironment() throws {
    guard let endpoint = S3TestServer.endpoint else { throw S3TestServerMissing() }
    // The sample reads the AWS variables, as an app would; this test sets them from the test
    // server's (no other test reads them: the configuration tests pass their own).
    setenv("AWS_ACCESS_KEY_ID", S3TestServer.credentials.accessKeyID, 1)
    setenv("AWS_SECRET_ACCESS_KEY", S3TestServer.credentials.secretAccessKey, 1)
    setenv("AWS_REGION", "us-east-1", 1)
    setenv("AWS_ENDPOINT_URL_S3", endpoint.absoluteString, 1)
    let image = try S3TestServer.image()
    let reopened = try Self.saveAndOpen(Video { ImageClip(image, duration: 2) })
    #expect((reopened.clips.first as? ImageClip)?.image.data == image.data)
  }

  @Test("A presigned URL of a saved image, and a configuration in code")
  func presignsAndConfiguresInCode() throws {
    let store = try S3ImageStore(configuration: S3TestServer.configuration())
    let token = try store.token(for: try S3TestServer.image())
    let url = try store.presignedURL(for: token, expiresIn: 900)
    #expect(url.absoluteString.contains("X-Amz-Expires=900"))
    let configuration = Self.configurationInCode(keyID: "AKID", secret: "s")
    #expect(configuration.addressing == .pathStyle)
  }
}

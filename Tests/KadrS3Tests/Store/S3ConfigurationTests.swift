import Foundation
import Testing

@testable import KadrS3

/// Tokens, addressing, presigned URLs and configuration from the AWS variables and files, with
/// no server.
@Suite("S3 configuration and tokens")
struct S3ConfigurationTests {
  static let secret = "config-secret-0a1b2c3d4e5f"
  static let keys = S3Credentials(
    accessKeyID: "AKIDCONFIG", secretAccessKey: secret, sessionToken: "token-secret-99")

  @Test(
    "Only s3:<64 lowercase hex>.<known extension> is a token",
    arguments: [
      ("s3:" + String(repeating: "a", count: 64) + ".png", true),
      ("S3:" + String(repeating: "a", count: 64) + ".jpg", true),
      ("s3:" + String(repeating: "A", count: 64) + ".png", false),  // uppercase digest
      ("s3:" + String(repeating: "a", count: 64) + ".tiff", false),  // unknown extension
      ("s3:../" + String(repeating: "a", count: 61) + ".png", false),  // a path
      ("file:" + String(repeating: "a", count: 64) + ".png", false),  // another scheme
      ("s3:", false),
    ])
  func tokens(token: String, valid: Bool) {
    #expect(S3ImageStore.isToken(token) == valid)
  }

  @Test("Path-style and virtual-hosted addresses put the bucket in the path or the host")
  func addressing() {
    let endpoint = URL(string: "http://127.0.0.1:8333")
    let path = S3Client(
      configuration: S3Configuration(
        endpoint: endpoint, region: "us-east-1", bucket: "media", credentials: Self.keys))
    #expect(path.address(of: "images/a.png") == ("127.0.0.1:8333", "/media/images/a.png"))
    let hosted = S3Client(
      configuration: S3Configuration(region: "eu-west-1", bucket: "media", credentials: Self.keys))
    #expect(
      hosted.address(of: "images/a.png") == ("media.s3.eu-west-1.amazonaws.com", "/images/a.png"))
  }

  @Test("A presigned URL carries the query signature and the token, never the secret")
  func presignedURL() throws {
    let store = try S3ImageStore(
      configuration: S3Configuration(region: "eu-west-1", bucket: "media", credentials: Self.keys),
      checksConditionalWrites: false)
    let token = "s3:" + String(repeating: "c", count: 64) + ".png"
    let url = try store.presignedURL(for: token, expiresIn: 600).absoluteString
    #expect(url.hasPrefix("https://media.s3.eu-west-1.amazonaws.com/" + token.dropFirst(3)))
    #expect(url.contains("X-Amz-Expires=600"))
    #expect(url.contains("X-Amz-Signature="))
    #expect(url.contains("X-Amz-Security-Token=token-secret-99"))
    #expect(!url.contains(Self.secret))
  }

  @Test("Descriptions name the access key id and never the secret or the token")
  func descriptionsHideSecrets() throws {
    let configuration = S3Configuration(region: "us-east-1", bucket: "b", credentials: Self.keys)
    let store = try S3ImageStore(configuration: configuration, checksConditionalWrites: false)
    for text in [
      "\(Self.keys)", String(reflecting: Self.keys), "\(configuration)", "\(store)",
      String(reflecting: configuration),
    ] {
      #expect(text.contains("AKIDCONFIG"))
      #expect(!text.contains(Self.secret))
      #expect(!text.contains("token-secret-99"))
    }
  }

  @Test("The variables give credentials, region and endpoint; path-style for an endpoint")
  func environmentVariables() throws {
    let configuration = try S3Configuration.fromEnvironment(
      bucket: "b", prefix: "i/",
      environment: [
        "AWS_ACCESS_KEY_ID": "AKIDENV", "AWS_SECRET_ACCESS_KEY": Self.secret,
        "AWS_SESSION_TOKEN": "tok", "AWS_REGION": "eu-central-1",
        "AWS_ENDPOINT_URL_S3": "http://127.0.0.1:9000",
      ], homeDirectory: URL(fileURLWithPath: "/nonexistent"))
    #expect(
      configuration.credentials
        == S3Credentials(
          accessKeyID: "AKIDENV", secretAccessKey: Self.secret, sessionToken: "tok"))
    #expect(configuration.region == "eu-central-1")
    #expect(configuration.endpoint.absoluteString == "http://127.0.0.1:9000")
    #expect(configuration.addressing == .pathStyle)
    #expect(configuration.prefix == "i/")
  }

  @Test("A profile of ~/.aws/credentials and its region in ~/.aws/config are read")
  func profileFiles() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: home) }
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent(".aws"), withIntermediateDirectories: true)
    try Data(
      """
      [default]
      aws_access_key_id = AKIDDEFAULT
      aws_secret_access_key = default-secret
      # a comment
      [team]
      aws_access_key_id = AKIDTEAM
      aws_secret_access_key = \(Self.secret)

      """.utf8
    ).write(to: home.appendingPathComponent(".aws/credentials"))
    try Data("[profile team]\nregion = ap-south-1\n".utf8).write(
      to: home.appendingPathComponent(".aws/config"))
    let team = try S3Configuration.fromEnvironment(
      bucket: "b", environment: ["AWS_PROFILE": "team"], homeDirectory: home)
    #expect(team.credentials.accessKeyID == "AKIDTEAM")
    #expect(team.credentials.secretAccessKey == Self.secret)
    #expect(team.region == "ap-south-1")
    #expect(team.addressing == .virtualHosted)
    let fallback = try S3Configuration.fromEnvironment(
      bucket: "b", environment: [:], homeDirectory: home)
    #expect(fallback.credentials.accessKeyID == "AKIDDEFAULT")
    #expect(fallback.region == "us-east-1")
  }

  @Test("No credentials anywhere is an error saying where to put them")
  func missingCredentials() {
    #expect {
      try S3Configuration.fromEnvironment(
        bucket: "b", environment: [:], homeDirectory: URL(fileURLWithPath: "/nonexistent"))
    } throws: { error in
      (error as? S3ImageStoreError)?.errorDescription?.contains("AWS_ACCESS_KEY_ID") == true
    }
  }
}

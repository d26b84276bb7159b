import Foundation
import KadrModel
import KadrPersistence
import Testing

@testable import KadrS3

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The store against a real S3 server (SeaweedFS, from `Scripts/s3-server`).
@Suite(
  "S3 image store against a real server",
  .disabled(if: S3TestServer.skipReason != nil, Comment(rawValue: S3TestServer.skipReason ?? "")))
struct S3ServerTests {
  @Test("An image put is got back with the same bytes, and a second put gives the same token")
  func roundTrip() throws {
    let store = try S3ImageStore(configuration: S3TestServer.configuration())
    let image = try S3TestServer.image()
    let token = try store.token(for: image)
    #expect(token.hasPrefix("s3:"))
    #expect(try store.token(for: image) == token)
    #expect(try store.image(for: token).data == image.data)
    #expect(store.key(for: token) == store.configuration.prefix + token.dropFirst(3))
  }

  @Test("A token the bucket lacks is an unresolvable image, not another error")
  func missingObject() throws {
    let store = try S3ImageStore(configuration: S3TestServer.configuration())
    let token = "s3:" + String(repeating: "ab", count: 32) + ".png"
    #expect {
      try store.image(for: token)
    } throws: { error in
      if case .imageUnresolvable(let named) = error as? PersistenceError { return named == token }
      return false
    }
  }

  @Test("Four stores putting the same 30 images at once leave exactly one intact object each")
  func concurrentPuts() async throws {
    let configuration = try S3TestServer.configuration()
    let images = try (0..<30).map { _ in try S3TestServer.image(size: 4096) }
    let tokens = try await withThrowingTaskGroup(of: [String].self) { group in
      for _ in 0..<4 {
        group.addTask {
          let store = try S3ImageStore(configuration: configuration)
          return try images.map { try store.token(for: $0) }
        }
      }
      var all: [[String]] = []
      for try await tokens in group { all.append(tokens) }
      return all
    }
    #expect(Set(tokens.map { $0 }).count == 1)
    let store = try S3ImageStore(configuration: configuration, checksConditionalWrites: false)
    let keys = try S3TestListing.keys(of: store)
    #expect(keys.count == 30, "\(keys)")
    for (image, token) in zip(images, tokens[0]) {
      #expect(try store.image(for: token).data == image.data)
    }
  }

  @Test("The server refuses bytes whose x-amz-checksum-sha256 does not match")
  func wrongChecksumIsRefused() throws {
    let store = try S3ImageStore(configuration: S3TestServer.configuration())
    let image = try S3TestServer.image()
    let name = S3ImageName(data: image.data, format: image.format)
    let wrong = SHA256Hex.base64(Data("other bytes".utf8))
    #expect {
      try store.putOnce(
        image.data, key: store.key(of: name), contentType: "image/png", token: name.token,
        checksum: wrong)
    } throws: { error in
      guard let error = error as? S3ImageStoreError else { return false }
      if case .checksumRejected = error.reason { return true }
      Issue.record("expected checksumRejected, got \(error.reason)")
      return false
    }
    #expect(throws: PersistenceError.self) { try store.image(for: name.token) }
  }

  @Test("A presigned URL downloads the same bytes with no credentials, and stops after expiry")
  func presignedURL() throws {
    let store = try S3ImageStore(configuration: S3TestServer.configuration())
    let image = try S3TestServer.image()
    let token = try store.token(for: image)
    let url = try store.presignedURL(for: token, expiresIn: 60)
    let (status, body) = try PlainDownload.get(url)
    #expect(status == 200)
    #expect(body == image.data)
    let brief = try store.presignedURL(for: token, expiresIn: 1)
    Thread.sleep(forTimeInterval: 2.2)
    let (lateStatus, lateBody) = try PlainDownload.get(brief)
    #expect(lateStatus == 403)
    #expect(lateBody != image.data)
  }

  @Test("A read-only key is refused at start with a clear error that names no secret")
  func readOnlyKeyIsRefused() throws {
    let configuration = try S3TestServer.configuration(
      credentials: S3TestServer.readOnlyCredentials)
    #expect {
      try S3ImageStore(configuration: configuration)
    } throws: { error in
      guard let error = error as? S3ImageStoreError, case .accessDenied = error.reason else {
        Issue.record("expected accessDenied, got \(error)")
        return false
      }
      let text = [error.errorDescription, error.failureReason, "\(error)"].compactMap { $0 }
        .joined()
      #expect(text.contains("refused"))
      #expect(!text.contains(configuration.credentials.secretAccessKey))
      return true
    }
    // Reading with it still works (the store was made with a key that may write).
    let writer = try S3ImageStore(configuration: S3TestServer.configuration())
    let image = try S3TestServer.image()
    let token = try writer.token(for: image)
    var readerConfiguration = configuration
    readerConfiguration.prefix = writer.configuration.prefix
    let reader = try S3ImageStore(
      configuration: readerConfiguration, checksConditionalWrites: false)
    #expect(try reader.image(for: token).data == image.data)
    #expect {
      try reader.token(for: try S3TestServer.image())
    } throws: { error in
      let text = "\(error)"
      return text.contains("refused") && !text.contains(configuration.credentials.secretAccessKey)
    }
  }

  @Test("A wrong secret is refused with a clear error that does not quote it")
  func wrongSecretIsRefused() throws {
    let wrong = S3Credentials(
      accessKeyID: S3TestServer.credentials.accessKeyID,
      secretAccessKey: "wrong-secret-\(UUID().uuidString)")
    let configuration = try S3TestServer.configuration(credentials: wrong)
    #expect {
      try S3ImageStore(configuration: configuration)
    } throws: { error in
      guard let error = error as? S3ImageStoreError, case .accessDenied = error.reason else {
        return false
      }
      let text = [error.errorDescription, error.failureReason].compactMap { $0 }.joined()
      return !text.contains(wrong.secretAccessKey)
    }
  }

  @Test("An image above the threshold goes in parts and comes back whole")
  func multipartRoundTrip() throws {
    let store = try S3ImageStore(
      configuration: S3TestServer.configuration(
        multipartThreshold: S3Configuration.minimumPartSize, timeout: 120))
    let image = try S3TestServer.image(size: S3Configuration.minimumPartSize + 4096)
    let token = try store.token(for: image)
    #expect(try store.image(for: token).data == image.data)
    #expect(try store.token(for: image) == token)
    #expect(try S3TestListing.keys(of: store) == [store.key(for: token)].compactMap { $0 })
    #expect(try S3TestListing.uploads(of: store).isEmpty)
  }

  @Test("A multipart upload left unfinished leaves no object under the key; the next put works")
  func interruptedMultipart() throws {
    let store = try S3ImageStore(
      configuration: S3TestServer.configuration(
        multipartThreshold: S3Configuration.minimumPartSize, timeout: 120))
    let image = try S3TestServer.image(size: S3Configuration.minimumPartSize + 4096)
    let name = S3ImageName(data: image.data, format: image.format)
    // What a process killed after its first part leaves: an upload with one part, never
    // completed nor aborted.
    try S3TestListing.startUpload(of: image.data, key: store.key(of: name), store: store)
    #expect {
      try store.image(for: name.token)
    } throws: { error in
      if case .imageUnresolvable = error as? PersistenceError { return true }
      return false
    }
    #expect(try store.token(for: image) == name.token)
    #expect(try store.image(for: name.token).data == image.data)
    // The abandoned parts are an upload in progress until they are collected.
    #expect(try S3TestListing.uploads(of: store) == [store.key(of: name)])
    #expect(try store.abortIncompleteUploads(olderThan: 3600) == 0)
    #expect(try store.abortIncompleteUploads(olderThan: 0) == 1)
    #expect(try S3TestListing.uploads(of: store).isEmpty)
  }
}

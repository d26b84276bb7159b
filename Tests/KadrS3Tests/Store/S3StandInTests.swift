import Foundation
import KadrModel
import KadrPersistence
import LoopbackHTTP
import Testing

@testable import KadrS3

/// The store against small loopback stand-ins: a server that ignores conditional writes, one
/// that fails, one that refuses, one that is slow.
@Suite("S3 image store against loopback stand-ins")
struct S3StandInTests {
  /// A configuration for a stand-in at `server`.
  static func configuration(
    _ server: LoopbackHTTPServer, timeout: TimeInterval = 10, attempts: Int = 3
  ) throws -> S3Configuration {
    S3Configuration(
      endpoint: URL(string: server.baseURL), region: "us-east-1", bucket: "b",
      prefix: "p/", credentials: S3Credentials(accessKeyID: "AKID", secretAccessKey: secret),
      timeout: timeout, maximumAttempts: attempts)
  }

  /// The secret of the stand-ins' key, which must appear in no message.
  static let secret = "stand-in-secret-9f8e7d6c5b4a"

  @Test("A server that accepts a second If-None-Match: * write is refused at start")
  func serverIgnoringConditionalWritesIsRefused() throws {
    let server = try LoopbackHTTPServer { _ in .bytes(status: 200, headers: [:], body: Data()) }
    defer { server.stop() }
    let configuration = try Self.configuration(server)
    #expect {
      try S3ImageStore(configuration: configuration)
    } throws: { error in
      guard let error = error as? S3ImageStoreError,
        case .conditionalWritesIgnored(let status) = error.reason
      else { return false }
      let text = error.errorDescription ?? ""
      return status == 200 && text.contains("ignores conditional writes")
        && !text.contains(Self.secret)
    }
  }

  @Test("5xx and SlowDown are retried up to the limit, then reported with the count")
  func serverErrorsAreRetried() throws {
    let slowDown = Data("<Error><Code>SlowDown</Code><Message>Reduce</Message></Error>".utf8)
    let server = try LoopbackHTTPServer { _ in
      .bytes(status: 503, headers: ["Content-Type": "application/xml"], body: slowDown)
    }
    defer { server.stop() }
    let store = try S3ImageStore(
      configuration: Self.configuration(server, attempts: 3), checksConditionalWrites: false)
    let token = "s3:" + String(repeating: "0", count: 64) + ".png"
    #expect {
      try store.fetch(token)
    } throws: { error in
      guard let error = error as? S3ImageStoreError,
        case .serverFailed(503, "SlowDown", 3) = error.reason
      else { return false }
      return true
    }
    #expect(server.paths.count == 3)
  }

  @Test("A 4xx is never retried, and the server's message is reported without the secret")
  func clientErrorsAreNotRetried() throws {
    let denied = Data(
      "<Error><Code>AccessDenied</Code><Message>no \(Self.secret)</Message></Error>".utf8)
    let server = try LoopbackHTTPServer { _ in
      .bytes(status: 403, headers: ["Content-Type": "application/xml"], body: denied)
    }
    defer { server.stop() }
    let store = try S3ImageStore(
      configuration: Self.configuration(server, attempts: 4), checksConditionalWrites: false)
    #expect {
      try store.token(for: try S3TestServer.image())
    } throws: { error in
      let persistence = try #require(error as? PersistenceError)
      let text = [
        persistence.errorDescription, persistence.failureReason, "\(persistence)",
        String(reflecting: persistence),
      ].compactMap { $0 }.joined()
      return !text.contains(Self.secret) && text.contains("AccessDenied")
    }
    #expect(server.paths.count == 1)
  }

  @Test("A clock too far from the server's is named as the cause")
  func skewedClockIsNamed() throws {
    let skewed = Data(
      "<Error><Code>RequestTimeTooSkewed</Code><Message>too far</Message></Error>".utf8)
    let server = try LoopbackHTTPServer { _ in
      .bytes(status: 403, headers: ["Content-Type": "application/xml"], body: skewed)
    }
    defer { server.stop() }
    #expect {
      try S3ImageStore(configuration: Self.configuration(server))
    } throws: { error in
      (error as? S3ImageStoreError)?.errorDescription?.contains("clock") == true
    }
  }

  @Test("A redirect (a wrong region or endpoint) is reported, not followed")
  func redirectIsNotFollowed() throws {
    let moved = Data("<Error><Code>PermanentRedirect</Code><Message>m</Message></Error>".utf8)
    let server = try LoopbackHTTPServer { path in
      path.hasPrefix("/elsewhere")
        ? .bytes(status: 200, headers: [:], body: Data())
        : .bytes(status: 301, headers: ["Location": "/elsewhere"], body: moved)
    }
    defer { server.stop() }
    let store = try S3ImageStore(
      configuration: Self.configuration(server), checksConditionalWrites: false)
    #expect {
      try store.fetch("s3:" + String(repeating: "0", count: 64) + ".png")
    } throws: { error in
      guard let error = error as? S3ImageStoreError,
        case .refused(301, "PermanentRedirect", _) = error.reason
      else { return false }
      return true
    }
    #expect(!server.paths.contains { $0.hasPrefix("/elsewhere") })
  }

  @Test("A slow server is given up on at the call's time limit")
  func slowServerTimesOut() throws {
    let server = try LoopbackHTTPServer { _ in .delayed(5, body: Data()) }
    defer { server.stop() }
    let store = try S3ImageStore(
      configuration: Self.configuration(server, timeout: 0.5), checksConditionalWrites: false)
    let started = Date()
    #expect {
      try store.fetch("s3:" + String(repeating: "0", count: 64) + ".png")
    } throws: { error in
      guard let error = error as? S3ImageStoreError, case .timedOut = error.reason else {
        return false
      }
      return true
    }
    #expect(Date().timeIntervalSince(started) < 3)
  }

  @Test("An object larger than the limit is refused while it arrives")
  func oversizedObjectIsRefused() throws {
    let server = try LoopbackHTTPServer { _ in .stream(total: 4 << 20, declaresLength: false) }
    defer { server.stop() }
    var configuration = try Self.configuration(server)
    configuration.maximumImageBytes = 64 * 1024
    let store = try S3ImageStore(configuration: configuration, checksConditionalWrites: false)
    #expect {
      try store.fetch("s3:" + String(repeating: "0", count: 64) + ".png")
    } throws: { error in
      guard let error = error as? S3ImageStoreError, case .tooLarge = error.reason else {
        return false
      }
      return true
    }
  }

  @Test("Bytes that do not hash to the key's digest are refused")
  func corruptedObjectIsRefused() throws {
    let image = try S3TestServer.image()
    let server = try LoopbackHTTPServer { _ in
      .bytes(status: 200, headers: [:], body: image.data + Data([0]))
    }
    defer { server.stop() }
    let store = try S3ImageStore(
      configuration: Self.configuration(server), checksConditionalWrites: false)
    let token = "s3:" + SHA256Hex.of(image.data) + ".png"
    #expect {
      try store.fetch(token)
    } throws: { error in
      guard let error = error as? S3ImageStoreError, case .contentMismatch = error.reason else {
        return false
      }
      return true
    }
  }
}

import Foundation
import KadrModel
import KadrPersistence
import Testing

@testable import KadrS3

#if canImport(Glibc)
  import Glibc
#endif

/// The store used by several processes at once, and by one killed mid-upload (SeaweedFS).
@Suite(
  "S3 image store across processes",
  .disabled(if: S3TestServer.skipReason != nil, Comment(rawValue: S3TestServer.skipReason ?? "")),
  .serialized)
struct S3ProcessTests {
  @Test("Four processes putting the same 30 images at once leave exactly one intact object each")
  func fourProcesses() throws {
    let configuration = try S3TestServer.configuration()
    let images = try (0..<30).map { _ in try S3TestServer.image(size: 4096) }
    let files = try S3ProbeProcess.files(of: images)
    defer { S3ProbeProcess.remove(files) }
    let probes = try (0..<4).map { _ in
      try S3ProbeProcess.start(["put", configuration.prefix] + files)
    }
    var outputs: [[String]] = []
    for (process, output) in probes {
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      outputs.append(text.split(separator: "\n").map(String.init))
    }
    #expect(Set(outputs).count == 1)
    #expect(outputs.first?.count == 30)
    let store = try S3ImageStore(configuration: configuration, checksConditionalWrites: false)
    #expect(try S3TestListing.keys(of: store).count == 30)
    for (image, token) in zip(images, outputs.first ?? []) {
      #expect(try store.image(for: token).data == image.data)
    }
  }

  @Test("kill -9 during a multipart upload leaves no object under the key; the next put works")
  func killedMultipartUpload() throws {
    let configuration = try S3TestServer.configuration(
      multipartThreshold: S3Configuration.minimumPartSize, timeout: 300)
    let store = try S3ImageStore(configuration: configuration, checksConditionalWrites: false)
    // Three parts: the probe is still hashing and sending when the upload shows up.
    let image = try S3TestServer.image(size: 2 * S3Configuration.minimumPartSize + 4096)
    let name = S3ImageName(data: image.data, format: image.format)
    let files = try S3ProbeProcess.files(of: [image])
    defer { S3ProbeProcess.remove(files) }
    let (process, _) = try S3ProbeProcess.start(["put-large", configuration.prefix] + files)
    let deadline = Date(timeIntervalSinceNow: 120)
    while try S3TestListing.uploads(of: store).isEmpty, process.isRunning, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    try #require(process.isRunning, "the probe finished before it could be killed")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect {
      try store.image(for: name.token)
    } throws: { error in
      if case .imageUnresolvable = error as? PersistenceError { return true }
      return false
    }
    #expect(try store.token(for: image) == name.token)
    #expect(try store.image(for: name.token).data == image.data)
    #expect(try store.abortIncompleteUploads(olderThan: 0) == 1)
    #expect(try S3TestListing.uploads(of: store).isEmpty)
  }
}

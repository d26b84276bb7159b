import Foundation
import Testing

@testable import KadrS3

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Looks into the bucket for the tests: the keys and unfinished uploads under a store's prefix
/// (probe objects left out), and an upload abandoned after its first part.
enum S3TestListing {
  /// The object keys under the store's prefix, sorted, without the probe's folder.
  static func keys(of store: S3ImageStore) throws -> [String] {
    let prefix = store.configuration.prefix
    let response = try store.client.send(
      .init(
        method: "GET", key: nil, query: "list-type=2&prefix=" + URIEncoding.encode(prefix)),
      operation: .get, token: nil, limit: 16 * 1024 * 1024, deadline: store.deadline())
    let text = String(decoding: response.body, as: UTF8.self)
    return XMLText.all("Key", in: text).filter {
      !$0.hasPrefix(prefix + S3ImageStore.probeFolder)
    }.sorted()
  }

  /// The keys of the multipart uploads in progress under the store's prefix.
  static func uploads(of store: S3ImageStore) throws -> [String] {
    let response = try store.client.send(
      .init(
        method: "GET", key: nil,
        query: "prefix=" + URIEncoding.encode(store.configuration.prefix) + "&uploads"),
      operation: .get, token: nil, limit: 16 * 1024 * 1024, deadline: store.deadline())
    return XMLText.all("Key", in: String(decoding: response.body, as: UTF8.self))
  }

  /// Starts a multipart upload of `data` under `key` and sends its first part only.
  static func startUpload(of data: Data, key: String, store: S3ImageStore) throws {
    let created = try store.client.send(
      .init(method: "POST", key: key, query: "uploads"), operation: .put, token: nil,
      limit: 1024 * 1024, deadline: store.deadline())
    let uploadID = try #require(
      XMLText.first("UploadId", in: String(decoding: created.body, as: UTF8.self)))
    let part = data.prefix(S3Configuration.minimumPartSize)
    let response = try store.client.send(
      .init(
        method: "PUT", key: key,
        query: "partNumber=1&uploadId=" + URIEncoding.encode(uploadID), body: Data(part)),
      operation: .put, token: nil, limit: 1024 * 1024, deadline: store.deadline())
    guard response.status == 200 else { throw CocoaError(.fileWriteUnknown) }
  }
}

/// A download with no credentials at all, as an app does with a presigned URL.
enum PlainDownload {
  /// The status and body of a `GET` of `url`.
  static func get(_ url: URL) throws -> (Int, Data) {
    final class Box: @unchecked Sendable {
      // @unchecked Sendable: written once by the completion handler before `done` is signalled,
      // read after waiting on it.
      var result: (Int, Data)?
      var failure: (any Error)?
    }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    session.dataTask(with: url) { data, response, error in
      box.result = ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data())
      box.failure = error
      done.signal()
    }.resume()
    guard done.wait(timeout: .now() + 30) == .success else { throw URLError(.timedOut) }
    if let failure = box.failure { throw failure }
    return box.result ?? (0, Data())
  }
}

import Foundation

extension S3ImageStore {
  /// Aborts the multipart uploads under the prefix that started more than `age` seconds ago:
  /// the parts a process left when it was killed mid-upload, which cost storage but are never
  /// an object.
  ///
  /// Run it now and then (or set a bucket lifecycle rule, `AbortIncompleteMultipartUpload`);
  /// keep `age` well above the longest upload, so an upload in progress is never cut.
  ///
  /// - Parameter age: How old an upload must be, in seconds.
  /// - Returns: The number of uploads aborted.
  /// - Throws: ``S3ImageStoreError`` when the uploads cannot be listed (an abort that fails is
  ///   skipped and not counted).
  @discardableResult
  public func abortIncompleteUploads(olderThan age: TimeInterval) throws -> Int {
    let cutoff = Date(timeIntervalSinceNow: -age)
    var aborted = 0
    for upload in try incompleteUploads() where upload.initiated.map({ $0 < cutoff }) ?? true {
      let query = "uploadId=" + URIEncoding.encode(upload.id)
      let response = try? client.send(
        .init(method: "DELETE", key: upload.key, query: query), operation: .put, token: nil,
        limit: 1024 * 1024, deadline: deadline())
      if let response, (200...299).contains(response.status) { aborted += 1 }
    }
    return aborted
  }

  /// The multipart uploads in progress under the prefix (the first 1000).
  func incompleteUploads() throws(S3ImageStoreError) -> [(
    key: String, id: String, initiated: Date?
  )] {
    let response = try client.send(
      .init(
        method: "GET", key: nil,
        query: "prefix=" + URIEncoding.encode(configuration.prefix) + "&uploads"),
      operation: .put, token: nil, limit: 16 * 1024 * 1024, deadline: deadline())
    guard (200...299).contains(response.status) else {
      throw client.failure(response, operation: .put, token: nil, key: nil)
    }
    let text = String(decoding: response.body, as: UTF8.self)
    let dates = ISO8601DateFormatter()
    dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let plainDates = ISO8601DateFormatter()
    return XMLText.all("Upload", in: text).compactMap { upload in
      guard let key = XMLText.first("Key", in: upload),
        let id = XMLText.first("UploadId", in: upload),
        key.hasPrefix(configuration.prefix)
      else { return nil }
      let initiated = XMLText.first("Initiated", in: upload)
        .flatMap { dates.date(from: $0) ?? plainDates.date(from: $0) }
      return (key, id, initiated)
    }
  }
}

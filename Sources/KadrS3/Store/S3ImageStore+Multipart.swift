import Foundation

extension S3ImageStore {
  /// Uploads `data` in parts of ``S3Configuration/partSize``, each with its checksum, and
  /// completes the upload with `If-None-Match: *` (412: the image was there); an image already
  /// there (a `HEAD` answers 200) is not uploaded again. Any failure aborts
  /// the upload, so no parts are left behind and no object appears under the key.
  func uploadInParts(_ data: Data, key: String, name: S3ImageName, deadline: Date)
    throws(S3ImageStoreError)
  {
    let token = name.token
    // A large image already there costs one HEAD, not its upload (the complete request is
    // conditional too, for an uploader that gets there first meanwhile).
    let existing = try client.send(
      .init(method: "HEAD", key: key), operation: .put, token: token, limit: .max,
      deadline: deadline)
    if existing.status == 200 { return }
    let created = try client.send(
      .init(
        method: "POST", key: key, query: "uploads",
        headers: [
          .init("Content-Type", name.contentType), .init("x-amz-checksum-algorithm", "SHA256"),
        ]), operation: .put, token: token, limit: 1024 * 1024, deadline: deadline)
    guard (200...299).contains(created.status) else {
      throw client.failure(created, operation: .put, token: token, key: key)
    }
    guard
      let uploadID = XMLText.first(
        "UploadId", in: String(decoding: created.body, as: UTF8.self))
    else {
      throw S3ImageStoreError(
        .refused(status: created.status, code: "NoUploadId", message: "no UploadId in the answer"),
        operation: .put, token: token, location: client.location(key))
    }
    let upload = "uploadId=" + URIEncoding.encode(uploadID)
    do throws(S3ImageStoreError) {
      var parts: [(number: Int, etag: String, checksum: String)] = []
      var offset = 0
      while offset < data.count {
        let end = min(data.count, offset + configuration.partSize)
        let part = data.subdata(in: offset..<end)
        let number = parts.count + 1
        let (hex, checksum) = SHA256Hex.both(part)
        let response = try client.send(
          .init(
            method: "PUT", key: key, query: "partNumber=\(number)&\(upload)",
            headers: [.init("x-amz-checksum-sha256", checksum)], body: part, payloadHash: hex),
          operation: .put, token: token, limit: 1024 * 1024, deadline: deadline)
        guard (200...299).contains(response.status) else {
          throw client.failure(response, operation: .put, token: token, key: key)
        }
        parts.append((number, response.headers["etag"] ?? "", checksum))
        offset = end
      }
      let body =
        "<CompleteMultipartUpload>"
        + parts.map {
          "<Part><PartNumber>\($0.number)</PartNumber><ETag>\(XMLText.escaped($0.etag))</ETag>"
            + "<ChecksumSHA256>\($0.checksum)</ChecksumSHA256></Part>"
        }.joined() + "</CompleteMultipartUpload>"
      let completed = try client.send(
        .init(
          method: "POST", key: key, query: upload,
          headers: [.init("Content-Type", "application/xml"), .init("If-None-Match", "*")],
          body: Data(body.utf8)), operation: .put, token: token, limit: 1024 * 1024,
        deadline: deadline)
      if completed.status == 412 {
        abort(key: key, upload: upload, token: token)
        return
      }
      // S3 may answer 200 with an error in the body when completing fails late.
      let code = S3ErrorBody(completed.body).code
      guard (200...299).contains(completed.status), code.isEmpty else {
        throw client.failure(completed, operation: .put, token: token, key: key)
      }
    } catch {
      abort(key: key, upload: upload, token: token)
      throw error
    }
  }

  /// Aborts a multipart upload, best effort (a failure leaves parts that
  /// ``abortIncompleteUploads(olderThan:)`` or a bucket lifecycle rule removes).
  func abort(key: String, upload: String, token: String) {
    _ = try? client.send(
      .init(method: "DELETE", key: key, query: upload), operation: .put, token: token,
      limit: 1024 * 1024, deadline: Date(timeIntervalSinceNow: min(configuration.timeout, 30)))
  }
}

import Foundation

extension S3ImageStore {
  /// The folder of the probe objects, under the prefix.
  static let probeFolder = ".kadr-probe/"

  /// Puts a probe object twice with `If-None-Match: *` and expects 412 the second time; deletes
  /// it after (a failed delete leaves a few bytes, no error).
  func proveConditionalWrites() throws(S3ImageStoreError) {
    let key = configuration.prefix + Self.probeFolder + UUID().uuidString.lowercased()
    let data = Data("kadr-persistence conditional write probe\n".utf8)
    defer {
      _ = try? client.send(
        .init(method: "DELETE", key: key), operation: .probe, token: nil, limit: 64 * 1024,
        deadline: deadline())
    }
    try putOnce(data, key: key, contentType: "text/plain", token: nil, operation: .probe)
    let request = S3Client.Request(
      method: "PUT", key: key,
      headers: [
        .init("Content-Type", "text/plain"), .init("If-None-Match", "*"),
        .init("x-amz-checksum-sha256", SHA256Hex.base64(data)),
      ], body: data)
    let response = try client.send(
      request, operation: .probe, token: nil, limit: 64 * 1024, deadline: deadline())
    switch response.status {
    case 412: return
    case 200...299:
      throw S3ImageStoreError(
        .conditionalWritesIgnored(status: response.status), operation: .probe,
        location: client.location(key))
    default:
      throw client.failure(response, operation: .probe, token: nil, key: key)
    }
  }
}

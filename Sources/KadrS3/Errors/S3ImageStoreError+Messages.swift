import Foundation

extension S3ImageStoreError: LocalizedError, CustomStringConvertible {
  /// What happened, in the user's terms, then how to fix it.
  public var errorDescription: String? {
    let place = location.map { " '\($0)'" } ?? ""
    switch reason {
    case .missingCredentials(let profile, let file):
      return "No S3 credentials were found. Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, "
        + "or add aws_access_key_id and aws_secret_access_key to the profile '\(profile)' of \(file)."
    case .invalidEndpoint(let text):
      return "The S3 endpoint '\(text)' is not a URL. Set AWS_ENDPOINT_URL_S3 to the server's "
        + "address with its scheme, such as http://127.0.0.1:8333."
    case .invalidToken(let detail):
      return "'\(token ?? "")' is not a token of the S3 image store (\(detail))."
    case .notFound:
      return "The bucket has no image\(place). It may have been deleted, or the store points at "
        + "another bucket or prefix."
    case .tooLarge(let size, let limit):
      return "The image\(place) has \(size) bytes, more than the store's limit of \(limit). "
        + "Raise maximumImageBytes if the image is expected."
    case .contentMismatch:
      return "The object\(place) does not hold the image its name promises (its bytes hash "
        + "differently). Restore it from a copy, or save the image again."
    case .notAnImage(let detail):
      return "The object\(place) is not the image its name says (\(detail))."
    case .accessDenied("RequestTimeTooSkewed", _):
      return "The S3 server refused to \(verb)\(place) because this computer's clock differs "
        + "from the server's by more than 15 minutes (RequestTimeTooSkewed). Set the clock."
    case .accessDenied(let code, _):
      return "The S3 server refused to \(verb) \(location.map { "'\($0)'" } ?? "the bucket") "
        + "(\(code)). Check that the key may \(verb) there (s3:\(operation == .get ? "GetObject" : "PutObject") "
        + "on the bucket) and that the secret and region are right."
    case .checksumRejected:
      return "The S3 server refused the image\(place): its bytes do not match their SHA-256 "
        + "(the upload was corrupted on the way). Try again."
    case .refused(let status, let code, _):
      return "The S3 server refused to \(verb)\(place) (\(status) \(code)). Check the bucket "
        + "name, region and addressing of the configuration."
    case .serverFailed(let status, let code, let attempts):
      return "The S3 server failed to \(verb)\(place) (\(status)\(code.isEmpty ? "" : " \(code)")) "
        + "on all \(attempts) tries. Try again later."
    case .transport(let detail):
      return "The S3 server could not be reached to \(verb)\(place) (\(detail)). Check the "
        + "endpoint and the network."
    case .timedOut(let seconds):
      return "The S3 request to \(verb)\(place) did not finish within \(seconds) seconds. "
        + "Raise the configuration's timeout, or check the network."
    case .conditionalWritesIgnored(let status):
      return "The S3 server ignores conditional writes (a second PUT with If-None-Match: * got "
        + "\(status), not 412), so two uploaders could overwrite each other. Use a server that "
        + "supports them (AWS S3, R2, MinIO, SeaweedFS)."
    }
  }

  /// The detail: the operation, the server's code and message (secrets redacted).
  public var failureReason: String? {
    switch reason {
    case .accessDenied(let code, let message), .checksumRejected(let code, let message),
      .refused(_, let code, let message):
      return "\(operation.rawValue): the server answered \(code): \(message)"
    case .contentMismatch(let actual):
      return "\(operation.rawValue): the bytes hash to \(actual)"
    default:
      return nil
    }
  }

  /// The error's sentence (its ``errorDescription``).
  public var description: String { errorDescription ?? "S3ImageStoreError" }

  /// The operation as a verb for the messages.
  private var verb: String {
    switch operation {
    case .configure: "configure"
    case .probe: "write a probe object to"
    case .put: "write"
    case .get: "read"
    }
  }
}

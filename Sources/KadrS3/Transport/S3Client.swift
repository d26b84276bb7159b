import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Signs and sends the store's requests: the URL of a key in either addressing, Signature
/// Version 4 in headers or in the query, retries with backoff on 5xx and `SlowDown` (never on
/// another 4xx), and one deadline over all the tries of a call.
final class S3Client: Sendable {
  /// The store's configuration.
  let configuration: S3Configuration
  /// The signer, for service `s3`.
  let signer: SignatureV4
  /// The HTTP transport.
  private let transport: HTTPTransport

  /// One request to the bucket.
  struct Request {
    /// `GET`, `PUT`, `POST`, `DELETE`, `HEAD`.
    var method: String
    /// The object key, or `nil` for the bucket itself.
    var key: String?
    /// The raw query, already percent-encoded (`uploads`, `partNumber=1&uploadId=…`).
    var query = ""
    /// Headers besides `Host` and the signer's, all signed.
    var headers: [SignableRequest.Header] = []
    /// The body.
    var body = Data()
    /// The body's SHA-256 as hex, when the caller has it (hashing a large body twice costs
    /// more than the request); `nil` hashes the body.
    var payloadHash: String?
  }

  /// Creates a client for `configuration`.
  init(configuration: S3Configuration) {
    self.configuration = configuration
    signer = .s3(credentials: configuration.credentials, region: configuration.region)
    transport = HTTPTransport()
  }

  deinit { transport.invalidate() }

  /// The `bucket/key` of `key`, for messages.
  func location(_ key: String?) -> String {
    configuration.bucket + (key.map { "/" + $0 } ?? "")
  }

  /// The host (with its port, as sent in `Host`) and the unencoded path of `key`.
  func address(of key: String?) -> (host: String, path: String) {
    let endpoint = configuration.endpoint
    var host = endpoint.host ?? ""
    if let port = endpoint.port { host += ":\(port)" }
    var base = endpoint.path
    while base.hasSuffix("/") { base.removeLast() }
    let keyPath = key.map { "/" + $0 } ?? "/"
    switch configuration.addressing {
    case .pathStyle:
      return (host, base + "/" + configuration.bucket + (key.map { "/" + $0 } ?? ""))
    case .virtualHosted:
      return (configuration.bucket + "." + host, base + keyPath)
    }
  }

  /// The URL of a signed request.
  private func url(host: String, path: String, query: String) -> URL? {
    let scheme = configuration.endpoint.scheme ?? "https"
    let encodedPath = URIEncoding.encode(path, keepingSlashes: true)
    return URL(string: "\(scheme)://\(host)\(encodedPath)" + (query.isEmpty ? "" : "?" + query))
  }

  /// A presigned `GET` URL of `key`, valid `seconds` from `date`.
  func presignedURL(key: String, expiresIn seconds: Int, at date: Date) -> URL? {
    let (host, path) = address(of: key)
    let signed = signer.signingQuery(
      SignableRequest(method: "GET", path: path, headers: [.init("Host", host)]), at: date,
      expiresIn: seconds, payloadHash: SignatureV4.unsignedPayload)
    return url(host: host, path: path, query: signed.request.query)
  }

  /// Sends `request`, retrying on 5xx and `SlowDown`, and returns the first answer that is
  /// neither; throws when the deadline passes, the connection fails, or every try failed.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - operation: What the store is doing, for errors.
  ///   - token: The image's token, for errors.
  ///   - limit: The largest body accepted.
  ///   - deadline: When the whole call must be over.
  func send(
    _ request: Request, operation: S3ImageStoreError.Operation, token: String?, limit: Int,
    deadline: Date
  ) throws(S3ImageStoreError) -> HTTPExchange.Response {
    let (host, path) = address(of: request.key)
    let payloadHash = request.payloadHash ?? SHA256Hex.of(request.body)
    var attempt = 0
    func error(_ reason: S3ImageStoreError.Reason) -> S3ImageStoreError {
      S3ImageStoreError(reason, operation: operation, token: token, location: location(request.key))
    }
    while true {
      attempt += 1
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { throw error(.timedOut(seconds: configuration.timeout)) }
      let signed = signer.signingHeaders(
        SignableRequest(
          method: request.method, path: path, query: request.query,
          headers: [.init("Host", host)] + request.headers, body: request.body),
        at: Date(), payloadHash: payloadHash)
      guard let url = url(host: host, path: path, query: request.query) else {
        throw error(.invalidEndpoint(configuration.endpoint.absoluteString))
      }
      var urlRequest = URLRequest(url: url)
      urlRequest.httpMethod = request.method
      for header in signed.request.headers where header.name != "Host" {
        urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
      }
      if !request.body.isEmpty || request.method == "PUT" || request.method == "POST" {
        urlRequest.httpBody = request.body
      }
      switch transport.send(urlRequest, limit: limit, timeout: remaining) {
      case .failure(.timedOut):
        throw error(.timedOut(seconds: configuration.timeout))
      case .failure(.tooLarge(let size, let limit)):
        throw error(.tooLarge(size: size, limit: limit))
      case .failure(.transport(let detail)):
        throw error(.transport(detail: redacted(detail)))
      case .success(let response):
        let code = S3ErrorBody(response.body).code
        let retryable = response.status >= 500 || code == "SlowDown"
        guard retryable else { return response }
        guard attempt < configuration.maximumAttempts else {
          throw error(.serverFailed(status: response.status, code: code, attempts: attempt))
        }
        // Exponential backoff with full jitter: 0.1 s, 0.2 s, 0.4 s … (at most 5 s).
        let backoff = Double.random(in: 0...min(5, 0.1 * pow(2, Double(attempt - 1))))
        Thread.sleep(forTimeInterval: min(backoff, max(0, deadline.timeIntervalSinceNow)))
      }
    }
  }

  /// The error of a 4xx answer that the caller does not expect.
  func failure(
    _ response: HTTPExchange.Response, operation: S3ImageStoreError.Operation, token: String?,
    key: String?
  ) -> S3ImageStoreError {
    let body = S3ErrorBody(response.body)
    let code = body.code.isEmpty ? "HTTP \(response.status)" : body.code
    let message = redacted(body.message)
    let reason: S3ImageStoreError.Reason
    switch (response.status, body.code) {
    case (404, _): reason = .notFound
    case (403, _): reason = .accessDenied(code: code, message: message)
    case (_, "BadDigest"), (_, "XAmzContentChecksumMismatch"), (_, "InvalidDigest"),
      (_, "XAmzContentSHA256Mismatch"):
      reason = .checksumRejected(code: code, message: message)
    default: reason = .refused(status: response.status, code: code, message: message)
    }
    return S3ImageStoreError(reason, operation: operation, token: token, location: location(key))
  }

  /// `text` with the secret and the session token replaced, should a server quote them.
  func redacted(_ text: String) -> String {
    var text = text
    for secret in [
      configuration.credentials.secretAccessKey, configuration.credentials.sessionToken,
    ] {
      if let secret, !secret.isEmpty {
        text = text.replacingOccurrences(of: secret, with: "<redacted>")
      }
    }
    return text
  }
}

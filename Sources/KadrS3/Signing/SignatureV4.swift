import Foundation
import KadrPersistence

/// AWS Signature Version 4: signs a request in its headers (`Authorization`) or in its query (a
/// presigned URL).
///
/// Written here because the package takes no dependency; it reproduces byte for byte every case
/// of AWS's signing test suite (`aws-c-auth`'s `v4` folder, in the tests). The options are those
/// of the suite's `context.json`; ``s3(region:)`` gives the ones S3 expects.
package struct SignatureV4: Sendable {
  /// The credentials that sign.
  package var credentials: S3Credentials
  /// The region, such as `us-east-1`.
  package var region: String
  /// The service, such as `s3`.
  package var service: String
  /// Whether the canonical path has `.` and `..` segments resolved and empty segments removed
  /// (every service but S3, where a key may hold them).
  package var normalizesPath: Bool
  /// Whether an `x-amz-content-sha256` header carrying the payload hash is added and signed
  /// (S3 requires it; the suite's `sign_body`).
  package var addsContentHashHeader: Bool
  /// Whether the session token is left out of what is signed and added after signing (the
  /// suite's `omit_session_token`, as some services want).
  package var omitsSessionTokenFromSignature: Bool

  /// The algorithm's name, first line of the string to sign.
  package static let algorithm = "AWS4-HMAC-SHA256"
  /// The payload hash of a presigned request, whose body is not known when signing.
  package static let unsignedPayload = "UNSIGNED-PAYLOAD"

  /// Creates a signer.
  package init(
    credentials: S3Credentials, region: String, service: String, normalizesPath: Bool = true,
    addsContentHashHeader: Bool = false, omitsSessionTokenFromSignature: Bool = false
  ) {
    self.credentials = credentials
    self.region = region
    self.service = service
    self.normalizesPath = normalizesPath
    self.addsContentHashHeader = addsContentHashHeader
    self.omitsSessionTokenFromSignature = omitsSessionTokenFromSignature
  }

  /// The signer S3 expects: service `s3`, paths as they are, `x-amz-content-sha256` signed.
  package static func s3(credentials: S3Credentials, region: String) -> SignatureV4 {
    SignatureV4(
      credentials: credentials, region: region, service: "s3", normalizesPath: false,
      addsContentHashHeader: true)
  }

  /// Signs `request` in its headers: adds `X-Amz-Security-Token`, `X-Amz-Date`,
  /// `x-amz-content-sha256` (as the options say) and `Authorization`, in that order.
  ///
  /// - Parameters:
  ///   - request: The request; every header it has is signed.
  ///   - date: The signing time.
  ///   - payloadHash: The payload's SHA-256 as hex, or ``unsignedPayload``; `nil` hashes the body.
  package func signingHeaders(
    _ request: SignableRequest, at date: Date, payloadHash: String? = nil
  ) -> SignedRequest {
    let stamp = SigningTime(date)
    let payload = payloadHash ?? SHA256.hash(request.body).hexString
    var signed = request
    var canonicalHeaders = request.headers
    if let token = credentials.sessionToken {
      signed.headers.append(.init("X-Amz-Security-Token", token))
      if !omitsSessionTokenFromSignature {
        canonicalHeaders.append(.init("X-Amz-Security-Token", token))
      }
    }
    signed.headers.append(.init("X-Amz-Date", stamp.dateTime))
    canonicalHeaders.append(.init("X-Amz-Date", stamp.dateTime))
    if addsContentHashHeader {
      signed.headers.append(.init("x-amz-content-sha256", payload))
      canonicalHeaders.append(.init("x-amz-content-sha256", payload))
    }
    let headers = CanonicalHeaders(canonicalHeaders)
    let canonical = canonicalRequest(
      request, query: CanonicalQuery(raw: request.query).text, headers: headers,
      payloadHash: payload)
    let (stringToSign, signature) = sign(canonical, stamp)
    signed.headers.append(
      .init(
        "Authorization",
        "\(Self.algorithm) Credential=\(credentials.accessKeyID)/\(stamp.scope(region, service)), "
          + "SignedHeaders=\(headers.names), Signature=\(signature)"))
    return SignedRequest(
      request: signed, canonicalRequest: canonical, stringToSign: stringToSign,
      signature: signature)
  }

  /// Signs `request` in its query, as a presigned URL: appends the `X-Amz-*` parameters and
  /// `X-Amz-Signature` to the raw query; the headers are signed as they are and added to none.
  ///
  /// - Parameters:
  ///   - request: The request; every header it has is signed (at least `Host`).
  ///   - date: The signing time.
  ///   - expiresIn: How long the URL works, in seconds (S3 takes 1 to 604 800).
  ///   - payloadHash: The payload's SHA-256 as hex, or ``unsignedPayload``; `nil` hashes the body.
  package func signingQuery(
    _ request: SignableRequest, at date: Date, expiresIn: Int, payloadHash: String? = nil
  ) -> SignedRequest {
    let stamp = SigningTime(date)
    let payload = payloadHash ?? SHA256.hash(request.body).hexString
    let headers = CanonicalHeaders(request.headers)
    var added: [(String, String)] = [
      ("X-Amz-Algorithm", Self.algorithm),
      ("X-Amz-Credential", "\(credentials.accessKeyID)/\(stamp.scope(region, service))"),
      ("X-Amz-Date", stamp.dateTime),
      ("X-Amz-SignedHeaders", headers.names),
      ("X-Amz-Expires", String(expiresIn)),
    ]
    var query = CanonicalQuery(raw: request.query)
    for (name, value) in added { query.append(name, value) }
    if let token = credentials.sessionToken {
      added.append(("X-Amz-Security-Token", token))
      if !omitsSessionTokenFromSignature { query.append("X-Amz-Security-Token", token) }
    }
    let canonical = canonicalRequest(
      request, query: query.text, headers: headers, payloadHash: payload)
    let (stringToSign, signature) = sign(canonical, stamp)
    added.append(("X-Amz-Signature", signature))
    var signed = request
    let appended = added.map { URIEncoding.encode($0.0) + "=" + URIEncoding.encode($0.1) }
    signed.query = ([request.query].filter { !$0.isEmpty } + appended).joined(separator: "&")
    return SignedRequest(
      request: signed, canonicalRequest: canonical, stringToSign: stringToSign,
      signature: signature)
  }

  /// The canonical request: method, path, query, headers, signed header names, payload hash.
  private func canonicalRequest(
    _ request: SignableRequest, query: String, headers: CanonicalHeaders, payloadHash: String
  ) -> String {
    let path = normalizesPath ? Self.normalized(request.path) : request.path
    return [
      request.method, URIEncoding.encode(path, keepingSlashes: true), query, headers.text,
      headers.names, payloadHash,
    ].joined(separator: "\n")
  }

  /// The string to sign and the signature of `canonical`.
  private func sign(_ canonical: String, _ stamp: SigningTime) -> (String, String) {
    let stringToSign = [
      Self.algorithm, stamp.dateTime, stamp.scope(region, service),
      SHA256.hash(Data(canonical.utf8)).hexString,
    ].joined(separator: "\n")
    var key = HMACSHA256.authenticationCode(
      key: Array("AWS4\(credentials.secretAccessKey)".utf8), message: stamp.date)
    for part in [region, service, "aws4_request"] {
      key = HMACSHA256.authenticationCode(key: key, message: part)
    }
    let signature = HMACSHA256.authenticationCode(key: key, message: stringToSign).lowercaseHex
    return (stringToSign, signature)
  }

  /// `path` with `.` and `..` resolved and empty segments removed; a trailing `/` is kept.
  package static func normalized(_ path: String) -> String {
    var segments: [Substring] = []
    for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch segment {
      case ".": continue
      case "..": _ = segments.popLast()
      default: segments.append(segment)
      }
    }
    let joined = "/" + segments.joined(separator: "/")
    return path.hasSuffix("/") && !segments.isEmpty ? joined + "/" : joined
  }
}

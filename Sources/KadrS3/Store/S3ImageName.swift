import Foundation
import KadrModel

/// The name of one image of an ``S3ImageStore``: `<64 lowercase hex digits>.<extension>`, the
/// SHA-256 of the image's bytes and the extension of its format, as the file store names files.
///
/// Parsing is an allow-list, so a token can name no key but one of the store's own.
struct S3ImageName: Hashable, Sendable {
  /// The SHA-256 of the bytes, 64 lowercase hex digits.
  let hash: String
  /// The format, which gives the extension.
  let format: ImageFormat

  /// The token scheme, without the colon.
  static let scheme = "s3"

  /// The name of `data` of `format`.
  init(data: Data, format: ImageFormat) {
    hash = SHA256Hex.of(data)
    self.format = format
  }

  /// `<hash>.<ext>`.
  var objectName: String { "\(hash).\(format.fileExtension)" }
  /// `s3:<hash>.<ext>`.
  var token: String { "\(Self.scheme):\(objectName)" }

  /// The content type sent with the object.
  var contentType: String {
    switch format {
    case .png: "image/png"
    case .jpeg: "image/jpeg"
    case .gif: "image/gif"
    case .webp: "image/webp"
    }
  }

  /// Parses a token.
  ///
  /// - Throws: ``S3ImageStoreError`` with ``S3ImageStoreError/Reason/invalidToken(detail:)``.
  init(token: String) throws(S3ImageStoreError) {
    func invalid(_ detail: String) -> S3ImageStoreError {
      S3ImageStoreError(.invalidToken(detail: detail), operation: .get, token: token)
    }
    let prefix = "\(Self.scheme):"
    guard token.utf8.count > prefix.utf8.count,
      token.utf8.prefix(prefix.utf8.count).map({ $0 | 0x20 }).elementsEqual(prefix.utf8)
    else { throw invalid("it does not start with 's3:'") }
    let name = Array(token.utf8.dropFirst(prefix.utf8.count))
    guard name.count > 65, name[64] == UInt8(ascii: ".") else {
      throw invalid("its name is not '<64 lowercase hex digits>.<extension>'")
    }
    let digits = name[0..<64]
    guard
      digits.allSatisfy({
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
      })
    else { throw invalid("its digest is not 64 lowercase hex digits") }
    let ext = String(decoding: name[65...], as: UTF8.self)
    guard let format = ImageFormat.allCases.first(where: { $0.fileExtension == ext }) else {
      throw invalid("its extension is not png, jpg, gif or webp")
    }
    hash = String(decoding: digits, as: UTF8.self)
    self.format = format
  }
}

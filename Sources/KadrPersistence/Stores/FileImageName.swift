import Foundation
import KadrModel
import KadrPersistenceCore

/// The name of one file of a ``FileImageStore``: `<64 lowercase hex digits>.<extension>`, the
/// SHA-256 of the image's bytes and the extension of its format.
///
/// Parsing is an allow-list: a name is accepted only when every byte fits that pattern, so `..`,
/// `/`, `%2e`, NUL, absolute paths and look-alike Unicode digits can never reach the file system.
struct FileImageName: Hashable, Sendable {
  /// The SHA-256 of the file's bytes, as 64 lowercase hexadecimal digits.
  let hash: String
  /// The image format, which gives the extension.
  let format: ImageFormat

  /// The token scheme, without the colon.
  static let scheme = "file"
  /// The number of hexadecimal digits in a SHA-256.
  static let hashLength = 64

  /// The name of the image `data` of `format`.
  init(data: Data, format: ImageFormat) {
    hash = SHA256.hash(data).hexString
    self.format = format
  }

  /// The file name inside the store's directory.
  var fileName: String { "\(hash).\(format.fileExtension)" }

  /// The token written in documents: `file:<name>`.
  var token: String { "\(Self.scheme):\(fileName)" }

  /// Parses a token, naming the first problem found.
  ///
  /// The scheme is compared without regard to case, as RFC 3986 says; the name must be exact.
  /// - Throws: ``FileImageStoreError/invalidToken(_:reason:)``.
  init(token: String) throws(FileImageStoreError) {
    let bytes = Array(token.utf8)
    let prefix = Array("\(Self.scheme):".utf8)
    guard bytes.count >= prefix.count,
      zip(bytes, prefix).allSatisfy({ lowercasedASCII($0) == $1 })
    else {
      throw .invalidToken(token, reason: .wrongScheme)
    }
    let name = Array(bytes.dropFirst(prefix.count))
    do {
      self = try Self(nameBytes: name)
    } catch {
      throw .invalidToken(token, reason: error)
    }
  }

  /// Parses a file name found in the directory; `nil` when it is not one of the store's names.
  init?(fileName: String) {
    guard let name = try? Self(nameBytes: Array(fileName.utf8)) else { return nil }
    self = name
  }

  /// Parses the part after `file:`.
  private init(nameBytes name: [UInt8]) throws(InvalidFileTokenReason) {
    guard !name.isEmpty else { throw .emptyName }
    if name.contains(0) { throw .nulByte }
    if name.first == UInt8(ascii: "/") { throw .absolutePath }
    if name.contains(UInt8(ascii: "/")) || name.contains(UInt8(ascii: "\\")) {
      throw .pathSeparator
    }
    if name.contains(UInt8(ascii: "%")) { throw .percentEncoded }
    if name.starts(with: Array("..".utf8)) || name == [UInt8(ascii: ".")] {
      throw .relativeDirectory
    }
    guard name.count > Self.hashLength, name[Self.hashLength] == UInt8(ascii: ".") else {
      throw .malformedName
    }
    let digits = name[0..<Self.hashLength]
    guard digits.allSatisfy(isHexDigit) else { throw .malformedName }
    guard digits.allSatisfy({ !isUppercaseHexLetter($0) }) else { throw .uppercaseHex }
    let ext = String(decoding: name[(Self.hashLength + 1)...], as: UTF8.self)
    guard let format = ImageFormat.allCases.first(where: { $0.fileExtension == ext }) else {
      throw .unknownExtension
    }
    hash = String(decoding: digits, as: UTF8.self)
    self.format = format
  }
}

/// Why a string is not a token of a ``FileImageStore``.
public enum InvalidFileTokenReason: String, Error, Sendable, Hashable, CaseIterable {
  /// The token does not start with `file:`.
  case wrongScheme
  /// Nothing follows `file:`.
  case emptyName
  /// The name contains a NUL byte.
  case nulByte
  /// The name is an absolute path (`file:/…` or `file:///…`).
  case absolutePath
  /// The name contains `/` or `\`, so it would name a file in another directory.
  case pathSeparator
  /// The name contains `%`, a percent-encoded escape such as `%2e%2e` or `%2f`.
  case percentEncoded
  /// The name is `.` or starts with `..`.
  case relativeDirectory
  /// The name is not `<64 hex digits>.<extension>`.
  case malformedName
  /// The digest has uppercase hexadecimal digits; the store writes lowercase only.
  case uppercaseHex
  /// The extension is not one of `png`, `jpg`, `gif`, `webp`.
  case unknownExtension

  /// The reason as a phrase, for error messages.
  public var phrase: String {
    switch self {
    case .wrongScheme: "it does not start with 'file:'"
    case .emptyName: "it names no file"
    case .nulByte: "it contains a NUL byte"
    case .absolutePath: "it is an absolute path"
    case .pathSeparator: "it names a path, not a file directly in the store's directory"
    case .percentEncoded: "it contains a percent-encoded escape"
    case .relativeDirectory: "it refers to a directory ('.' or '..')"
    case .malformedName: "its name is not '<64 lowercase hex digits>.<extension>'"
    case .uppercaseHex: "its digest has uppercase hex digits"
    case .unknownExtension: "its extension is not png, jpg, gif or webp"
    }
  }
}

private func lowercasedASCII(_ byte: UInt8) -> UInt8 {
  (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
}

private func isHexDigit(_ byte: UInt8) -> Bool {
  (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || isUppercaseHexLetter(byte)
}

private func isUppercaseHexLetter(_ byte: UInt8) -> Bool {
  (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
}

import Foundation

/// The code and message of an S3 error body (`<Error><Code>…</Code><Message>…</Message>`).
struct S3ErrorBody {
  /// The code (`AccessDenied`, `SlowDown`), or empty.
  let code: String
  /// The message, or empty.
  let message: String

  /// Reads `body`; anything that is not such XML gives empty fields.
  init(_ body: Data) {
    let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
    code = XMLText.first("Code", in: text) ?? ""
    message = XMLText.first("Message", in: text) ?? ""
  }
}

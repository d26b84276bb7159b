import Foundation
import KadrPersistenceCore

/// A document as a JSON value, with what saving it left out.
///
/// `KadrDocument` is `Codable`: it encodes as the document's JSON object, so an app can keep its
/// own metadata beside it in a `Codable` type of its own and save both with `JSONEncoder`.
///
/// ```swift
/// struct Project: Codable {
///   var name: String
///   var document: KadrDocument
/// }
/// let project = Project(name: "Trip", document: try KadrCoding.encode(video))
/// let data = try JSONEncoder().encode(project)
/// let video = try KadrCoding.decode(JSONDecoder().decode(Project.self, from: data).document)
/// ```
///
/// The loss report is not part of the encoded form: a decoded document has an empty one.
public struct KadrDocument: Sendable, Hashable, Codable {
  /// The newest schema this version reads, and the one it writes.
  public static let currentSchema = DocumentEnvelope.currentSchema

  /// The whole document: `{"schema": 1, "video": …}`.
  public let json: JSONValue
  /// What was left out and what was kept without being understood.
  public let lossReport: LossReport

  /// Creates a document value.
  ///
  /// - Parameters:
  ///   - json: The whole document.
  ///   - lossReport: Its loss report.
  public init(json: JSONValue, lossReport: LossReport = LossReport(losses: [])) {
    self.json = json
    self.lossReport = lossReport
  }

  /// The document's `schema` number, or `nil` when it has none (such a document is refused on
  /// opening).
  public var schema: Int? {
    guard case .object(let envelope) = json,
      case .integer(let number)? = envelope[DocumentEnvelope.schemaKey]
    else { return nil }
    return Int(exactly: number)
  }

  /// Writes the document's JSON object through `encoder`.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's error.
  public func encode(to encoder: any Encoder) throws {
    try json.encode(to: encoder)
  }

  /// Reads a document's JSON object from `decoder`; it is checked when it is opened.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the value is not a JSON object.
  public init(from decoder: any Decoder) throws {
    let json = try JSONValue(from: decoder)
    guard case .object = json else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "A kadr document is a JSON object with 'schema' and 'video'."))
    }
    self.init(json: json)
  }

  /// The canonical bytes of the document.
  ///
  /// - Throws: ``PersistenceError``: ``PersistenceError/Reason/nonFiniteNumber(field:)`` or
  ///   ``PersistenceError/Reason/tooDeep(limit:)`` at the value the writer refused.
  public func data() throws -> Data {
    do {
      return try JSONWriter().writeData(json)
    } catch {
      throw PersistenceError(error)
    }
  }
}

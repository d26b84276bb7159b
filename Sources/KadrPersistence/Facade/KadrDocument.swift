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
///
/// A document made by ``KadrCoder/encode(_:allowingLoss:images:)`` keeps the canonical bytes the
/// save wrote: ``data()`` returns them and ``KadrCoder/open(_:images:)-(KadrDocument,_)`` reads
/// them, and they are parsed into ``json`` only the first time it is asked for.
public struct KadrDocument: Sendable, Hashable, Codable {
  /// The schema this version writes a document in when it holds nothing newer (the original
  /// format's), and the one older documents are migrated to.
  public static let currentSchema = DocumentEnvelope.currentSchema
  /// The newest schema this version reads: schema 1 with the professional timeline facts,
  /// written only for a document that holds one (see `TheFormat.md`).
  public static let newestSchema = DocumentEnvelope.newestSchema

  private let contents: Contents
  /// What was left out and what was kept without being understood.
  public let lossReport: LossReport

  /// The whole document: `{"schema": 1, "video": …}`.
  public var json: JSONValue { contents.json }

  /// Creates a document value.
  ///
  /// - Parameters:
  ///   - json: The whole document.
  ///   - lossReport: Its loss report.
  public init(json: JSONValue, lossReport: LossReport = LossReport(losses: [])) {
    self.contents = Contents(bytes: nil, json: json)
    self.lossReport = lossReport
  }

  /// A document saved as `bytes`, canonical bytes the document writer produced.
  init(canonicalBytes bytes: Data, lossReport: LossReport) {
    self.contents = Contents(bytes: bytes, json: nil)
    self.lossReport = lossReport
  }

  /// The canonical bytes the document was saved as, when it was made by a save.
  var canonicalBytes: Data? { contents.bytes }

  public static func == (lhs: KadrDocument, rhs: KadrDocument) -> Bool {
    if lhs.lossReport != rhs.lossReport { return false }
    // The writer is deterministic: the same document always gives the same bytes.
    if let left = lhs.canonicalBytes, let right = rhs.canonicalBytes { return left == right }
    return lhs.json == rhs.json
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(json)
    hasher.combine(lossReport)
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
    if let bytes = contents.bytes { return bytes }
    do {
      return try JSONWriter().writeData(json)
    } catch {
      throw PersistenceError(error)
    }
  }
}

extension KadrDocument {
  /// A document's bytes or tree, or both once the bytes were parsed: shared by copies of the
  /// document, so the bytes are parsed at most once.
  private final class Contents: Sendable {
    let bytes: Data?
    private let tree: Locked<JSONValue?>

    init(bytes: Data?, json: JSONValue?) {
      self.bytes = bytes
      self.tree = Locked(json)
    }

    var json: JSONValue {
      tree.withLock { tree in
        if let tree { return tree }
        guard let bytes else { preconditionFailure("a document holds its bytes or its tree") }
        // The bytes are the writer's own canonical output, so reading them cannot fail.
        guard let parsed = try? JSONReader(options: .init(maximumDepth: .max)).read(bytes) else {
          preconditionFailure("the document writer produced bytes its reader refuses")
        }
        tree = parsed
        return parsed
      }
    }
  }
}

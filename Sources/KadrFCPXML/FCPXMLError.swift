import Foundation

/// Why an FCPXML document could not be read or written, with where in the file.
///
/// Match a reason with `if case .limitExceeded = error.reason`. Reasons may be added in any
/// release, so a `switch` over ``Reason`` should end in `default:`.
public struct FCPXMLError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Sendable, Hashable {
    /// A document type declaration with an internal subset, entity declarations or an external
    /// DTD: refused, since expanding or loading it is how hostile XML reads files or exhausts
    /// memory. The string says which.
    case unsafeDeclaration(String)
    /// A reading limit was passed: which limit, and its value.
    case limitExceeded(limit: String, value: Int)
    /// The bytes are not well-formed XML; the parser's message.
    case malformed(String)
    /// The root element is not `fcpxml`.
    case notFCPXML(root: String)
    /// The `version` attribute names a version this importer does not read.
    case unsupportedVersion(String)
    /// The document holds no project (no `project` element with a `sequence`).
    case noProject
    /// The project asked for (by name or index) is not in the document; the projects there.
    case projectNotFound(String, available: [String])
    /// An attribute's value is not what FCPXML allows there.
    case invalidValue(attribute: String, value: String)
    /// A reference to a resource id the document does not define.
    case unresolvedReference(String)
    /// A file or bundle could not be read.
    case unreadableFile(path: String, detail: String)
  }

  /// What is wrong.
  public let reason: Reason
  /// The element it is about, as a path such as `/fcpxml/library/event[1]/project[1]`; empty
  /// when it is about the whole file.
  public let path: String
  /// The 1-based line in the file, when known.
  public let line: Int?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - reason: What is wrong.
  ///   - path: The element's path; empty for the whole file.
  ///   - line: The 1-based line, when known.
  public init(_ reason: Reason, path: String = "", line: Int? = nil) {
    self.reason = reason
    self.path = path
    self.line = line
  }

  /// What is wrong and where, then how to fix it.
  public var errorDescription: String? {
    var place = path.isEmpty ? "" : " at \(path)"
    if let line { place += " (line \(line))" }
    let fix = recoverySuggestion.map { " " + $0 } ?? ""
    return what + place + "." + fix
  }

  /// How to fix it, when there is something to do.
  public var recoverySuggestion: String? {
    switch reason {
    case .unsafeDeclaration:
      "FCPXML needs no DTD inside the file: export it again from Final Cut Pro, or remove the "
        + "declaration's [...] part, entities and SYSTEM or PUBLIC identifier."
    case .limitExceeded:
      "If the file is genuine, raise the limit (FCPXMLImporter.limits)."
    case .malformed:
      "Export the timeline again; the file is damaged or not XML."
    case .notFCPXML:
      "Give a Final Cut Pro XML file (.fcpxml) or bundle (.fcpxmld)."
    case .unsupportedVersion:
      "Export as FCPXML 1.8 to 1.13 from Final Cut Pro (File > Export XML)."
    case .noProject:
      "Export a project (a timeline), not only an event's clips."
    case .projectNotFound:
      "Choose one of the projects listed, by name or 0-based index."
    case .invalidValue:
      "Export the timeline again; the value is damaged."
    case .unresolvedReference:
      "Export the timeline again with its resources."
    case .unreadableFile:
      nil
    }
  }

  private var what: String {
    switch reason {
    case .unsafeDeclaration(let detail): "Refused a document type declaration with \(detail)"
    case .limitExceeded(let limit, let value): "The document exceeds the \(limit) limit of \(value)"
    case .malformed(let message): "The file is not well-formed XML: \(message)"
    case .notFCPXML(let root): "The root element is '\(root)', not 'fcpxml'"
    case .unsupportedVersion(let version): "FCPXML version '\(version)' is not supported"
    case .noProject: "The document holds no project"
    case .projectNotFound(let wanted, let available):
      "No project '\(wanted)'; the document has "
        + (available.isEmpty ? "none" : available.map { "'\($0)'" }.joined(separator: ", "))
    case .invalidValue(let attribute, let value):
      "The attribute '\(attribute)' has the invalid value '\(value.prefix(80))'"
    case .unresolvedReference(let id): "The reference '\(id)' names no resource"
    case .unreadableFile(let path, let detail): "Cannot read '\(path)': \(detail)"
    }
  }

  /// The sentence of ``errorDescription``.
  public var description: String { errorDescription ?? "FCPXML error" }
}

import Foundation
import KadrPersistenceCore

/// A document as a JSON value, with what saving it left out.
public struct KadrDocument: Sendable, Hashable {
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

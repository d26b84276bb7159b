import Foundation
import KadrModel
import KadrPersistence

@testable import KadrPersistenceCore

/// Helpers shared by the video clip and filter codec tests.
enum VideoFilterTestSupport {
  /// A registry with the video and filter modules only.
  static func registry() throws -> CodecRegistry {
    try CodecRegistry.empty.registering([VideoModule.self, FiltersModule.self])
  }

  /// The JSON of `text`.
  static func json(_ text: String) throws -> JSONValue {
    try JSONReader().read(Data(text.utf8))
  }

  /// The compact bytes of `json`, as text.
  static func text(_ json: JSONValue?) throws -> String {
    guard let json else { return "(nothing)" }
    return String(decoding: try JSONWriter().writeData(json), as: UTF8.self)
  }

  /// The case name of a reason: `mismatchedParallelArrays`.
  static func caseName(_ reason: PersistenceError.Reason) -> String {
    String(String(describing: reason).prefix { $0 != "(" })
  }

  /// Runs `body`, which must throw a ``PersistenceError``; returns the error's case name and
  /// pointer, or a note when it did not throw.
  static func refusal(_ body: () throws -> Void) -> (reason: String, pointer: String) {
    do {
      try body()
      return ("(no error)", "")
    } catch let error as PersistenceError {
      return (error.caseName, error.pointer?.description ?? "(no pointer)")
    } catch {
      return ("(not a PersistenceError: \(error))", "")
    }
  }
}

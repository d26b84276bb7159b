import Foundation
import KadrPersistenceCore

extension KeyedDecoder {
  /// Refuses every key of the payload other than `allowed`: an enum model's payload keys belong
  /// to particular cases (a custom preset's `width`), and another case must not carry them.
  ///
  /// - Parameter allowed: The keys the decoded case has.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/unknownField(_:known:)`` at the
  ///   first other key, listing `allowed`.
  func refuseKeys(other allowed: [Key]) throws {
    let names = allowed.map(\.rawValue)
    for key in object.keys where !names.contains(key) {
      throw PersistenceError(.unknownField(key, known: names), at: pointer.appending(key: key))
    }
  }
}

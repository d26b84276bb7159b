import Foundation

/// Objects lent to one borrower at a time and never deallocated, so that a reference to one
/// (``Lent``) costs no reference counting and stays valid for as long as the process runs.
///
/// The decoders hold their context this way: a decoder kept past its call finds a live context,
/// which tells it its call is over. There are as many objects as borrowers ever ran at once.
package final class Keeper<Object: AnyObject>: @unchecked Sendable {
  // Unchecked: `kept` and `idle` are read and written only while `lock` is held.
  private let lock = NSLock()
  /// Every object made, for good.
  private var kept: [Object] = []
  /// The objects not lent.
  private var idle: [Object] = []

  /// Creates an empty keeper.
  package init() {}

  deinit {
    // A `Lent` may outlive its keeper: its object must outlive both.
    for object in kept { _ = Unmanaged.passRetained(object) }
  }

  /// An idle object, or a new one made by `make`, lent until ``giveBack(_:)``.
  ///
  /// - Parameter make: Makes an object when none is idle.
  package func lend(orMake make: () -> Object) -> Lent<Object> {
    if let object = lock.withLock({ idle.popLast() }) { return Lent(object) }
    let object = make()
    lock.withLock { kept.append(object) }
    return Lent(object)
  }

  /// Takes back an object lent by ``lend(orMake:)``, to lend it again.
  ///
  /// - Parameter lent: The object, given back once.
  package func giveBack(_ lent: Lent<Object>) {
    let object = lent.object
    lock.withLock {
      precondition(!idle.contains { $0 === object }, "An object was given back twice")
      precondition(kept.contains { $0 === object }, "An object was given back to another keeper")
      idle.append(object)
    }
  }
}

/// An object of a ``Keeper``: a reference that costs no reference counting to copy or to use,
/// valid for good since the keeper never deallocates its objects.
@usableFromInline
package struct Lent<Object: AnyObject> {
  @usableFromInline let reference: Unmanaged<Object>

  /// Only a keeper lends objects.
  fileprivate init(_ object: Object) {
    reference = .passUnretained(object)
  }

  /// Runs `body` with the object, retaining nothing.
  ///
  /// - Parameter body: Uses the object.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable @inline(__always)
  package func with<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
    try reference._withUnsafeGuaranteedRef(body)
  }

  /// The object, retained.
  @inlinable
  package var object: Object { reference.takeUnretainedValue() }
}

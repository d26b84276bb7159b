import Foundation

extension JSONPointer {
  /// The last object key in the pointer, if any: the name of the field a value belongs to.
  public var lastKey: String? {
    for component in components.reversed() {
      if case .key(let key) = component { return key }
    }
    return nil
  }
}

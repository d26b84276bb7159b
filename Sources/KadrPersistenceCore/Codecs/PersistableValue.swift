import Foundation
import KadrModel

/// A value that knows its JSON form: times, colours, positions, animations, and any value type a
/// plugin's codec nests in its payload.
///
/// Values are not registered; kinds are. A value is written where a codec puts it, and reports
/// loss through its encoder when part of it cannot be written.
public protocol PersistableValue: Sendable {
  /// Returns the value's JSON form, or `nil` when the value cannot be written at all (after
  /// reporting the loss with ``ValueEncoder/reportLoss(_:)``), in which case the field is omitted.
  ///
  /// - Parameter encoder: Where the value is written: its pointer, the session's image store and
  ///   registry.
  /// - Throws: ``PersistenceError``, for instance for a non-finite number.
  func encodePersisted(to encoder: ValueEncoder) throws(PersistenceError) -> JSONValue?

  /// Reads a value from its JSON form.
  ///
  /// - Parameter decoder: The JSON value and its pointer.
  /// - Throws: ``PersistenceError`` naming the pointer.
  static func decodePersisted(from decoder: ValueDecoder) throws(PersistenceError) -> Self
}

/// Where one value is being written: its JSON pointer and the save's session.
public struct ValueEncoder {
  let session: CodingSession
  // The pointer is built only when asked for (errors, losses, nested objects): building one
  // allocates, and a save writes hundreds of thousands of values.
  let parent: JSONPointer
  let component: JSONPointer.Component?

  init(session: CodingSession, pointer: JSONPointer) {
    self.init(session: session, parent: pointer, component: nil)
  }

  init(session: CodingSession, parent: JSONPointer, component: JSONPointer.Component?) {
    self.session = session
    self.parent = parent
    self.component = component
  }

  /// The JSON pointer of the value being written.
  public var pointer: JSONPointer { component.map { parent.appending($0) } ?? parent }

  /// An encoder for a keyed object at this pointer.
  ///
  /// - Parameter keys: The object's key type.
  public func keyed<Key: PayloadKey>(by keys: Key.Type) -> KeyedEncoder<Key> {
    KeyedEncoder(session: session, pointer: pointer)
  }

  /// An encoder for a child of this value.
  ///
  /// - Parameter key: The child's key.
  public func child(key: String) -> ValueEncoder {
    ValueEncoder(session: session, parent: pointer, component: .key(key))
  }

  /// An encoder for an element of this array value.
  ///
  /// - Parameter index: The element's index.
  public func child(index: Int) -> ValueEncoder {
    ValueEncoder(session: session, parent: pointer, component: .index(index))
  }

  /// Records that something here cannot be saved.
  ///
  /// - Parameter kind: What is lost.
  public func reportLoss(_ kind: Loss.Kind) {
    session.recordLoss(kind, at: pointer)
  }

  /// Checks that `number` is finite, naming `field` if not.
  ///
  /// - Parameters:
  ///   - number: The number to write.
  ///   - field: The field's name for the message.
  /// - Returns: The number as JSON.
  /// - Throws: ``PersistenceError`` with ``PersistenceError/Reason/nonFiniteNumber(field:)``.
  public func finite(_ number: Double, field: @autoclosure () -> String) throws(PersistenceError)
    -> JSONValue
  {
    guard number.isFinite else {
      throw PersistenceError(.nonFiniteNumber(field: field()), at: pointer)
    }
    return .number(number)
  }

  /// The token for `image` from the session's image store, or `nil` after reporting loss when
  /// there is no store.
  ///
  /// - Parameter image: The image.
  /// - Throws: ``PersistenceError`` when the store fails to save it.
  public func token(for image: PlatformImage) throws(PersistenceError) -> String? {
    guard let store = session.images else {
      reportLoss(.imageWithoutStore)
      return nil
    }
    do {
      return try store.token(for: image)
    } catch ImageStoreError.cannotStoreNewImages {
      reportLoss(.imageWithoutStore)
      return nil
    } catch {
      throw PersistenceError(.imageNotStored(underlying: error), at: pointer)
    }
  }
}

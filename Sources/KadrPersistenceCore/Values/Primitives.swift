import Foundation
import KadrModel

extension String: PersistableValue {
  /// Writes the string.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    encoder.string(self)
  }

  /// Reads a string.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws -> String {
    try decoder.string()
  }
}

extension Bool: PersistableValue {
  /// Writes `true` or `false`.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    encoder.bool(self)
  }

  /// Reads `true` or `false`.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws -> Bool {
    try decoder.bool()
  }
}

extension Double: PersistableValue {
  /// Writes the number as `JSONEncoder` does; refuses NaN and infinities, naming the field.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    try encoder.number(self)
  }

  /// Reads a number (an integer literal is accepted).
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws -> Double {
    try decoder.double()
  }
}

extension Int64: PersistableValue {
  /// Writes the integer.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    encoder.integer(self)
  }

  /// Reads an integer literal that fits `Int64`.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws -> Int64 {
    try decoder.int64()
  }
}

extension Int: PersistableValue {
  /// Writes the integer.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    encoder.integer(Int64(self))
  }

  /// Reads an integer literal that fits `Int`.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws -> Int {
    try decoder.integer()
  }
}

extension Int32: PersistableValue {
  /// Writes the integer.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    encoder.integer(Int64(self))
  }

  /// Reads an integer literal that fits `Int32`.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws -> Int32 {
    try decoder.integer()
  }
}

extension ValueDecoder {
  /// Reads an integer literal that fits `Integer`, refusing another with `Integer`'s range.
  @inlinable
  func integer<Integer: FixedWidthInteger>() throws -> Integer {
    let value = try int64()
    guard let integer = Integer(exactly: value) else {
      let range = "\(Integer.min)…\(Integer.max)"
      throw error(.integerOutOfRange(pointer.lastKey ?? "integer", range: range))
    }
    return integer
  }
}

extension URL: PersistableValue {
  /// Writes the absolute URL string.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    encoder.string(absoluteString)
  }

  /// Reads an absolute URL string; refuses strings that do not parse or have no scheme.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws -> URL {
    let text = try decoder.string()
    guard let url = URL(string: text), url.scheme != nil else {
      throw decoder.error(.invalidURL(text))
    }
    return url
  }
}

extension Array: PersistableValue where Element: PersistableValue {
  /// Writes each element; an element that yields nothing (after reporting loss) is left out.
  @inlinable
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var array = encoder.array()
    for index in indices { _ = try array.append(self[index], index: index) }
    return array.finish()
  }

  /// Reads each element.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> [Element]
  {
    let elements = try decoder.elements()
    var array: [Element] = []
    array.reserveCapacity(elements.count)
    for element in elements {
      array.append(try Element.decodePersisted(from: element))
    }
    return array
  }
}

extension Optional: PersistableValue where Wrapped: PersistableValue {
  /// Writes the value, or `null` when absent or when it cannot be written (after reporting
  /// loss). Used for parallel arrays, where `null` marks "none" (`filterAnimations`).
  @inlinable
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    guard let self else { return encoder.null() }
    return try self.encodePersisted(to: encoder) ?? encoder.null()
  }

  /// Reads `null` as `nil`, anything else as the wrapped value.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> Wrapped?
  {
    if decoder.isNull { return nil }
    return try Wrapped.decodePersisted(from: decoder)
  }
}

/// A string-backed enum written as its raw value, refusing unknown strings with the allowed list.
public protocol PersistableEnumeration: PersistableValue, RawRepresentable, CaseIterable
where RawValue == String {
  /// The field's name in messages, such as "anchor".
  static var persistedFieldName: String { get }
}

extension PersistableEnumeration {
  /// Writes the raw value.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    encoder.string(rawValue)
  }

  /// Reads one of the raw values.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws -> Self {
    try decoder.enumeration(Self.self, field: persistedFieldName)
  }
}

extension Anchor: PersistableEnumeration {
  /// "anchor".
  public static var persistedFieldName: String { "anchor" }
}

extension SlideDirection: PersistableEnumeration {
  /// "slide direction".
  public static var persistedFieldName: String { "slide direction" }
}

extension ClipID: PersistableValue {
  /// Writes the id's text.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    encoder.string(rawValue)
  }

  /// Reads the id's text.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws -> ClipID {
    ClipID(try decoder.string())
  }
}

extension LayerID: PersistableValue {
  /// Writes the id's text.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    encoder.string(rawValue)
  }

  /// Reads the id's text.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> LayerID
  {
    LayerID(try decoder.string())
  }
}

extension FilterID: PersistableValue {
  /// Writes the id's text.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    encoder.string(rawValue)
  }

  /// Reads the id's text.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> FilterID
  {
    FilterID(try decoder.string())
  }
}

import Foundation
import KadrModel

extension PlatformColor: PersistableValue {
  /// The keys, spelled once in the model's `Codable` conformance.
  @usableFromInline
  typealias Key = CodingKeys

  /// Writes `{"alpha", "blue", "green", "red"}`, alpha always present.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    try object.encode(alpha, for: .alpha)
    try object.encode(blue, for: .blue)
    try object.encode(green, for: .green)
    try object.encode(red, for: .red)
    return object.finish()
  }

  /// Reads the four components.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> PlatformColor
  {
    let object = try decoder.keyed(by: Key.self)
    return PlatformColor(
      red: try object.decode(Double.self, for: .red),
      green: try object.decode(Double.self, for: .green),
      blue: try object.decode(Double.self, for: .blue),
      alpha: try object.decode(Double.self, for: .alpha))
  }
}

extension CGSize: PersistableValue {
  @usableFromInline
  enum Key: String, PayloadKey {
    case height, width
  }

  /// Writes an offset as `{"height", "width"}`.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    try object.encode(Double(height), for: .height)
    try object.encode(Double(width), for: .width)
    return object.finish()
  }

  /// Reads `{"height", "width"}`.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws -> CGSize {
    let object = try decoder.keyed(by: Key.self)
    return CGSize(
      width: try object.decode(Double.self, for: .width),
      height: try object.decode(Double.self, for: .height))
  }
}

extension Position: PersistableValue {
  /// The keys, spelled once in the model's `Codable` conformance (as are the kinds, `Kind`).
  @usableFromInline
  typealias Key = CodingKeys

  /// Writes `{"kind", "x", "y"}`.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    let (kind, x, y): (Kind, Double, Double) =
      switch self {
      case .normalized(let x, let y): (.normalized, x, y)
      case .pixels(let x, let y): (.pixels, x, y)
      case .percent(let x, let y): (.percent, x, y)
      }
    var object = encoder.keyed(by: Key.self)
    try object.encode(kind.rawValue, for: .kind)
    try object.encode(x, for: .x)
    try object.encode(y, for: .y)
    return object.finish()
  }

  /// Reads `{"kind", "x", "y"}`; refuses an unknown kind.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> Position
  {
    let object = try decoder.keyed(by: Key.self)
    let kind = try object.valueDecoder(for: .kind).enumeration(Kind.self, field: "position kind")
    let x = try object.decode(Double.self, for: .x)
    let y = try object.decode(Double.self, for: .y)
    switch kind {
    case .normalized: return .normalized(x: x, y: y)
    case .pixels: return .pixels(x: x, y: y)
    case .percent: return .percent(x: x, y: y)
    }
  }
}

extension Size: PersistableValue {
  /// The keys, spelled once in the model's `Codable` conformance.
  @usableFromInline
  typealias Key = CodingKeys
  @usableFromInline
  typealias DimensionKey = DimensionKeys
  @usableFromInline
  typealias FitKey = FitKeys
  @usableFromInline
  typealias FillKey = FillKeys

  /// Writes exactly one of `normalized`, `pixels`, `percent`, `aspectFit`, `aspectFill`.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    func dimensions(_ key: Key, _ width: Double, _ height: Double) throws {
      try object.encode(for: key) { encoder throws in
        var inner = encoder.keyed(by: DimensionKey.self)
        try inner.encode(height, for: .height)
        try inner.encode(width, for: .width)
        return inner.finish()
      }
    }
    switch self {
    case .normalized(let width, let height): try dimensions(.normalized, width, height)
    case .pixels(let width, let height): try dimensions(.pixels, width, height)
    case .percent(let width, let height): try dimensions(.percent, width, height)
    case .aspectFit(let within, let aspect):
      try object.encode(for: .aspectFit) { encoder throws in
        var inner = encoder.keyed(by: FitKey.self)
        try inner.encode(Double(aspect), for: .sourceAspect)
        try inner.encode(within, for: .within)
        return inner.finish()
      }
    case .aspectFill(let covering, let aspect):
      try object.encode(for: .aspectFill) { encoder throws in
        var inner = encoder.keyed(by: FillKey.self)
        try inner.encode(covering, for: .covering)
        try inner.encode(Double(aspect), for: .sourceAspect)
        return inner.finish()
      }
    }
    return object.finish()
  }

  /// Reads a size; refuses objects that do not hold exactly one known kind.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws -> Size {
    let object = try decoder.keyed(by: Key.self)
    guard object.keys.count == 1, let name = object.keys.first,
      let key = Key(rawValue: name)
    else {
      throw decoder.error(
        .invalidValue(
          "A size must hold exactly one of \(Key.allCases.map(\.rawValue).joined(separator: ", "))"
        ))
    }
    let inner = try object.valueDecoder(for: key)
    switch key {
    case .normalized, .pixels, .percent:
      let fields = try inner.keyed(by: DimensionKey.self)
      let width = try fields.decode(Double.self, for: .width)
      let height = try fields.decode(Double.self, for: .height)
      switch key {
      case .normalized: return .normalized(width: width, height: height)
      case .pixels: return .pixels(width: width, height: height)
      default: return .percent(width: width, height: height)
      }
    case .aspectFit:
      let fields = try inner.keyed(by: FitKey.self)
      return .aspectFit(
        within: try fields.decode(Size.self, for: .within),
        sourceAspect: CGFloat(try fields.decode(Double.self, for: .sourceAspect)))
    case .aspectFill:
      let fields = try inner.keyed(by: FillKey.self)
      return .aspectFill(
        covering: try fields.decode(Size.self, for: .covering),
        sourceAspect: CGFloat(try fields.decode(Double.self, for: .sourceAspect)))
    }
  }
}

extension Transform: PersistableValue {
  /// The keys, spelled once in the model's `Codable` conformance.
  @usableFromInline
  typealias Key = CodingKeys

  /// Writes `{"anchor", "center", "rotation", "scale"}`.
  public func encodePersisted(to encoder: ValueEncoder) throws -> WrittenJSON? {
    var object = encoder.keyed(by: Key.self)
    try object.encode(anchor, for: .anchor)
    try object.encode(center, for: .center)
    try object.encode(rotation, for: .rotation)
    try object.encode(scale, for: .scale)
    return object.finish()
  }

  /// Reads the four fields.
  @inlinable
  public static func decodePersisted(from decoder: ValueDecoder) throws
    -> Transform
  {
    let object = try decoder.keyed(by: Key.self)
    return Transform(
      center: try object.decode(Position.self, for: .center),
      rotation: try object.decode(Double.self, for: .rotation),
      scale: try object.decode(Double.self, for: .scale),
      anchor: try object.decode(Anchor.self, for: .anchor))
  }
}

// The model's `Codable` keys serve the codecs too: one spelling of each member.
extension PlatformColor.CodingKeys: PayloadKey {}
extension Position.CodingKeys: PayloadKey {}
extension Size.CodingKeys: PayloadKey {}
extension Size.DimensionKeys: PayloadKey {}
extension Size.FitKeys: PayloadKey {}
extension Size.FillKeys: PayloadKey {}
extension Transform.CodingKeys: PayloadKey {}

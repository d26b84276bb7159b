import Foundation

extension Size: Codable {
  /// The member naming a size's kind in JSON (exactly one per size), shared with the document
  /// codec.
  @usableFromInline
  package enum CodingKeys: String, CodingKey, CaseIterable {
    case normalized, pixels, percent, aspectFit, aspectFill
  }

  /// The members of a plain size's dimensions, shared with the document codec.
  @usableFromInline
  package enum DimensionKeys: String, CodingKey, CaseIterable {
    case height, width
  }

  /// The members of an aspect-fit size, shared with the document codec.
  @usableFromInline
  package enum FitKeys: String, CodingKey, CaseIterable {
    case sourceAspect, within
  }

  /// The members of an aspect-fill size, shared with the document codec.
  @usableFromInline
  package enum FillKeys: String, CodingKey, CaseIterable {
    case covering, sourceAspect
  }

  /// Reads a size in the document's form: exactly one of `{"normalized": {"height", "width"}}`,
  /// `{"pixels": …}`, `{"percent": …}`, `{"aspectFit": {"sourceAspect", "within": Size}}` or
  /// `{"aspectFill": {"covering": Size, "sourceAspect"}}`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` for an object that does not hold exactly one known
  ///   kind (an unknown extra member included, as the document reader refuses it) or a number
  ///   that is not finite; `DecodingError.keyNotFound` or `DecodingError.typeMismatch` for a
  ///   missing or mistyped member.
  public init(from decoder: any Decoder) throws {
    let members = try decoder.container(keyedBy: AnyCodingKey.self)
    guard members.allKeys.count == 1, let key = CodingKeys(rawValue: members.allKeys[0].stringValue)
    else {
      let allowed = CodingKeys.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      let found = members.allKeys.map { "'\($0.stringValue)'" }.joined(separator: ", ")
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription:
            "A size must hold exactly one of \(allowed); found [\(found)]."))
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch key {
    case .normalized, .pixels, .percent:
      let fields = try container.nestedContainer(keyedBy: DimensionKeys.self, forKey: key)
      let width = try fields.decodeFinite(forKey: .width, field: "width of a size")
      let height = try fields.decodeFinite(forKey: .height, field: "height of a size")
      switch key {
      case .normalized: self = .normalized(width: width, height: height)
      case .pixels: self = .pixels(width: width, height: height)
      default: self = .percent(width: width, height: height)
      }
    case .aspectFit:
      let fields = try container.nestedContainer(keyedBy: FitKeys.self, forKey: key)
      self = .aspectFit(
        within: try fields.decode(Size.self, forKey: .within),
        sourceAspect: CGFloat(
          try fields.decodeFinite(forKey: .sourceAspect, field: "source aspect of a size")))
    case .aspectFill:
      let fields = try container.nestedContainer(keyedBy: FillKeys.self, forKey: key)
      self = .aspectFill(
        covering: try fields.decode(Size.self, forKey: .covering),
        sourceAspect: CGFloat(
          try fields.decodeFinite(forKey: .sourceAspect, field: "source aspect of a size")))
    }
  }

  /// Writes the size as an object with one member naming its kind.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for a number that is NaN or infinite.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .normalized(let width, let height):
      try Size.encode(width, height, in: &container, forKey: .normalized)
    case .pixels(let width, let height):
      try Size.encode(width, height, in: &container, forKey: .pixels)
    case .percent(let width, let height):
      try Size.encode(width, height, in: &container, forKey: .percent)
    case .aspectFit(let within, let aspect):
      var fields = container.nestedContainer(keyedBy: FitKeys.self, forKey: .aspectFit)
      try fields.encodeFinite(
        Double(aspect), forKey: .sourceAspect, field: "source aspect of a size")
      try fields.encode(within, forKey: .within)
    case .aspectFill(let covering, let aspect):
      var fields = container.nestedContainer(keyedBy: FillKeys.self, forKey: .aspectFill)
      try fields.encode(covering, forKey: .covering)
      try fields.encodeFinite(
        Double(aspect), forKey: .sourceAspect, field: "source aspect of a size")
    }
  }

  private static func encode(
    _ width: Double, _ height: Double, in container: inout KeyedEncodingContainer<CodingKeys>,
    forKey key: CodingKeys
  ) throws {
    var fields = container.nestedContainer(keyedBy: DimensionKeys.self, forKey: key)
    try fields.encodeFinite(height, forKey: .height, field: "height of a size")
    try fields.encodeFinite(width, forKey: .width, field: "width of a size")
  }
}

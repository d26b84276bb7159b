import Foundation

/// A filter kind defined outside this module, carried by ``Filter/custom(_:)``.
///
/// kadr's filters are a closed set; ours are open. A plugin defines a value type with the
/// filter's parameters, conforms it to `CustomFilter` with a kind of its own, and registers a
/// codec for it with the persistence registry so that documents using it can be saved and opened.
///
/// ```swift
/// struct Halftone: CustomFilter {
///   static let kind = FilterKind(rawValue: "com.example.halftone")
///   var dotSize: Double
///   var primaryScalar: Double? { dotSize }
///   func withScalar(_ scalar: Double) -> Halftone { Halftone(dotSize: scalar) }
/// }
/// let clip = VideoClip(url: url).filter(.custom(Halftone(dotSize: 4)))
/// ```
///
/// ## Implementation requirements
/// - ``kind`` is a stable, explicit identifier: a reverse-DNS string that never changes once
///   documents exist, and never one of the built-in raw values.
/// - The type is a value type whose `==` compares every parameter, so that ``Filter``'s equality
///   and a codec's round trip can be checked.
/// - The type is `Sendable` (filters cross threads with the clips that hold them).
public protocol CustomFilter: Sendable, Equatable {
  /// The kind of every filter of this type: a plugin's reverse-DNS identifier, such as
  /// `"com.example.halftone"`.
  static var kind: FilterKind { get }

  /// The kind of this filter value; ``kind`` of its type by default. Only a type that stands for
  /// several kinds (such as a filter kept verbatim from a document without being understood)
  /// overrides it.
  var filterKind: FilterKind { get }

  /// The scalar an animation drives (``VideoClip/filterAnimations``), or `nil` if the filter has
  /// none. Defaults to `nil`.
  var primaryScalar: Double? { get }

  /// Returns a copy whose primary scalar is `scalar`; a filter without one returns itself (the
  /// default).
  ///
  /// - Parameter scalar: The new value of the primary scalar.
  func withScalar(_ scalar: Double) -> Self

  /// An English name for editors. Defaults to the kind's ``FilterKind/displayName`` (its raw
  /// value).
  var displayName: String { get }
}

extension CustomFilter {
  /// The type's ``kind``.
  public var filterKind: FilterKind { Self.kind }

  /// No animatable scalar by default.
  public var primaryScalar: Double? { nil }

  /// Returns `self`: without a primary scalar there is nothing to set.
  ///
  /// - Parameter scalar: Ignored.
  public func withScalar(_ scalar: Double) -> Self { self }

  /// The kind's display name (its raw value for a custom kind).
  public var displayName: String { Self.kind.displayName }

  /// Whether `other` is a filter of the same type that compares equal to this one.
  ///
  /// - Parameter other: Any custom filter.
  /// - Returns: `false` when the types differ; otherwise the type's own `==`.
  public func isEqual(to other: any CustomFilter) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

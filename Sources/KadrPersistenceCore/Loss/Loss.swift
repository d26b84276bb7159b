import Foundation

/// Content that a file cannot hold, and where it is.
///
/// A loss is reported, never written as a placeholder: saving refuses content with losses unless
/// the caller allows loss, and then the lossy content is simply absent from the file.
///
/// ``description`` is for developers (with the JSON pointer); ``describedForUser`` is a sentence
/// an app can show in an alert.
public struct Loss: Sendable, Hashable, Codable, CustomStringConvertible {
  /// What kind of content is lost.
  ///
  /// Cases may be added in any release: a `switch` over a kind should end in `default:`.
  public enum Kind: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A per-clip compositor (code).
    case compositor
    /// The composition's multi-input compositor (code).
    case multiInputCompositor
    /// A custom timing curve (a closure) in an animation; the whole animation is left out.
    case customTimingFunction
    /// A text animation of a type no codec is registered for (``Loss/detail`` names the type).
    case textAnimation
    /// An image, with no image store to save it in.
    case image
    /// A value of a type no codec is registered for at this extension point.
    case unregisteredType(ExtensionPoint, type: String)
    /// A field of a plugin kind that only exists as code, named by the plugin's codec.
    case codeOnlyField(String)
    /// Something else a codec cannot save, described by the codec.
    case other(String)

    /// A short phrase, such as "a compositor (code)".
    public var description: String {
      switch self {
      case .compositor: "a compositor (code)"
      case .multiInputCompositor: "a multi-input compositor (code)"
      case .customTimingFunction: "an animation with a custom timing curve (code)"
      case .textAnimation: "a text animation with no codec"
      case .image: "an image, with no image store to save it in"
      case .unregisteredType(let point, let type): "a \(point) of type \(type) with no codec"
      case .codeOnlyField(let field): "the field '\(field)', which only exists as code"
      case .other(let detail): detail
      }
    }
  }

  /// What is lost.
  public let kind: Kind
  /// Where, in words a developer can act on: `clip “hero”`, `clips[3] (video a.mov)`.
  public let location: String
  /// Where the content would have been in the file.
  public let pointer: String
  /// More about the content, when the kind alone does not say it: the type of a text animation.
  public let detail: String?
  /// Where, in words for the person using the app: `clip “hero”`, `clip 4 (video a.mov)` —
  /// names and 1-based positions, never a pointer.
  public let placeForUser: String

  /// Creates a loss.
  ///
  /// - Parameters:
  ///   - kind: What is lost.
  ///   - location: Where, in words.
  ///   - pointer: The JSON pointer the content would have had.
  ///   - detail: More about the content, such as a type name.
  ///   - placeForUser: Where, in words for an end user; `location` by default.
  public init(
    kind: Kind, location: String, pointer: String = "", detail: String? = nil,
    placeForUser: String? = nil
  ) {
    self.kind = kind
    self.location = location
    self.pointer = pointer
    self.detail = detail
    self.placeForUser = placeForUser ?? location
  }

  /// For example `clip “hero”: a compositor (code) (/video/clips/0/video/_0)`.
  public var description: String {
    let what = detail.map { "\(kind) (\($0))" } ?? kind.description
    return "\(location): \(what) (\(pointer.isEmpty ? "/" : pointer))"
  }

  /// A sentence for the person using the app: what cannot be saved, where, and why — for
  /// example "A custom compositor on clip “hero” can't be saved — it's code, not data." (the
  /// original package's page's own words, which its users' tests compare).
  public var describedForUser: String {
    let place = placeForUser
    switch kind {
    case .compositor:
      return "A custom compositor on \(place) can't be saved — it's code, not data."
    case .multiInputCompositor:
      return "The composition's custom compositor can't be saved — it's code, not data."
    case .customTimingFunction:
      return "A custom timing curve on \(place) can't be saved — it's code, not data."
    case .textAnimation:
      return "The text animation on \(place) cannot be saved: this app has no way to write it."
    case .image:
      return "An image on \(place) cannot be saved, because no image store was given to keep it."
    case .unregisteredType(.clip, _), .unregisteredType(.overlay, _):
      // The place is the clip or overlay itself ("A clip on clip 4" said it twice).
      return "\(place.prefix(1).uppercased())\(place.dropFirst()) cannot be saved: this app has "
        + "no way to write its kind."
    case .unregisteredType(let point, _):
      return "A \(point) on \(place) cannot be saved: this app has no way to write its kind."
    case .codeOnlyField(let field):
      return "The \(field) of \(place) can't be saved — it's code, not data."
    case .other(let detail):
      return "Part of \(place) cannot be saved: \(detail)."
    }
  }
}

/// The original kadr-persistence's name for ``Loss``.
public typealias Lossy = Loss

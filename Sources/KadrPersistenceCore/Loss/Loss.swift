import Foundation

/// Content that a file cannot hold, and where it is.
///
/// A loss is reported, never written as a placeholder: saving refuses content with losses unless
/// the caller allows loss, and then the lossy content is simply absent from the file.
public struct Loss: Sendable, Hashable, Codable, CustomStringConvertible {
  /// What kind of content is lost.
  public enum Kind: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A per-clip compositor (code).
    case compositor
    /// The composition's multi-input compositor (code).
    case multiInputCompositor
    /// A custom timing curve (a closure) in an animation; the whole animation is left out.
    case customTiming
    /// A text animation of a type no codec is registered for.
    case textAnimationWithoutCodec(type: String)
    /// An image, but no image store to save it in.
    case imageWithoutStore
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
      case .customTiming: "an animation with a custom timing curve (code)"
      case .textAnimationWithoutCodec(let type): "a text animation of type \(type) with no codec"
      case .imageWithoutStore: "an image, with no image store to save it in"
      case .unregisteredType(let point, let type): "a \(point) of type \(type) with no codec"
      case .codeOnlyField(let field): "the field '\(field)', which only exists as code"
      case .other(let detail): detail
      }
    }
  }

  /// What is lost.
  public let kind: Kind
  /// Where, in words a person can act on: `clip “hero”`, `clips[3] (video a.mov)`.
  public let location: String
  /// Where the content would have been in the file.
  public let pointer: String

  /// Creates a loss.
  ///
  /// - Parameters:
  ///   - kind: What is lost.
  ///   - location: Where, in words.
  ///   - pointer: The JSON pointer the content would have had.
  public init(kind: Kind, location: String, pointer: String) {
    self.kind = kind
    self.location = location
    self.pointer = pointer
  }

  /// For example `clip “hero”: a compositor (code) (/video/clips/0/video/_0)`.
  public var description: String { "\(location): \(kind) (\(pointer.isEmpty ? "/" : pointer))" }
}

/// Content that was kept without being understood: a kind no codec is registered for, read with
/// `preservingUnknown` and written back verbatim.
public struct PreservedContent: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Where the content is.
  public let extensionPoint: ExtensionPoint
  /// Its kind id.
  public let kindID: KindID
  /// Its payload version, when it is not 1.
  public let payloadVersion: Int
  /// Where it is in the file.
  public let pointer: String

  /// Creates a record of preserved content.
  ///
  /// - Parameters:
  ///   - extensionPoint: Where the content is.
  ///   - kindID: Its kind id.
  ///   - payloadVersion: Its payload version.
  ///   - pointer: Where it is in the file.
  public init(extensionPoint: ExtensionPoint, kindID: KindID, payloadVersion: Int, pointer: String)
  {
    self.extensionPoint = extensionPoint
    self.kindID = kindID
    self.payloadVersion = payloadVersion
    self.pointer = pointer
  }

  /// For example `clip 'com.example.countdown' at /video/clips/2 (kept as read, not understood)`.
  public var description: String {
    let version = payloadVersion == 1 ? "" : " version \(payloadVersion)"
    return "\(extensionPoint) '\(kindID)'\(version) at \(pointer) (kept as read, not understood)"
  }
}

/// Everything a save would lose, and everything kept without being understood.
///
/// A versioned `Codable` value: ``version`` changes when the shape changes.
public struct LossReport: Sendable, Hashable, Codable {
  /// The version of this report's shape.
  public static let currentVersion = 1

  /// The version of this report's shape.
  public let version: Int
  /// Content the file cannot hold.
  public let losses: [Loss]
  /// Content kept verbatim without being understood.
  public let preserved: [PreservedContent]

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - losses: Content the file cannot hold.
  ///   - preserved: Content kept verbatim without being understood.
  public init(losses: [Loss], preserved: [PreservedContent] = []) {
    self.version = LossReport.currentVersion
    self.losses = losses
    self.preserved = preserved
  }

  /// Whether nothing would be lost (preserved content is not loss).
  public var isLossless: Bool { losses.isEmpty }

  /// A readable rendering: one line per loss, then one per preserved item.
  public func rendered() -> String {
    var lines: [String] = []
    if losses.isEmpty {
      lines.append("No loss: everything in the composition is saved.")
    } else {
      lines.append("\(losses.count) item(s) cannot be saved:")
      lines += losses.map { "  - \($0)" }
    }
    if !preserved.isEmpty {
      lines.append("\(preserved.count) item(s) kept as read without being understood:")
      lines += preserved.map { "  - \($0)" }
    }
    return lines.joined(separator: "\n")
  }
}

import Foundation

/// Why a codec could not be registered.
public enum RegistryError: Error, Sendable, Equatable, LocalizedError {
  /// Another model type already uses this kind id at this extension point.
  case kindIDTaken(KindID, point: ExtensionPoint, existingType: String, newType: String)
  /// This model type is already registered under another kind id.
  case typeAlreadyRegistered(String, point: ExtensionPoint, existingKind: KindID, newKind: KindID)
  /// The kind id is empty or otherwise unusable.
  case invalidKindID(KindID, reason: String)
  /// The codec's payload version is below 1.
  case invalidPayloadVersion(KindID, Int)
  /// The process-wide default registry was already set.
  case alreadyBootstrapped

  public var errorDescription: String? {
    switch self {
    case .kindIDTaken(let kind, let point, let existing, let new):
      return "The \(point) kind id '\(kind)' is already registered for \(existing); it cannot "
        + "also name \(new). Give the plugin's kind its own reverse-DNS id."
    case .typeAlreadyRegistered(let type, let point, let existing, let new):
      return "\(type) is already registered as the \(point) kind '\(existing)'; it cannot also be "
        + "'\(new)'. Register each model type once."
    case .invalidKindID(let kind, let reason):
      return "'\(kind)' cannot be a kind id: \(reason)."
    case .invalidPayloadVersion(let kind, let version):
      return "The codec of '\(kind)' declares payload version \(version); versions start at 1."
    case .alreadyBootstrapped:
      return "The default registry was already set; bootstrap it once, at startup."
    }
  }
}

extension RegistryError: CustomStringConvertible {
  /// The error's sentence (its `errorDescription`), so that `print(error)` and string
  /// interpolation show what happened rather than the case's name.
  public var description: String { errorDescription ?? String(reflecting: Self.self) }
}

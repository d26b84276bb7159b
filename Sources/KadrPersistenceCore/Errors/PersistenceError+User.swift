import Foundation

extension PersistenceError {
  /// A sentence for the person using the app — no JSON pointer, no 0-based index, no type
  /// names: what happened to their project and, where there is one, what they can do.
  ///
  /// For losses it is the first loss's ``Loss/describedForUser``, with the count of the others.
  /// It is also the error's ``errorDescription``; the developer's sentence is ``failureReason``.
  public var describedForUser: String {
    switch self {
    case .lossyContent(let losses):
      guard let first = losses.first else { return "Part of this project cannot be saved." }
      if losses.count == 1 { return first.describedForUser }
      let others = losses.count - 1
      return first.describedForUser
        + (others == 1
          ? " One more part cannot be saved either."
          : " \(others) more parts cannot be saved either.")
    case .unsupportedSchema:
      return "This project was saved by a newer version of the app. Update the app to open it."
    case .migrationUnavailable:
      return "This project was saved in an older format that this version of the app cannot "
        + "bring up to date."
    case .unsupportedClip, .unsupportedOverlay:
      return "This project holds a kind of content this version of the app cannot save."
    case .missingImageStore:
      return "This project has images, but it was opened without access to them."
    case .imageUnresolvable:
      return "An image in this project cannot be found."
    case .imageNotEncodable:
      return "An image in this project cannot be saved."
    case .malformed:
      return "This project file is damaged and cannot be opened."
    case .failure(let failure):
      return failure.describedForUser
    }
  }
}

extension PersistenceError.Failure {
  /// The end user's sentence for a failure.
  var describedForUser: String {
    switch reason {
    case .unresolvableImageToken, .imageStoreFailed:
      return "An image in this project cannot be found."
    case .imageNotStored:
      return "An image in this project cannot be saved."
    case .unknownKind, .payloadVersionTooNew, .upgradeGap:
      return "This project holds content made with an add-on this version of the app does not "
        + "have."
    case .limitExceeded, .tooDeep:
      return "This project file is too large or too complex to open."
    case .fileSystem:
      return "The project file cannot be read or written. Check that there is space and that the "
        + "app may use the folder."
    case .nonFiniteNumber:
      return "A value in this project is not a number and cannot be saved."
    case .codecFailure(let underlying) where underlying is CompletenessError:
      // The completeness check runs only when saving.
      return "This project cannot be saved by this version of the app."
    case .noCodecForRoot, .codecFailure:
      return "This project cannot be saved or opened by this version of the app."
    default:
      return "This project file is damaged and cannot be opened."
    }
  }
}

extension PersistenceError {
  /// A stable code for scripts: the name of the detailed reason's case for a failure
  /// (`missingField`, `unknownKind`), else of the error's own case (`lossyContent`).
  public var code: String {
    if case .imageNotEncodable = self { return "imageNotEncodable" }
    let value: Any = reason ?? self
    // Every other case has a payload, whose label is the case's name; a reason without one
    // (`schemaMissing`) describes itself by its name.
    return Mirror(reflecting: value).children.first?.label ?? String(describing: value)
  }
}

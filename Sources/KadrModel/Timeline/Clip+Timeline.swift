import Foundation

extension VideoClip {
  /// Returns a copy shown as `name` in editors (and in reports), instead of the file's name.
  ///
  /// - Parameter name: The display name.
  public func named(_ name: String) -> VideoClip {
    with { $0.name = name }
  }

  /// Returns a copy with `role` as what its picture and sound are.
  ///
  /// - Parameter role: The role, such as ``Role/video`` or `"dialogue.Interview"`.
  public func role(_ role: Role) -> VideoClip {
    with { $0.role = role }
  }

  /// Returns a copy with `marker` added after its other markers.
  ///
  /// - Parameter marker: A marker in the clip's own time (after trim, before speed).
  public func marker(_ marker: Marker) -> VideoClip {
    with { $0.markers.append(marker) }
  }

  /// Returns a copy that plays at exactly `numerator / denominator` times normal speed.
  ///
  /// It sets ``speedRatio``, sets ``speedRate`` to the nearest `Double` and clears
  /// ``speedCurve``: `speed(numerator: 1001, denominator: 1000)` plays a 23.976 clip at 24.
  /// - Parameters:
  ///   - numerator: The numerator, above zero.
  ///   - denominator: The denominator, above zero.
  /// - Returns: The copy, or the clip unchanged when either number is zero or negative.
  public func speed(numerator: Int64, denominator: Int64) -> VideoClip {
    guard let ratio = SpeedRatio(numerator: numerator, denominator: denominator) else {
      return self
    }
    return with {
      $0.speedRatio = ratio
      $0.speedRate = ratio.rate
      $0.speedCurve = nil
    }
  }
}

extension TitleSequence {
  /// Returns a copy shown as `name` in editors, instead of its text.
  ///
  /// - Parameter name: The display name.
  public func named(_ name: String) -> TitleSequence {
    with { $0.name = name }
  }

  /// Returns a copy with `role` as what it is.
  ///
  /// - Parameter role: The role, such as ``Role/titles``.
  public func role(_ role: Role) -> TitleSequence {
    with { $0.role = role }
  }

  /// Returns a copy with `marker` added after its other markers.
  ///
  /// - Parameter marker: A marker in the title's own time.
  public func marker(_ marker: Marker) -> TitleSequence {
    with { $0.markers.append(marker) }
  }
}

extension ImageClip {
  /// Returns a copy shown as `name` in editors (and in reports), instead of the image's file.
  ///
  /// An interchange export names the still after it (Final Cut Pro's browser shows it, not a
  /// content hash), and a saved document that holds a name is schema 2.
  /// - Parameter name: The display name, such as the name the app gave the picture.
  public func named(_ name: String) -> ImageClip {
    with { $0.name = name }
  }
}

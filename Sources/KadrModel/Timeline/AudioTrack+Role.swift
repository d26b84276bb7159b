import Foundation

extension AudioTrack {
  /// Returns a copy with `role` as what its sound is.
  ///
  /// - Parameter role: The role, such as ``Role/music`` or `"dialogue.Narrator"`.
  public func role(_ role: Role) -> AudioTrack {
    var copy = self
    copy.role = role
    return copy
  }
}

import Foundation

/// How fast a ``VideoClip`` plays: one constant multiplier or a curve over the clip.
public enum Speed: Sendable {
  /// A constant multiplier; 1.0 is normal speed. kadr's export accepts 0.25…4.0.
  case flat(Double)
  /// A multiplier that varies over clip-relative source time (after trim, before speed); each
  /// sample is clamped to 0.25…4.0.
  case curved(Animation<Double>)
}

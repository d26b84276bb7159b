import Foundation
import KadrModel
import KadrPersistenceCore

/// The six placement fields every built-in media clip shares (`clipID`, `startTime`,
/// `transform`, `transformAnimation`, `opacity`, `opacityAnimation`), written and read in one
/// place.
public struct ClipPlacement: Sendable {
  /// The clip's identity.
  public var clipID: ClipID?
  /// Its explicit start time.
  public var startTime: Time?
  /// Its static transform.
  public var transform: Transform?
  /// Its transform animation.
  public var transformAnimation: Animation<Transform>?
  /// Its static opacity.
  public var opacity: Double?
  /// Its opacity animation.
  public var opacityAnimation: Animation<Double>?
}

/// The keys of a payload that holds the placement fields under their usual names.
public protocol ClipPlacementKeys: PayloadKey {
  /// `clipID`.
  static var clipID: Self { get }
  /// `startTime`.
  static var startTime: Self { get }
  /// `transform`.
  static var transform: Self { get }
  /// `transformAnimation`.
  static var transformAnimation: Self { get }
  /// `opacity`.
  static var opacity: Self { get }
  /// `opacityAnimation`.
  static var opacityAnimation: Self { get }
}

extension ClipPlacementKeys {
  /// The placement keys, for a sibling target that keeps a clip's placement apart from its
  /// other fields (OpenTimelineIO's generator parameters hold the others).
  package static var placementKeys: [Self] {
    [.clipID, .startTime, .transform, .transformAnimation, .opacity, .opacityAnimation]
  }
}

extension KeyedEncoder where Key: ClipPlacementKeys {
  /// Writes the placement fields of `clip`, each omitted when absent.
  ///
  /// - Parameter clip: The clip.
  /// - Throws: ``PersistenceError`` from a value.
  public mutating func encodeClipPlacement(of clip: some Clip) throws {
    try encodeIfPresent(clip.clipID, for: .clipID)
    try encodeIfPresent(clip.startTime, for: .startTime)
    try encodeIfPresent(clip.transform, for: .transform)
    try encodeIfPresent(clip.transformAnimation, for: .transformAnimation)
    try encodeIfPresent(clip.opacity, for: .opacity)
    try encodeIfPresent(clip.opacityAnimation, for: .opacityAnimation)
  }
}

extension KeyedDecoder where Key: ClipPlacementKeys {
  /// Reads the placement fields, each `nil` when absent.
  ///
  /// - Throws: ``PersistenceError`` from a value.
  public func decodeClipPlacement() throws -> ClipPlacement {
    ClipPlacement(
      clipID: try decodeIfPresent(ClipID.self, for: .clipID),
      startTime: try decodeIfPresent(Time.self, for: .startTime),
      transform: try decodeIfPresent(Transform.self, for: .transform),
      transformAnimation: try decodeIfPresent(Animation<Transform>.self, for: .transformAnimation),
      opacity: try decodeIfPresent(Double.self, for: .opacity),
      opacityAnimation: try decodeIfPresent(Animation<Double>.self, for: .opacityAnimation))
  }
}

extension TitleCodec.Key: ClipPlacementKeys {}

/// Placement values that set everything, for the maximal samples of the built-in clip codecs.
enum ClipPlacementSamples {
  static let transform = Transform(
    center: .percent(x: 40, y: 60), rotation: 0.25, scale: 1.2, anchor: .topLeft)

  static let transformAnimation = Animation<Transform>.keyframes(
    [
      .at(Time(value: 0, timescale: 30), value: .identity),
      .at(Time(value: 30, timescale: 30), value: transform),
    ], timing: .cubicBezier(CGPoint(x: 0.25, y: 0.1), CGPoint(x: 0.25, y: 1)))

  static let opacityAnimation = Animation<Double>.keyframes(
    [
      .at(Time(value: 0, timescale: 30), value: 0), .at(Time(value: 30, timescale: 30), value: 0.9),
    ],
    timing: .easeInOut)
}

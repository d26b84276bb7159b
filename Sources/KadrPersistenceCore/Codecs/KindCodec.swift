import Foundation

/// A codec for one kind of content: how a model type is written to a payload and read back, what
/// of it a file cannot hold, and which of its stored properties it handles.
///
/// Conform to the protocol of the extension point you are adding to (``ClipCodec``,
/// ``OverlayCodec``, ``TextAnimationCodec``, ``FilterCodec``, ``ModelCodec``), which refines this
/// one, and register the codec in a ``CodecRegistry``.
///
/// ## Implementation requirements
///
/// - **Round trip.** `decode(encode(x))` must equal `x` in every stored property the manifest
///   says is encoded. The registry's completeness report proves it by deep reflection on
///   ``samples()``'s maximal values, so a property forgotten on both sides still fails.
/// - **One key enum.** Spell each JSON key once, in ``Key``, and use it to write and to read.
///   Every stored property is either a key's ``PayloadKey/property`` or listed in
///   ``notEncoded`` with a reason.
/// - **Unknown keys.** The payload decoder refuses keys that are not in ``Key``; a codec never
///   ignores content silently.
/// - **Loss.** Whatever of a value a file cannot hold (code, for instance) is reported by
///   ``losses(in:)`` and left out of the payload; never write a placeholder.
/// - **Thread safety.** A codec is a `Sendable` value used from many tasks at once; keep no
///   mutable state.
/// - **Versions.** Bump ``payloadVersion`` when the payload's shape changes, and add an upgrade
///   step from the previous version to ``upgrades``.
public protocol KindCodec<Model>: Sendable {
  /// The model type this codec writes and reads.
  associatedtype Model: Sendable
  /// The payload's keys.
  associatedtype Key: PayloadKey

  /// The kind's stable id, written in files.
  var kindID: KindID { get }
  /// The current version of the payload's shape; 1 unless the shape has changed.
  var payloadVersion: Int { get }
  /// Steps that bring an older payload up to the next version, one per version.
  var upgrades: [PayloadUpgrade] { get }
  /// The stored properties deliberately not written, with reasons.
  var notEncoded: [NotEncodedField] { get }

  /// Writes `value`'s fields into `payload`.
  ///
  /// - Parameters:
  ///   - value: The value to write.
  ///   - payload: The payload object being built.
  /// - Throws: ``PersistenceError`` when a value cannot be written (a non-finite number, an image
  ///   store failure); loss is reported, not thrown.
  func encode(_ value: Model, to payload: inout KeyedEncoder<Key>) throws

  /// Reads a value from `payload`.
  ///
  /// - Parameter payload: The payload object, already upgraded to ``payloadVersion``.
  /// - Returns: The value.
  /// - Throws: ``PersistenceError`` naming the field and its JSON pointer.
  func decode(from payload: KeyedDecoder<Key>) throws -> Model

  /// What of `value` a file cannot hold.
  ///
  /// - Parameter value: The value about to be written.
  /// - Returns: One finding per lossy part; empty when everything is saved.
  func losses(in value: Model) -> [LossFinding]

  /// A short description of `value` for loss locations, such as `"video a.mov"`.
  ///
  /// - Parameter value: The value.
  func label(for value: Model) -> String?

  /// Values that exercise the codec: a minimal one and maximal ones (every optional set, every
  /// collection non-empty, every enum case), used by the completeness report.
  func samples() -> CodecSamples<Model>
}

extension KindCodec {
  /// Version 1.
  public var payloadVersion: Int { 1 }
  /// No upgrade steps.
  public var upgrades: [PayloadUpgrade] { [] }
  /// Every stored property is written.
  public var notEncoded: [NotEncodedField] { [] }
  /// Nothing is lost.
  public func losses(in value: Model) -> [LossFinding] { [] }
  /// No label.
  public func label(for value: Model) -> String? { nil }

  /// The manifest built from ``KindCodec/Key`` and ``KindCodec/notEncoded``.
  public var manifest: FieldManifest { FieldManifest(Key.self, notEncoded: notEncoded) }
}

/// One lossy part of a value, as a codec's ``KindCodec/losses(in:)`` reports it.
public struct LossFinding: Sendable, Hashable {
  /// What is lost.
  public let kind: Loss.Kind
  /// The payload key under which the content would have been, if any.
  public let field: String?

  /// Creates a finding.
  ///
  /// - Parameters:
  ///   - kind: What is lost.
  ///   - field: The payload key under which it would have been.
  public init(_ kind: Loss.Kind, field: String? = nil) {
    self.kind = kind
    self.field = field
  }
}

/// The values a codec offers to the completeness report.
public struct CodecSamples<Model: Sendable>: Sendable {
  /// The smallest value: every optional absent, every collection empty.
  public let minimal: Model
  /// The largest values: together they set every optional, fill every collection and use every
  /// enum case.
  public let maximal: [Model]

  /// Creates samples.
  ///
  /// - Parameters:
  ///   - minimal: The smallest value.
  ///   - maximal: One or more largest values.
  public init(minimal: Model, maximal: [Model]) {
    self.minimal = minimal
    self.maximal = maximal
  }

  /// Creates samples with one maximal value.
  ///
  /// - Parameters:
  ///   - minimal: The smallest value.
  ///   - maximal: The largest value.
  public init(minimal: Model, maximal: Model) {
    self.init(minimal: minimal, maximal: [maximal])
  }
}

/// One step that brings a kind's payload from one version to the next.
public struct PayloadUpgrade: Sendable {
  /// The version this step reads; it writes version `fromVersion + 1`.
  public let fromVersion: Int
  /// The transformation.
  public let upgrade: @Sendable (JSONObject) throws -> JSONObject

  /// Creates an upgrade step.
  ///
  /// - Parameters:
  ///   - fromVersion: The version the step reads.
  ///   - upgrade: Turns a payload of `fromVersion` into one of `fromVersion + 1`.
  public init(
    from fromVersion: Int,
    _ upgrade: @escaping @Sendable (JSONObject) throws -> JSONObject
  ) {
    self.fromVersion = fromVersion
    self.upgrade = upgrade
  }
}

import Foundation

/// A codec with its model type erased to `Base` (`any Clip`, `any Overlay`, …), as registered.
@usableFromInline
final class RegisteredCodec<Base>: Sendable {
  let point: ExtensionPoint
  let kindID: KindID
  let modelType: ObjectIdentifier
  let modelTypeName: String
  let codecType: ObjectIdentifier
  let codecTypeName: String
  let payloadVersion: Int
  let upgrades: [Int: PayloadUpgrade]
  let manifest: FieldManifest
  /// Whether the codec is a ``FieldListCodec``.
  let declaresFields: Bool
  /// A clip's or overlay's wrapper up to its payload, `{"<kindID>":{"_0":`, as a save writes it.
  let taggedPrefix: [UInt8]
  /// A filter's or text animation's `"kind":"<kindID>"`, which the registry adds to its payload.
  let flatKind: LeadingMember
  /// Writes a value as an object (see ``EncodeStep``), recording its losses first so that it is
  /// cast to its model type once; its label, needed only to describe a loss, is made by ``label``.
  let encode: EncodeStep<Base>
  /// Reads the payload object a decoder is at (see ``DecodeStep``).
  let decodePayload: DecodeStep<Base>
  let losses: @Sendable (Base) -> [LossFinding]
  let label: @Sendable (Base) -> String?
  /// The minimal sample first, then the maximal ones.
  let samples: @Sendable () -> (minimal: Base, maximal: [Base])
  /// The samples as the codec's own model values, for reflecting their stored properties.
  let modelSamples: @Sendable () -> (minimal: Any, maximal: [Any])

  /// Erases `codec`.
  ///
  /// - Parameters:
  ///   - encode: The encode step, made by ``makeEncodeStep(_:downcast:)`` where the codec's type
  ///     is known (so that it is specialised for it); made here, unspecialised, when `nil`.
  ///   - decode: The decode step, made by ``makeDecodeStep(_:upcast:)`` likewise.
  @usableFromInline
  init<Codec: KindCodec>(
    _ codec: Codec, point: ExtensionPoint, encode: EncodeStep<Base>? = nil,
    decode: DecodeStep<Base>? = nil,
    upcast: @escaping @Sendable (Codec.Model) -> Base,
    downcast: @escaping @Sendable (Base) -> Codec.Model? = { $0 as? Codec.Model }
  ) {
    self.point = point
    kindID = codec.kindID
    modelType = ObjectIdentifier(Codec.Model.self)
    modelTypeName = String(reflecting: Codec.Model.self)
    codecType = ObjectIdentifier(Codec.self)
    codecTypeName = String(reflecting: Codec.self)
    payloadVersion = codec.payloadVersion
    upgrades = Dictionary(codec.upgrades.map { ($0.fromVersion, $0) }) { first, _ in first }
    manifest = codec.manifest
    self.encode = encode ?? makeEncodeStep(codec, downcast: downcast)
    decodePayload = decode ?? makeDecodeStep(codec, upcast: upcast)
    losses = { value in
      guard let model = downcast(value) else { return [] }
      return codec.losses(in: model)
    }
    label = { value in
      guard let model = downcast(value) else { return nil }
      return codec.label(for: model)
    }
    samples = {
      let samples = codec.samples()
      return (upcast(samples.minimal), samples.maximal.map(upcast))
    }
    modelSamples = {
      let samples = codec.samples()
      return (samples.minimal, samples.maximal.map { $0 as Any })
    }
    declaresFields = codec is any FieldListCodec
    var prefix = JSONOutput(maximumDepth: 0)
    prefix.bytes.append(UInt8(ascii: "{"))
    prefix.writeString(codec.kindID.rawValue)
    prefix.bytes.append(UInt8(ascii: ":"))
    prefix.bytes.append(UInt8(ascii: "{"))
    prefix.writeString(CodecRegistry.payloadBoxKey)
    prefix.bytes.append(UInt8(ascii: ":"))
    taggedPrefix = prefix.bytes.makeArray()
    flatKind = LeadingMember(key: CodecRegistry.flatKindKey, value: codec.kindID.rawValue)
    #if DEBUG
      // Once per codec type per process, at registration: never per value saved or opened.
      ForgottenPropertyWarnings.shared.checkOnce(codecType) { forgottenProperties() }
    #endif
  }

  /// The stored properties of the model that the codec neither writes nor lists in
  /// `notEncoded`, found by reflecting its samples.
  func forgottenProperties() -> [ForgottenProperty] {
    ForgottenProperty.names(in: modelSamples(), manifest: manifest).map {
      ForgottenProperty(
        modelType: ForgottenProperty.shortName(modelTypeName), property: $0,
        codecType: ForgottenProperty.shortName(codecTypeName), declaresFields: declaresFields)
    }
  }

  /// Reads a payload on its own, at `pointer`, in a new decoding context for `session`.
  func decode(_ object: JSONObject, _ session: CodingSession, _ pointer: JSONPointer)
    throws -> Base
  {
    try ValueDecoder.withRoot(session: session, json: .object(object), pointer: pointer) {
      try decodePayload($0, -1)
    }
  }

  /// Brings `payload` from `version` to the codec's current version with the registered steps.
  func upgrade(_ payload: JSONObject, from version: Int, at pointer: @autoclosure () -> JSONPointer)
    throws -> JSONObject
  {
    var current = payload
    var at = version
    while at < payloadVersion {
      guard let step = upgrades[at] else {
        throw PersistenceError(
          .upgradeGap(from: at, to: at + 1), at: pointer(), kindID: kindID, extensionPoint: point)
      }
      current = try step.upgrade(current)
      at += 1
    }
    return current
  }
}

/// The codecs of one extension point, by kind id and by model type.
@usableFromInline
struct CodecTable<Base>: Sendable {
  var byKind: [KindID: RegisteredCodec<Base>] = [:]
  /// Figure: the codec, not its kind id (hashed again): about 0.5 M instructions a save.
  private(set) var byType: [ObjectIdentifier: RegisteredCodec<Base>] = [:] {
    didSet { typeSlots = TypeSlots(byType) }
  }
  /// ``byType`` for the hot path.
  private var typeSlots = TypeSlots<RegisteredCodec<Base>>()

  func codec(forType type: ObjectIdentifier) -> RegisteredCodec<Base>? {
    typeSlots.value(of: type)
  }

  /// Whether one model type may be registered under one kind id only. Filters of the built-in
  /// kinds share the model type `Filter`, so the filter table does not ask it.
  var requiresUniqueTypes = true

  init(requiresUniqueTypes: Bool = true) {
    self.requiresUniqueTypes = requiresUniqueTypes
  }

  /// Adds `codec`; the identical codec again is a no-op, any other clash throws.
  mutating func insert(_ codec: RegisteredCodec<Base>) throws(RegistryError) {
    if let existing = byKind[codec.kindID] {
      if existing.modelType == codec.modelType && existing.codecType == codec.codecType {
        return
      }
      throw .kindIDTaken(
        codec.kindID, point: codec.point, existingType: existing.modelTypeName,
        newType: codec.modelTypeName)
    }
    if requiresUniqueTypes, let existingKind = byType[codec.modelType]?.kindID {
      throw .typeAlreadyRegistered(
        codec.modelTypeName, point: codec.point, existingKind: existingKind,
        newKind: codec.kindID)
    }
    byKind[codec.kindID] = codec
    byType[codec.modelType] = codec
  }

  mutating func merge(_ other: CodecTable<Base>) throws(RegistryError) {
    for kind in other.byKind.keys.sorted() {
      if let codec = other.byKind[kind] { try insert(codec) }
    }
  }
}

/// One codec's encode step: casts the value to the codec's model type, records its losses at
/// the encoder's pointer (when the `Bool` is `true`), and writes it as an object with the given
/// leading member (a flat kind's `kind`); `nil` when the value is not of the model type or the
/// codec left it out (``KeyedEncoder/omitValue()``).
///
/// Figure: a flag, not a closure: a closure parameter was re-abstracted at each call, 2,300
/// allocations and about 0.6 M instructions a save of 1,000 clips.
@usableFromInline
typealias EncodeStep<Base> =
  @Sendable (Base, ValueEncoder, LeadingMember?, _ recordsLosses: Bool)
  throws -> WrittenJSON?

/// Makes `codec`'s encode step, inlinable so that the registration functions, inlined into the
/// module registering a codec, build it specialised for the codec's concrete type: unspecialised,
/// every value saved looked up the generic metadata of `KeyedEncoder<Codec.Key>` at run time.
@inlinable
func makeEncodeStep<Base, Codec: KindCodec>(
  _ codec: Codec, downcast: @escaping @Sendable (Base) -> Codec.Model?
) -> EncodeStep<Base> {
  { value, encoder, leading, recordsLosses throws in
    guard let model = downcast(value) else { return nil }
    if recordsLosses { encoder.record(codec.losses(in: model)) }
    var payload = encoder.keyed(by: Codec.Key.self)
    payload.pending = leading
    do throws {
      try codec.encode(model, to: &payload)
    } catch {
      payload.omitValue()
      payload.finish()
      throw error
    }
    return payload.finish()
  }
}

/// One codec's decode step: reads the payload object a decoder is at; the member at the `Int`
/// position, if not -1, is hidden (a flat payload's `kind`).
@usableFromInline
typealias DecodeStep<Base> = @Sendable (ValueDecoder, Int) throws -> Base

/// Makes `codec`'s decode step, inlinable for the reason ``makeEncodeStep(_:downcast:)`` is.
// Figure: an open of 1,000 clips 36.2 M instructions unspecialised, 35.3 M specialised.
@inlinable
func makeDecodeStep<Base, Codec: KindCodec>(
  _ codec: Codec, upcast: @escaping @Sendable (consuming Codec.Model) -> Base
) -> DecodeStep<Base> {
  // Once per registered codec, not once per value read; handed to the codec's `decode` through
  // the context, so that reading other codecs' payloads costs nothing more.
  let base = DecodingBase.of(codec)
  return { object, hidden throws in
    let payload = try KeyedDecoder<Codec.Key>(
      context: object.contextRef, tape: object.tapeNumber, view: object.tape,
      object: object.index, hiding: hidden, at: object.location)
    guard let base else { return upcast(try codec.decode(from: payload)) }
    let context = object.contextRef.object
    let outer = context.decodingBase
    context.decodingBase = base
    defer { context.decodingBase = outer }
    return upcast(try codec.decode(from: payload))
  }
}

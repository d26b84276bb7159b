import Foundation
import KadrModel

/// The codecs a coder uses: one per kind of clip, overlay, filter and text animation, and one per
/// fixed model type.
///
/// A registry is a value: build it once (``empty`` plus registrations, or a preset such as the
/// `standard` registry of the built-in modules, merged with plugins' fragments) and pass it to the
/// coder. Registration is typed; storage is erased. Encoding finds a codec by the value's dynamic
/// type, decoding by the kind id written in the file.
///
/// Conflicts throw ``RegistryError``: one kind id for two types, or one type under two ids.
/// Registering the identical codec again is a no-op, so fragments can overlap.
public struct CodecRegistry: Sendable {
  /// The five tables, shared by copies of the registry until one of them registers a codec.
  // Figure: holding its tables itself, a registry cost ten retains and releases a copy, 600
  // copies an open of 1,000 clips: 0.4 M instructions (callgrind).
  private var tables = CodecTables()

  /// The tables' box, which keeps the completeness check's result.
  var tablesForCompleteness: CodecTables { tables }

  // Read in place (no copy of a table); changed only through `uniqueTables()`.
  var clips: CodecTable<any Clip> { _read { yield tables.clips } }
  var overlays: CodecTable<any Overlay> { _read { yield tables.overlays } }
  var models: CodecTable<any Sendable> { _read { yield tables.models } }
  var filters: CodecTable<Filter> { _read { yield tables.filters } }
  var textAnimations: CodecTable<any TextAnimation> { _read { yield tables.textAnimations } }

  /// This registry's tables, made its own first (copied when another registry shares them), for
  /// changing them.
  private mutating func uniqueTables() -> CodecTables {
    if isKnownUniquelyReferenced(&tables) {
      tables.incomplete.withLock { $0 = nil }  // the codecs change: check them again
    } else {
      tables = tables.copy()
    }
    return tables
  }

  /// A registry with no codecs.
  public static let empty = CodecRegistry()

  /// Creates an empty registry.
  public init() {}

  /// Registers a clip codec.
  ///
  /// - Parameter codec: The codec.
  /// - Throws: ``RegistryError`` on a conflict or an unusable kind id.
  @inlinable
  public mutating func register<Codec: ClipCodec>(clip codec: Codec) throws {
    try insert(
      into: \.clips,
      RegisteredCodec(
        codec, point: .clip, encode: makeEncodeStep(codec) { exactCast($0, to: Codec.Model.self) },
        decode: makeDecodeStep(codec) { $0 }, upcast: { $0 },
        downcast: { exactCast($0, to: Codec.Model.self) }))
  }

  /// Registers an overlay codec.
  ///
  /// - Parameter codec: The codec.
  /// - Throws: ``RegistryError`` on a conflict or an unusable kind id.
  @inlinable
  public mutating func register<Codec: OverlayCodec>(overlay codec: Codec) throws {
    try insert(
      into: \.overlays,
      RegisteredCodec(
        codec, point: .overlay,
        encode: makeEncodeStep(codec) { exactCast($0, to: Codec.Model.self) },
        decode: makeDecodeStep(codec) { $0 }, upcast: { $0 },
        downcast: { exactCast($0, to: Codec.Model.self) }))
  }

  /// Registers a codec for a filter kind over `Filter` values (as the built-in kinds are).
  ///
  /// The codec's kind id must be the `FilterKind` raw value of the filters it writes.
  /// - Parameter codec: The codec.
  /// - Throws: ``RegistryError`` on a conflict or an unusable kind id.
  @inlinable
  public mutating func register<Codec: FilterCodec>(filter codec: Codec) throws {
    // The model type is `Filter` itself: no cast is needed to reach it.
    try insert(
      into: \.filters,
      RegisteredCodec(
        codec, point: .filter, encode: makeEncodeStep(codec) { $0 },
        decode: makeDecodeStep(codec) { $0 }, upcast: { $0 }, downcast: { $0 }))
  }

  /// Registers a codec for a plugin's filter type, carried by `Filter.custom(_:)`.
  ///
  /// - Parameter codec: The codec; its kind id must be the custom type's `kind`.
  /// - Throws: ``RegistryError`` on a conflict or an unusable kind id.
  @inlinable
  public mutating func register<Codec: CustomFilterCodec>(customFilter codec: Codec)
    throws
  {
    let downcast: @Sendable (Filter) -> Codec.Model? = { filter in
      guard case .custom(let custom) = filter else { return nil }
      return exactCast(custom, to: Codec.Model.self)
    }
    try insert(
      into: \.filters,
      RegisteredCodec(
        codec, point: .filter, encode: makeEncodeStep(codec, downcast: downcast),
        decode: makeDecodeStep(codec) { Filter.custom($0) }, upcast: { Filter.custom($0) },
        downcast: downcast))
  }

  /// Registers a text-animation codec.
  ///
  /// - Parameter codec: The codec.
  /// - Throws: ``RegistryError`` on a conflict or an unusable kind id.
  @inlinable
  public mutating func register<Codec: TextAnimationCodec>(textAnimation codec: Codec)
    throws
  {
    try insert(
      into: \.textAnimations,
      RegisteredCodec(
        codec, point: .textAnimation,
        encode: makeEncodeStep(codec) { exactCast($0, to: Codec.Model.self) },
        decode: makeDecodeStep(codec) { $0 }, upcast: { $0 },
        downcast: { exactCast($0, to: Codec.Model.self) }))
  }

  /// Registers a codec for a fixed model type (the composition, an audio track, …).
  ///
  /// - Parameter codec: The codec.
  /// - Throws: ``RegistryError`` on a conflict or an unusable kind id.
  @inlinable
  public mutating func register<Codec: ModelCodec>(model codec: Codec) throws {
    try insert(
      into: \.models,
      RegisteredCodec(
        codec, point: .model, encode: makeEncodeStep(codec) { exactCast($0, to: Codec.Model.self) },
        decode: makeDecodeStep(codec) { $0 }, upcast: { $0 },
        downcast: { exactCast($0, to: Codec.Model.self) }))
  }

  /// Returns this registry with `other`'s codecs added.
  ///
  /// - Parameter other: Another registry, such as a plugin's fragment.
  /// - Throws: ``RegistryError`` when the two disagree about a kind id or a type.
  public func merging(_ other: CodecRegistry) throws -> CodecRegistry {
    var merged = self
    let tables = merged.uniqueTables()
    try tables.clips.merge(other.clips)
    try tables.overlays.merge(other.overlays)
    try tables.filters.merge(other.filters)
    try tables.textAnimations.merge(other.textAnimations)
    try tables.models.merge(other.models)
    tables.registrations.merge(other.tables.registrations) { mine, _ in mine }
    return merged
  }

  /// Records the Swift that registers the codec of `kind`, a kind this registry has no codec
  /// for, so that opening a document holding it names that fix
  /// (``PersistenceError/Failure/codecRegistration``), as saving a value of a
  /// ``CodecRegistrationHinting`` type does.
  ///
  /// A standard registry notes the kinds that its package's add-on modules write; an app
  /// notes those of plugins it knows of but does not ship.
  ///
  /// - Parameters:
  ///   - registration: Swift a developer can paste at the app's startup, such as
  ///     `"CodecRegistry.bootstrap(try OTIOPlaceholderModule.registry())"`.
  ///   - kind: The kind id a document names.
  public mutating func noteRegistration(_ registration: String, forKind kind: KindID) {
    uniqueTables().registrations[kind] = registration
  }

  /// The Swift that registers the codec of `kind`, when ``noteRegistration(_:forKind:)``
  /// recorded it.
  ///
  /// - Parameter kind: A kind id.
  public func registration(forKind kind: KindID) -> String? {
    tables.registrations[kind]
  }

  /// The kind ids registered at an extension point, sorted.
  ///
  /// - Parameter point: The extension point.
  public func kindIDs(at point: ExtensionPoint) -> [KindID] {
    switch point {
    case .clip: clips.byKind.keys.sorted()
    case .overlay: overlays.byKind.keys.sorted()
    case .filter: filters.byKind.keys.sorted()
    case .textAnimation: textAnimations.byKind.keys.sorted()
    case .model: models.byKind.keys.sorted()
    }
  }

  /// Whether a codec is registered for `kind` at any extension point.
  ///
  /// - Parameter kind: A kind id, as a document names it.
  public func hasCodec(for kind: KindID) -> Bool {
    clips.byKind[kind] != nil || overlays.byKind[kind] != nil || filters.byKind[kind] != nil
      || textAnimations.byKind[kind] != nil || models.byKind[kind] != nil
  }

  /// The kind id under which clips of `type` are written, or `nil` when no codec is registered
  /// for it: for a module that maps clip kinds to another format's objects (an interchange
  /// format writing a kind id beside what it exports).
  ///
  /// - Parameter type: The clip's model type.
  public func clipKindID(of type: any Clip.Type) -> KindID? {
    clips.byType[ObjectIdentifier(type)]?.kindID
  }

  /// The kind id under which overlays of `type` are written, or `nil` when no codec is
  /// registered for it.
  ///
  /// - Parameter type: The overlay's model type.
  public func overlayKindID(of type: any Overlay.Type) -> KindID? {
    overlays.byType[ObjectIdentifier(type)]?.kindID
  }

  /// Whether a codec is registered for `kindID` at `point`.
  ///
  /// - Parameters:
  ///   - kindID: The kind id.
  ///   - point: The extension point.
  public func contains(_ kindID: KindID, at point: ExtensionPoint) -> Bool {
    kindIDs(at: point).contains(kindID)
  }

  // Registration, after the public functions (inlined where a codec is registered) have made
  // the codec's specialised encode step: check the kind id and version, then store the codec.
  @usableFromInline
  mutating func insert<Base>(
    into table: ReferenceWritableKeyPath<CodecTables, CodecTable<Base>>,
    _ codec: RegisteredCodec<Base>
  ) throws(RegistryError) {
    try Self.validate(codec.kindID, codec.payloadVersion)
    try uniqueTables()[keyPath: table].insert(codec)
  }

  static func validate(_ kindID: KindID, _ payloadVersion: Int) throws(RegistryError) {
    let id = kindID.rawValue
    if id.isEmpty { throw .invalidKindID(kindID, reason: "it is empty") }
    if id.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) {
      throw .invalidKindID(kindID, reason: "it contains white space or control characters")
    }
    if payloadVersion < 1 {
      throw .invalidPayloadVersion(kindID, payloadVersion)
    }
  }
}

/// The tables of a ``CodecRegistry``: a class so that copying a registry is one retain. A
/// registry changes its tables only when it holds the only reference to them (it copies them
/// first otherwise), so tables that several registries or threads share are only read.
@usableFromInline
final class CodecTables: @unchecked Sendable {
  // Unchecked for exclusivity: only a registry that holds the sole reference writes them, one
  // access at a time (a checked access cost more than the lookup it guarded).
  @exclusivity(unchecked) @usableFromInline var clips = CodecTable<any Clip>()
  @exclusivity(unchecked) @usableFromInline var overlays = CodecTable<any Overlay>()
  @exclusivity(unchecked) @usableFromInline var models = CodecTable<any Sendable>()
  @exclusivity(unchecked) @usableFromInline var filters = CodecTable<Filter>(
    requiresUniqueTypes: false)
  @exclusivity(unchecked) @usableFromInline var textAnimations = CodecTable<any TextAnimation>()
  /// The Swift that registers the codec of a kind these tables lack, by kind id.
  @exclusivity(unchecked) var registrations: [KindID: String] = [:]
  /// The incomplete codecs' report entries, once checked (``CodingOptions/checksCompleteness``);
  /// a codec's completeness depends on the others (its samples nest them), so it is kept per
  /// set of tables, and forgotten when they change.
  let incomplete = Locked<[CompletenessReport.Entry]?>(nil)

  init() {}

  /// A new box holding the same tables.
  func copy() -> CodecTables {
    let copy = CodecTables()
    copy.clips = clips
    copy.overlays = overlays
    copy.models = models
    copy.filters = filters
    copy.textAnimations = textAnimations
    copy.registrations = registrations
    return copy
  }
}

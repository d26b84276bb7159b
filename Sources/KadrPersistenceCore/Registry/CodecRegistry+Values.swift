import Foundation
import KadrModel

/// Writing and reading single values outside a document: for tests, tools and plugin authors.
extension CodecRegistry {
  /// The result of writing one value: its JSON and what was lost or preserved.
  public struct EncodedValue: Sendable {
    /// The value's JSON, or `nil` when the value could not be written at all (its loss is in
    /// ``lossReport``).
    public let json: JSONValue?
    /// The value's canonical bytes, or `nil` when it could not be written at all.
    ///
    /// Written from ``json`` when asked: the bytes a save writes for the value.
    public var bytes: Data? {
      // The tree holds only finite numbers (the encoder refuses the others) and the writer is
      // given no depth limit, so writing it cannot fail.
      json.flatMap { try? JSONWriter(options: .init(maximumDepth: .max)).writeData($0) }
    }
    /// What was left out, and what was written back without being understood.
    public let lossReport: LossReport
    /// The payload versions other than 1 that were written, by kind.
    public let payloadVersions: [KindID: Int]
    /// The document schema the value needs: ``DocumentEnvelope/currentSchema`` (1), or
    /// ``DocumentEnvelope/newestSchema`` (2) when it holds professional timeline facts (a name,
    /// a role, a marker, an exact speed), which a document must then declare.
    public var schema: Int = DocumentEnvelope.currentSchema
  }

  /// Writes one clip as it appears in a clip list: `{"<kindID>": {"_0": …}}`.
  ///
  /// - Parameters:
  ///   - clip: The clip.
  ///   - options: Loss and limits; loss is always collected, and thrown only when
  ///     ``CodingOptions/allowingLoss`` is `false`.
  ///   - images: Where images are saved.
  /// - Throws: ``PersistenceError``.
  public func encode(
    clip: any Clip, options: CodingOptions = CodingOptions(), images: (any ImageStore)? = nil
  ) throws -> EncodedValue {
    // Written as the first element of a list, so that pointers match ``decodeClip(from:)``'s.
    try encodeValue(options: options, images: images, at: .root.appending(index: 0)) {
      encoder throws in
      try encodeClip(clip, index: 0, list: .root, to: encoder)
    }
  }

  /// Writes one overlay as it appears in the overlay list.
  ///
  /// - Parameters:
  ///   - overlay: The overlay.
  ///   - options: Loss and limits.
  ///   - images: Where images are saved.
  /// - Throws: ``PersistenceError``.
  public func encode(
    overlay: any Overlay, options: CodingOptions = CodingOptions(),
    images: (any ImageStore)? = nil
  ) throws -> EncodedValue {
    try encodeValue(options: options, images: images, at: .root.appending(index: 0)) {
      encoder throws in
      try encodeOverlay(overlay, index: 0, list: .root, to: encoder)
    }
  }

  /// Writes one filter as it appears in a filter list: `{"kind": …}`.
  ///
  /// - Parameters:
  ///   - filter: The filter.
  ///   - options: Loss and limits.
  /// - Throws: ``PersistenceError``.
  public func encode(filter: Filter, options: CodingOptions = CodingOptions())
    throws -> EncodedValue
  {
    try encodeValue(options: options, images: nil) { encoder throws in
      try encodeFilter(filter, to: encoder)
    }
  }

  /// Writes one text animation: `{"kind": …}`.
  ///
  /// - Parameters:
  ///   - textAnimation: The text animation.
  ///   - options: Loss and limits.
  /// - Throws: ``PersistenceError``.
  public func encode(textAnimation: any TextAnimation, options: CodingOptions = CodingOptions())
    throws -> EncodedValue
  {
    try encodeValue(options: options, images: nil) { encoder throws in
      try encodeTextAnimation(textAnimation, to: encoder)
    }
  }

  /// Writes one value of a fixed model type (a composition, an audio track, …).
  ///
  /// - Parameters:
  ///   - model: The value.
  ///   - options: Loss and limits.
  ///   - images: Where images are saved.
  /// - Throws: ``PersistenceError``.
  public func encode<Model: Sendable>(
    model: Model, options: CodingOptions = CodingOptions(), images: (any ImageStore)? = nil
  ) throws -> EncodedValue {
    try encodeValue(options: options, images: images) { encoder throws in
      try encodeModel(model, to: encoder)
    }
  }

  /// Reads one clip written by ``encode(clip:options:images:)``.
  ///
  /// - Parameters:
  ///   - json: The clip's JSON.
  ///   - options: Unknown content and limits.
  ///   - images: Where image tokens are resolved.
  ///   - payloadVersions: The payload versions the document declares, by kind.
  /// - Throws: ``PersistenceError``.
  public func decodeClip(
    from json: JSONValue, options: CodingOptions = CodingOptions(),
    images: (any ImageStore)? = nil, payloadVersions: [KindID: Int] = [:]
  ) throws -> any Clip {
    // Read as the only element of a list, so that pointers match ``encode(clip:options:images:)``'s.
    let clips = try decodeValue(.array([json]), options, images, payloadVersions, decodeClips)
    guard let clip = clips.first else {
      throw PersistenceError(.invalidValue("No clip was decoded"), at: .root)
    }
    return clip
  }

  /// Reads one overlay.
  ///
  /// - Parameters:
  ///   - json: The overlay's JSON.
  ///   - options: Unknown content and limits.
  ///   - images: Where image tokens are resolved.
  ///   - payloadVersions: The payload versions the document declares, by kind.
  /// - Throws: ``PersistenceError``.
  public func decodeOverlay(
    from json: JSONValue, options: CodingOptions = CodingOptions(),
    images: (any ImageStore)? = nil, payloadVersions: [KindID: Int] = [:]
  ) throws -> any Overlay {
    let overlays = try decodeValue(.array([json]), options, images, payloadVersions, decodeOverlays)
    guard let overlay = overlays.first else {
      throw PersistenceError(.invalidValue("No overlay was decoded"), at: .root)
    }
    return overlay
  }

  /// Reads one filter.
  ///
  /// - Parameters:
  ///   - json: The filter's JSON.
  ///   - options: Unknown content and limits.
  ///   - payloadVersions: The payload versions the document declares, by kind.
  /// - Throws: ``PersistenceError``.
  public func decodeFilter(
    from json: JSONValue, options: CodingOptions = CodingOptions(),
    payloadVersions: [KindID: Int] = [:]
  ) throws -> Filter {
    try decodeValue(json, options, nil, payloadVersions, decodeFilter)
  }

  /// Reads one text animation.
  ///
  /// - Parameters:
  ///   - json: The animation's JSON.
  ///   - options: Unknown content and limits.
  ///   - payloadVersions: The payload versions the document declares, by kind.
  /// - Throws: ``PersistenceError``.
  public func decodeTextAnimation(
    from json: JSONValue, options: CodingOptions = CodingOptions(),
    payloadVersions: [KindID: Int] = [:]
  ) throws -> any TextAnimation {
    try decodeValue(json, options, nil, payloadVersions, decodeTextAnimation)
  }

  /// Reads one value of a fixed model type.
  ///
  /// - Parameters:
  ///   - type: The model type.
  ///   - json: The value's JSON.
  ///   - options: Unknown content and limits.
  ///   - images: Where image tokens are resolved.
  /// - Throws: ``PersistenceError``.
  public func decodeModel<Model: Sendable>(
    _ type: Model.Type, from json: JSONValue, options: CodingOptions = CodingOptions(),
    images: (any ImageStore)? = nil
  ) throws -> Model {
    try decodeValue(json, options, images) { try decodeModel(type, from: $0, session: $1) }
  }

  /// Reads one value that knows its JSON form (a time, an animation) outside any payload, for a
  /// module that carries kadr values in another format (OpenTimelineIO's metadata).
  ///
  /// - Parameters:
  ///   - type: The value's type.
  ///   - json: The value's JSON.
  ///   - options: Unknown content and limits.
  /// - Throws: ``PersistenceError``, with pointers relative to `json`.
  public func decodeValue<Value: PersistableValue>(
    _ type: Value.Type, from json: JSONValue, options: CodingOptions = CodingOptions()
  ) throws -> Value {
    try decodeValue(json, options, nil) { decoder, _ in try Value.decodePersisted(from: decoder) }
  }

  /// Reads `json` with `body`, in a session of its own.
  private func decodeValue<Value>(
    _ json: JSONValue, _ options: CodingOptions, _ images: (any ImageStore)?,
    _ payloadVersions: [KindID: Int] = [:], _ body: (ValueDecoder, CodingSession) throws -> Value
  ) throws -> Value {
    let session = CodingSession(registry: self, options: options, images: images)
    session.payloadVersions = payloadVersions
    return try ValueDecoder.withRoot(session: session, json: json, pointer: .root) {
      try body($0, session)
    }
  }

  private func encodeValue(
    options: CodingOptions, images: (any ImageStore)?, at pointer: JSONPointer = .root,
    _ body: (ValueEncoder) throws -> WrittenJSON?
  ) throws -> EncodedValue {
    let session = CodingSession(registry: self, options: options, images: images)
    let written = try session.withRootEncoder(at: pointer, body)
    if !session.losses.isEmpty && !options.allowingLoss {
      throw PersistenceError.lossyContent(session.losses)
    }
    return EncodedValue(
      json: try written.map { try session.tree(of: $0) },
      lossReport: LossReport(losses: session.losses, preserved: session.preserved),
      payloadVersions: session.payloadVersions, schema: session.writtenSchema)
  }
}

import Foundation
import KadrModel

/// Reading clips and overlays: `{"<kindID>": {"_0": payload}}`.
extension CodecRegistry {
  func decodeClips(_ decoder: ValueDecoder, session: CodingSession) throws
    -> [any Clip]
  {
    let elements = try decoder.elements()
    return try decoder.context.nested(at: decoder.location) { () throws in
      var clips: [any Clip] = []
      clips.reserveCapacity(elements.count)
      // Progress counts the composition's own clips (a track is one), each percent once.
      let progress = session.depth == 1 ? session.progress : nil
      let step = max(1, elements.count / 100)
      for (index, element) in elements.enumerated() {
        if let progress, index % step == 0 { progress(Double(index) / Double(elements.count)) }
        session.clipCount += 1
        guard session.clipCount <= session.options.limits.maximumClipCount else {
          throw element.error(
            .limitExceeded(
              "The document holds more than \(session.options.limits.maximumClipCount) clips"))
        }
        clips.append(
          try decodeElement(
            element, cache: decoder.context.clipCodecs, point: .clip, session: session
          ) { $0 })
      }
      return clips
    }
  }

  func decodeOverlays(_ decoder: ValueDecoder, session: CodingSession) throws
    -> [any Overlay]
  {
    let elements = try decoder.elements()
    var overlays: [any Overlay] = []
    overlays.reserveCapacity(elements.count)
    for element in elements {
      overlays.append(
        try decodeElement(
          element, cache: decoder.context.overlayCodecs, point: .overlay, session: session
        ) { $0 })
    }
    return overlays
  }

  /// Reads one element of a clip or overlay list. While every error of a document is collected,
  /// one that cannot be read is recorded and kept as opaque JSON, and reading goes on.
  private func decodeElement<Base>(
    _ element: ValueDecoder, cache: KindCodecCache<Base>, point: ExtensionPoint,
    session: CodingSession, _ wrap: (Preserved<Base>) -> Base
  ) throws -> Base {
    do {
      return try decodeTagged(element, cache: cache, point: point, session: session) {
        kind, json, version in
        wrap(Preserved(kindID: kind, json: json, payloadVersion: version))
      }
    } catch  where session.collect(error) {
      return wrap(Preserved(kindID: Self.unreadable, json: element.json, payloadVersion: 1))
    }
  }

  /// The kind kept in place of a clip or overlay that could not be read (errors collected).
  static let unreadable = KindID("kadr.unreadable")

  private func decodeTagged<Base>(
    _ decoder: ValueDecoder, cache: KindCodecCache<Base>,
    point: ExtensionPoint, session: CodingSession, preserve: (KindID, JSONValue, Int) -> Base
  ) throws -> Base {
    let tape = decoder.tape
    let wrapperKeys =
      tape.tag(at: decoder.index) == .object ? tape.keys(ofObjectAt: decoder.index) : []
    guard wrapperKeys.count == 1, let kindText = wrapperKeys.first else {
      throw decoder.error(
        .invalidValue(
          "A \(point) must be an object with exactly one key, its kind id, such as "
            + "{\"video\": {\"_0\": {…}}}"))
    }
    let kind = KindID(kindText)
    if session.recordedKinds != nil { session.recordedKinds?.insert(kind) }
    let version = session.payloadVersions.isEmpty ? 1 : session.payloadVersions[kind] ?? 1
    guard let codec = cache.codec(for: kindText) else {
      guard session.options.preservingUnknown else {
        throw unknownKind(point, kind, at: decoder.pointer, known: cache)
      }
      return keepUnknown(point, kind, version, decoder, session, preserve)
    }
    let context = decoder.context
    // The path nodes of this clip or overlay are no use once its codec has returned.
    let mark = context.nodeMark
    defer { context.drop(to: mark) }
    let kindLocation = context.location(
      context.enterObject(
        decoder.location, at: decoder.index, tape: decoder.tapeNumber,
        shape: tape.shapeIndex(ofObjectAt: decoder.index)), member: 0)
    let inner = decoder.index + 2
    let boxKeys = tape.tag(at: inner) == .object ? tape.keys(ofObjectAt: inner) : []
    guard boxKeys.count == 1, boxKeys.first == Self.payloadBoxKey,
      tape.tag(at: inner + 2) == .object
    else {
      throw PersistenceError(
        .invalidValue("The \(point) must hold {\"_0\": {…payload…}}"),
        at: context.pointer(of: kindLocation), kindID: kind, extensionPoint: point)
    }
    let payloadLocation = context.location(
      context.enterObject(
        kindLocation, at: inner, tape: decoder.tapeNumber, shape: tape.shapeIndex(ofObjectAt: inner)
      ),
      member: 0)
    let payload = decoder.decoder(at: inner + 2, location: payloadLocation)
    return try decodeKnown(
      payload, hiding: -1, with: codec, kind, version, whole: decoder, session, preserve)
  }
}

extension CodecRegistry {
  /// Keeps content of an unknown kind or a newer payload version verbatim (`preservingUnknown`),
  /// recorded in the session's report and made a preserved value by `preserve`.
  func keepUnknown<Base>(
    _ point: ExtensionPoint, _ kind: KindID, _ version: Int, _ decoder: ValueDecoder,
    _ session: CodingSession, _ preserve: (KindID, JSONValue, Int) -> Base
  ) -> Base {
    session.preserved.append(
      PreservedContent(
        extensionPoint: point, kindID: kind, payloadVersion: version,
        pointer: decoder.pointer.description))
    return preserve(kind, decoder.json, version)
  }

  /// Reads a payload of `kind` with its codec (the member at `hidden`, if not -1, hidden: a
  /// flat payload's `kind`). A payload version newer than the codec's is refused, or kept as
  /// `whole` with `preservingUnknown`; an older one is brought up to date first.
  func decodeKnown<Base>(
    _ payload: ValueDecoder, hiding hidden: Int, with codec: CachedCodec<Base>,
    _ kind: KindID, _ version: Int, whole: ValueDecoder, _ session: CodingSession,
    _ preserve: (KindID, JSONValue, Int) -> Base
  ) throws -> Base {
    if version > codec.payloadVersion {
      guard session.options.preservingUnknown else {
        throw PersistenceError(
          .payloadVersionTooNew(found: version, supported: codec.payloadVersion),
          at: payload.pointer, kindID: kind, extensionPoint: codec.codec.point)
      }
      return keepUnknown(codec.codec.point, kind, version, whole, session, preserve)
    }
    do throws {
      guard version < codec.payloadVersion else { return try codec.decodePayload(payload, hidden) }
      guard case .object(var older) = payload.json else {
        throw payload.typeMismatch(expected: "an object")
      }
      if hidden >= 0 { older[Self.flatKindKey] = nil }
      let upgraded = try codec.codec.upgrade(older, from: version, at: payload.pointer)
      return try codec.decodePayload(payload.replaced(by: .object(upgraded)), -1)
    } catch {
      throw PersistenceError.wrapping(error).attributed(to: kind, at: codec.codec.point)
    }
  }

  /// The refusal of a kind id no codec is registered for, with the registered id it most likely
  /// meant ("sepiaa" → "sepia").
  func unknownKind<Base>(
    _ point: ExtensionPoint, _ kind: KindID, at pointer: JSONPointer,
    known cache: KindCodecCache<Base>
  ) -> PersistenceError {
    var failure = PersistenceError.Failure(
      reason: .unknownKind(point, kind), pointer: pointer, kindID: kind)
    failure.closestMatch = ClosestMatch.of(
      kind.rawValue, in: cache.table.byKind.keys.map(\.rawValue))
    failure.codecRegistration = registration(forKind: kind)
    return .failure(failure)
  }
}

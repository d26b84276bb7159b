import Foundation
import KadrModel

/// Writes one object, key by key, for a codec's `encode` or a value's `encodePersisted`.
///
/// Members are written in place, in any order; ``finish()`` puts them in canonical key order (at
/// no cost when already in it). Nested content goes back through the registry:
/// `encode(clips:for:)` writes a track's children with their registered codecs, so a plugin's
/// clip may hold built-in clips and the other way round. Like ``ValueEncoder``, it is valid while
/// the encoding call that started it runs, and traps with a message saying so when used after.
public struct KeyedEncoder<Key: PayloadKey> {
  /// The save's session, retained (see ``ValueEncoder``). Every way in checks liveness first
  /// (``checkLive()``: ``member(_:_:)``, the scalar members, ``finish()``, ``pointer``, the loss
  /// reports), so the many uses while a member is written skip the check.
  let session: CodingSession

  /// Traps unless the call that started the object is still running.
  @inline(__always)
  func checkLive() {
    position.checkLive(in: session, "KeyedEncoder")
  }

  /// Records that the member being written needs a document of `schema` at least (a built-in
  /// codec's professional timeline facts need ``DocumentEnvelope/newestSchema``), so the
  /// document declares it and older readers refuse it rather than skip the member.
  ///
  /// - Parameter schema: The schema the member belongs to.
  package func requireSchema(_ schema: Int) {
    checkLive()
    if session.writtenSchema < schema { session.writtenSchema = schema }
  }
  /// The keys of `Key`, ready to write (kept alive for good by the process-wide cache).
  let keys: EncodingKeys
  let position: EncodingPosition
  /// Where the object's `{` is.
  let start: Int
  /// Where this object's members begin in the session's member stack.
  let memberBase: Int
  /// Where this object's keys outside its table begin in the session's extra keys.
  let extraBase: Int
  /// Where this object's losses begin in the session's losses.
  let lossBase: Int
  /// Whether the members so far are in strictly ascending key order.
  private var inOrder = true
  /// The key of the last member on the session's stack (written, or left out with losses), as
  /// ``StackedMember/key`` has it; `nil` before the first.
  private var lastKey: Int?
  /// Where to look first for the next member's key in the table: the rank after the last one.
  var hint = 0
  /// Whether the whole value is to be left out (see ``omitValue()``).
  public private(set) var isOmitted = false
  /// A string member the registry adds (a flat kind's `kind`), written at its key-order place
  /// among the codec's members, or at ``finish()``: an in-order codec's object needs no reordering.
  // Figure: one optional member, not an array of them (one made for each filter): a save of
  // 1,000 clips 30.2 M → 28.9 M instructions (callgrind).
  @usableFromInline var pending: LeadingMember? {
    didSet {
      pendingRank =
        pending.map { pending in keys.ranksUpTo(pending.key) }
        ?? .max
    }
  }
  /// The rank from which the table's keys come after the pending member's key.
  private(set) var pendingRank = Int.max

  /// Starts an object at `position`, writing its `{`.
  init(session: CodingSession, position: EncodingPosition) {
    self.session = session
    self.position = position
    start = session.position
    session.output.bytes.append(UInt8(ascii: "{"))
    keys = session.keyTables.table(of: Key.self)
    memberBase = session.members.count
    extraBase = session.extraKeys.count
    lossBase = session.losses.count
  }

  /// The JSON pointer of the object being written.
  public var pointer: JSONPointer {
    checkLive()
    return position.pointer(in: session)
  }

  /// The number of members written so far.
  public private(set) var count = 0

  /// Writes a member under a key of the object's key type. `body` must write exactly one value
  /// with the encoder it is given and return it, or return `nil` to leave the member out.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - body: Writes the value.
  /// - Throws: What `body` throws.
  @inlinable
  public mutating func encode(
    for key: Key, _ body: (ValueEncoder) throws -> WrittenJSON?
  ) throws {
    try member(key.rawValue, body)
  }

  /// Writes a member under any key (the registry adds `kind` to flat payloads this way).
  @usableFromInline
  mutating func member(
    _ key: String, _ body: (ValueEncoder) throws -> WrittenJSON?
  ) throws {
    checkLive()
    let rank = keys.rank(of: key, from: hint)
    if let pending, rank.map({ $0 >= pendingRank }) ?? JSONOutput.precedes(pending.key, key) {
      try writePending()
    }
    try write(key, rank: rank, body)
  }

  /// Writes a member whose key has `rank` in the table (`nil`: a key outside it).
  private mutating func write(
    _ key: String, rank: Int?, _ body: (ValueEncoder) throws -> WrittenJSON?
  ) throws {
    // The key as the member stack and the path keep it: a rank, or a place among extra keys.
    let stacked: Int
    let step: EncodingStep
    if let rank {
      stacked = rank
      hint = rank + 1
      step = EncodingStep(table: keys, value: rank, isKey: true)
    } else {
      stacked = -1 - session.extraKeys.count
      step = EncodingStep(table: nil, value: session.extraKeys.count, isKey: true)
      session.extraKeys.push(key)
    }
    let memberStart = session.output.bytes.count
    if count > 0 { session.output.bytes.append(UInt8(ascii: ",")) }
    let keyStart = session.output.bytes.count
    if let rank {
      session.output.bytes.append(keys.written(at: rank))
    } else {
      session.output.writeString(key)
      session.output.bytes.append(UInt8(ascii: ":"))
    }
    let lossStart = session.losses.count
    guard try session.value(at: step, in: position, since: memberStart, body) != nil else {
      return omitted(stacked, losses: lossStart)
    }
    push(
      StackedMember(
        key: stacked, range: keyStart..<session.output.bytes.count,
        losses: lossStart..<session.losses.count))
  }

  /// Puts a member written on the session's stack, noting whether it is in key order.
  @inline(__always)
  mutating func push(_ member: StackedMember) {
    if let lastKey, !precedes(lastKey, member.key) { inOrder = false }
    lastKey = member.key
    session.members.push(member)
    if !member.isOmitted { count += 1 }
  }

  /// Whether member key `left` precedes `right` canonically (keys as ``StackedMember/key`` has).
  @inline(__always)
  private func precedes(_ left: Int, _ right: Int) -> Bool {
    if left >= 0, right >= 0 { return left < right }
    return JSONOutput.precedes(session.key(left, in: keys), session.key(right, in: keys))
  }

  /// A member whose value was left out: only its reported losses stay, in its key-order place.
  private mutating func omitted(_ key: Int, losses lossStart: Int) {
    guard session.losses.count > lossStart else { return }
    push(
      StackedMember(
        key: key, range: 0..<0, losses: lossStart..<session.losses.count, isOmitted: true))
  }

  /// Writes the pending member, if any (its key is outside the table), straight to the bytes
  /// from those ``LeadingMember`` made at registration, with no value encoder (it cannot fail).
  // Figure: through `write(_:rank:_:)`, about 0.5 M instructions a save of 1,000 clips.
  mutating func writePending() throws {
    guard let next = pending else { return }
    pending = nil
    let stacked = -1 - session.extraKeys.count
    session.extraKeys.push(next.key)
    if count > 0 { session.output.bytes.append(UInt8(ascii: ",")) }
    let keyStart = session.output.bytes.count
    session.output.bytes.append(next.written)
    let losses = session.losses.count
    push(
      StackedMember(
        key: stacked, range: keyStart..<session.output.bytes.count, losses: losses..<losses))
  }

  /// This object's members on the session's stack, with their keys.
  private func stackedMembers() -> [ObjectMember] {
    (memberBase..<session.members.count).map { index in
      let member = session.members[index]
      return ObjectMember(key: session.key(member.key, in: keys), stacked: member)
    }
  }

  /// Ends the object and returns it. Call it once, after the last member.
  ///
  /// - Returns: The object, or `nil` when ``omitValue()`` was called.
  @discardableResult
  public mutating func finish() -> WrittenJSON? {
    checkLive()
    if pending != nil, !isOmitted {
      // Writing a string member cannot fail.
      try? writePending()
    }
    defer {
      session.members.removeAll(from: memberBase)
      session.extraKeys.removeAll(from: extraBase)
    }
    if isOmitted {
      session.discard(since: start)
      return nil
    }
    // Figure: a save of 1,000 clips 81.7 M instructions rewriting every object, 44.8 M so
    // (callgrind); the built-in codecs write their keys in order for it.
    if inOrder {
      session.output.bytes.append(UInt8(ascii: "}"))
      return session.written(since: start)
    }
    session.reorderedObjects += 1
    let members = stackedMembers()
    let ordered = CodingSession.canonicalOrder(of: members[...])
    session.reorderLosses(from: lossBase, members: members[...])
    session.output.bytes.rewriteObject(from: start, segments: ordered.map(\.range))
    return session.written(since: start)
  }

  /// Writes a JSON tree under `key`, as it is.
  ///
  /// - Parameters:
  ///   - json: The tree.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` for a non-finite number in the tree.
  public mutating func encode(json: JSONValue, for key: Key) throws {
    try member(key.rawValue) { encoder throws in try encoder.json(json) }
  }

  /// Writes a list of clips under `key`, each through the codec registered for its type.
  ///
  /// - Parameters:
  ///   - clips: The clips.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` from any clip's codec.
  public mutating func encode(clips: [any Clip], for key: Key) throws {
    let session = self.session
    try member(key.rawValue) { encoder throws in
      try session.registry.encodeClips(clips, to: encoder)
    }
  }

  /// Writes a list of overlays under `key`, each through the codec registered for its type.
  ///
  /// - Parameters:
  ///   - overlays: The overlays.
  ///   - key: The key.
  /// - Throws: ``PersistenceError`` from any overlay's codec.
  public mutating func encode(overlays: [any Overlay], for key: Key) throws {
    let session = self.session
    try member(key.rawValue) { encoder throws in
      try session.registry.encodeOverlays(overlays, to: encoder)
    }
  }

  /// Writes a value of a fixed model type (audio track, preset) via its registered ``ModelCodec``.
  ///
  /// - Parameters:
  ///   - model: The value.
  ///   - key: The key.
  /// - Throws: ``PersistenceError``, also when no codec is registered for the type.
  public mutating func encode<Model: Sendable>(model: Model, for key: Key) throws {
    let session = self.session
    try member(key.rawValue) { encoder throws in
      try session.registry.encodeModel(model, to: encoder)
    }
  }

  /// Writes an optional value of a fixed model type; omits the key when it is `nil`.
  ///
  /// - Parameters:
  ///   - model: The value.
  ///   - key: The key.
  /// - Throws: ``PersistenceError``.
  public mutating func encodeIfPresent<Model: Sendable>(model: Model?, for key: Key)
    throws
  {
    guard let model else { return }
    try encode(model: model, for: key)
  }

  /// Writes a list of values of a fixed model type through its registered ``ModelCodec``.
  ///
  /// - Parameters:
  ///   - models: The values.
  ///   - key: The key.
  /// - Throws: ``PersistenceError``.
  public mutating func encode<Model: Sendable>(models: [Model], for key: Key)
    throws
  {
    let session = self.session
    try member(key.rawValue) { encoder throws in
      var array = encoder.array()
      for model in models {
        try array.append { element throws in
          try session.registry.encodeModel(model, to: element)
        }
      }
      return array.finish()
    }
  }

  /// Writes the token of `image` under `key`, saving the image in the session's store; with no
  /// store, reports loss and omits the key.
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - key: The key.
  /// - Returns: Whether the token was written.
  /// - Throws: ``PersistenceError`` when the store fails.
  @discardableResult
  public mutating func encode(image: PlatformImage, for key: Key) throws -> Bool {
    var written = false
    try member(key.rawValue) { encoder throws in
      guard let token = try encoder.token(for: image) else { return nil }
      written = true
      return encoder.string(token)
    }
    return written
  }

  /// Records that the content of `key` cannot be saved; the key is left out.
  ///
  /// - Parameters:
  ///   - kind: What is lost.
  ///   - key: Where it would have been, or `nil` for the whole payload.
  public func reportLoss(_ kind: Loss.Kind, for key: Key? = nil) {
    checkLive()
    session.recordLoss(kind, at: key.map { pointer.appending(key: $0.rawValue) } ?? pointer)
  }

  /// Leaves the whole value out: for a value that cannot stand without a member that could not
  /// be written (its loss already reported). ``finish()`` then returns `nil`.
  public mutating func omitValue() {
    checkLive()
    isOmitted = true
  }
}

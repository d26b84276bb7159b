import Foundation
import KadrModel

/// Where a value is, as the decoders know it: a container's path node and the value's position
/// in it. Costs no allocation: its JSON pointer is built from the path nodes only when asked for
/// (an error, preserved content), which a successful open never does.
@usableFromInline
struct DecodingLocation {
  /// The path node of the container holding the value.
  @usableFromInline var node: Int
  /// The value's position in the container (a member's position in the node's keys, or an
  /// element's index), or -1 for the value the node itself stands for.
  @usableFromInline var member: Int
  /// The node's ``DecodingContext/Node/serial``: the location is live while its slot has it.
  @usableFromInline var serial: UInt64

  @inlinable
  init(node: Int, member: Int, serial: UInt64) {
    self.node = node
    self.member = member
    self.serial = serial
  }
}

/// The state one open shares among its decoders: the session, the path of every container being
/// read, and the payload shapes already checked.
///
/// A decoder is valid while the decoding call that gave it out runs (as `Decoder`s in `Codable`
/// are): while its path node is in use with the serial number it had when made. Nodes made in a
/// clip, overlay, filter or model codec's `decode` are dropped when it returns, and all when the
/// open ends (``DecodingContexts/giveBack(_:)``), so a decoder kept past its call traps with a
/// clear message (``checkLive(_:_:_:)``) before it reads anything.
///
/// Decoders hold their context as a `Lent` reference, with no reference counting (retaining it
/// cost a quarter of an open): ``DecodingContexts`` lends a context to one open at a time and
/// keeps it between opens, never deallocating it. So a kept decoder's check always reads a live
/// object, and its serial numbers, never repeated in a context, cannot match a later open's
/// nodes. Past the check, a decoder reaches its tape only through the context, by number. The
/// path storage stays as small as the deepest nesting rather than growing with the document.
@usableFromInline
final class DecodingContext {
  /// One step of a path: a container the decoders entered.
  @usableFromInline struct Node: BitwiseCopyable {
    /// The parent's node, or -1 for a base (whose pointer is in ``bases``).
    var parent: Int
    /// Its position in its parent (as ``DecodingLocation/member``); for a base, its index in
    /// ``bases``.
    var member: Int
    /// The object's tape, by its number in ``tapes``; -1 for an array or a base.
    var tape: Int
    /// The object's shape on ``tape``, which names its members.
    var shape: Int
    /// Where the member positions pushed after this node start (see ``positions``).
    var positionStart: Int
    /// For an array: the element last read, and its first word on the tape (-1: none yet).
    var cursorElement = 0
    var cursorWord = -1
    /// Unique in the context: a decoder of this node is live while its (reused) slot holds it.
    @usableFromInline var serial: UInt64 = 0

    /// The value of a slot no node was put in yet.
    static var none: Node { Node(parent: -1, member: -1, tape: -1, shape: 0, positionStart: 0) }
  }

  /// The session of the open the context is lent to; `nil` between opens.
  private var lentTo: CodingSession?
  var session: CodingSession { lentTo! }
  // The state below is only accessed by the decoding thread, one access at a time (none spans a
  // call that could reach it again): run-time exclusivity checks would cost more than accesses.

  /// The path nodes, outermost first: the first ``nodeCount`` in use, the rest reusable slots.
  @exclusivity(unchecked) @usableFromInline var nodes = PlainBuffer(capacity: 64, filler: Node.none)
  /// The number of path nodes in use.
  @exclusivity(unchecked) @usableFromInline var nodeCount = 0
  /// The serial number of the newest node.
  @exclusivity(unchecked) private var lastSerial: UInt64 = 0
  /// Pointers given from outside, where paths start.
  @exclusivity(unchecked) private var bases: [JSONPointer] = []
  /// The first words of the members of the objects being read, each object's in a run (see
  /// ``KeyedDecoder``); the first ``positionCount`` are in use.
  @exclusivity(unchecked) @usableFromInline var positions = PlainBuffer(capacity: 256, filler: 0)
  /// The number of member positions in use.
  @exclusivity(unchecked) @usableFromInline var positionCount = 0
  /// The tapes the decoders read: the document's, and those made from trees (an upgraded
  /// payload, a value given as a tree). Held here, so decoders name them by number, unretained.
  @exclusivity(unchecked) private var tapes: [JSONTape] = []
  /// The words of each of ``tapes``.
  @exclusivity(unchecked) @usableFromInline var views: [JSONTapeView] = []
  /// The payload shapes checked most recently, by a hash of the key type and the keys array.
  @exclusivity(unchecked) var shapes: [PayloadShape?]
  /// This open's payload shapes, by ``PayloadShape/number`` (what decoders and tape notes name).
  @exclusivity(unchecked) @usableFromInline var openShapes: [PayloadShape] = []
  /// What the decoders read of each of ``openShapes`` for every member, as plain data: its
  /// number of keys, and where its ``PayloadShape/positions`` are in ``shapePositions``.
  @exclusivity(unchecked) @usableFromInline var shapeSummaries = PlainBuffer(
    capacity: 64, filler: ShapeSummary(keyCount: 0, positionsStart: 0, positionsCount: 0))
  /// The positions of every one of ``openShapes``, one after another.
  @exclusivity(unchecked) @usableFromInline var shapePositions = PlainBuffer(
    capacity: 512, filler: Int32(-1))
  /// The number of positions in ``shapePositions`` in use.
  @exclusivity(unchecked) var shapePositionCount = 0
  /// This reading's number, unique across readings: what the tapes' notes are remembered for.
  @exclusivity(unchecked) @usableFromInline private(set) var reader: UInt64
  /// The payload shapes pushed out of ``shapes``.
  @exclusivity(unchecked) var shapeOverflow: [ShapeKey: PayloadShape] = [:]
  /// The decoding base of the ``FieldListCodec`` whose payload is being read, innermost; set by
  /// the registry around that codec's `decode` (see ``DecodingBase``).
  @usableFromInline @exclusivity(unchecked) var decodingBase: DecodingBase?

  /// The codecs looked up so far, at each extension point (made for each open's registry).
  private(set) var clipCodecs: KindCodecCache<any Clip>
  private(set) var overlayCodecs: KindCodecCache<any Overlay>
  private(set) var filterCodecs: KindCodecCache<Filter>
  private(set) var textAnimationCodecs: KindCodecCache<any TextAnimation>
  private(set) var modelCodecs: ModelCodecCache

  /// Creates a context lent to `session`; only ``DecodingContexts`` makes them.
  fileprivate init(session: CodingSession, reader: UInt64) {
    lentTo = session
    self.reader = reader
    shapes = Array(repeating: nil, count: PayloadShape.cacheSize)
    (clipCodecs, overlayCodecs, filterCodecs, textAnimationCodecs, modelCodecs) =
      Self.codecCaches(of: session.registry)
  }

  /// Empty caches of `registry`'s codecs, one for each extension point.
  private static func codecCaches(of registry: CodecRegistry) -> (
    KindCodecCache<any Clip>, KindCodecCache<any Overlay>, KindCodecCache<Filter>,
    KindCodecCache<any TextAnimation>, ModelCodecCache
  ) {
    (
      KindCodecCache(table: registry.clips), KindCodecCache(table: registry.overlays),
      KindCodecCache(table: registry.filters), KindCodecCache(table: registry.textAnimations),
      ModelCodecCache(table: registry.models)
    )
  }

  /// Lends the context to `session`, with the caches of its registry.
  fileprivate func lend(to session: CodingSession, reader: UInt64) {
    lentTo = session
    self.reader = reader
    (clipCodecs, overlayCodecs, filterCodecs, textAnimationCodecs, modelCodecs) =
      Self.codecCaches(of: session.registry)
  }

  /// Ends the open: drops every path node (so a decoder still held traps on its next use) and
  /// lets go of the open's tapes, shapes and session. Serial numbers go on from where they are.
  fileprivate func finish() {
    nodeCount = 0
    positionCount = 0
    lentTo = nil
    bases.removeAll()
    tapes.removeAll()
    views.removeAll()
    openShapes.removeAll()
    shapePositionCount = 0
    shapeSummaries.shrink(to: 64, ifAbove: 4_096)
    shapePositions.shrink(to: 512, ifAbove: 65_536)
    shapeOverflow.removeAll()
    for index in shapes.indices { shapes[index] = nil }
    decodingBase = nil
    // A deep document's room is not kept for every later one.
    nodes.shrink(to: 64, ifAbove: 1_024)
    positions.shrink(to: 256, ifAbove: 16_384)
  }

  /// A location standing for the value at `pointer` in the document.
  func base(_ pointer: JSONPointer) -> DecodingLocation {
    bases.append(pointer)
    return location(
      push(
        Node(parent: -1, member: bases.count - 1, tape: -1, shape: 0, positionStart: positionCount)
      ),
      member: -1)
  }

  /// The location of the value at `member` of the container of node `node` (-1: the container
  /// itself), with the node's serial number.
  @inlinable
  func location(_ node: Int, member: Int) -> DecodingLocation {
    DecodingLocation(node: node, member: member, serial: nodes[node].serial)
  }

  /// Traps, naming `type`, unless the path node `node` is in use with serial number `serial`:
  /// the check every decoder makes before it reads.
  @inlinable @inline(__always)
  func checkLive(_ node: Int, _ serial: UInt64, _ type: StaticString) {
    guard node >= 0, node < nodeCount, nodes[node].serial == serial else {
      Self.usedAfterItsCall(type)
    }
  }

  /// The trap of a decoder kept past its call.
  @usableFromInline
  static func usedAfterItsCall(_ type: StaticString) -> Never {
    fatalError(
      "kadr-persistence: a \(type) was used after the call that gave it out returned. Keep "
        + "the values a decoder reads, never the decoder.")
  }

  /// Keeps `tape` alive until the open ends, for this context's decoders; returns its number,
  /// by which they name it (``view(_:)``).
  func hold(_ tape: JSONTape) -> Int {
    tapes.append(tape)
    views.append(tape.view)
    return tapes.count - 1
  }

  /// The words of the tape numbered `tape` (``hold(_:)``); the caller has checked its decoder.
  @inlinable @inline(__always)
  func view(_ tape: Int) -> JSONTapeView { views[tape] }

  /// Enters the array at `location`, returning its node, for its elements' locations.
  @usableFromInline
  func enterArray(_ location: DecodingLocation) -> Int {
    push(
      Node(
        parent: location.node, member: location.member, tape: -1, shape: 0,
        positionStart: positionCount))
  }

  /// Enters the object of shape `shape` at `location` (word `object` of the tape numbered
  /// `tape`), returning its node, for its members' locations.
  @usableFromInline
  func enterObject(_ location: DecodingLocation, at object: Int, tape: Int, shape: Int) -> Int {
    push(
      Node(
        parent: location.node, member: location.member, tape: tape, shape: shape,
        positionStart: positionCount))
  }

  /// Records the first word of each of the `count` members of the object at `object` on
  /// `tape`, returning where the run starts in ``positions``.
  @usableFromInline
  func pushPositions(ofObjectAt object: Int, count: Int, in tape: JSONTapeView) -> Int {
    let start = positionCount
    let needed = start + count
    positions.reserve(needed)
    var word = object + 2
    for index in start..<needed {
      positions[index] = word
      word += tape.span(at: word)
    }
    positionCount = needed
    return start
  }

  /// The first word of element `element` of the array at `array` on `tape`, read through the
  /// array's path node `node`: the next element after the one read last costs one step.
  @usableFromInline
  func word(ofElement element: Int, ofArrayAt array: Int, node: Int, in tape: JSONTapeView)
    -> Int
  {
    var at = nodes[node].cursorElement
    var word = nodes[node].cursorWord
    if word < 0 || element < at {
      at = 0
      word = array + 1
    }
    while at < element {
      word += tape.span(at: word)
      at += 1
    }
    nodes[node].cursorElement = at
    nodes[node].cursorWord = word
    return word
  }

  /// Adds `node` to the path, in the slot of a dropped node if there is one.
  @inline(__always)
  private func push(_ node: Node) -> Int {
    nodes.reserve(nodeCount + 1)
    lastSerial &+= 1
    var node = node
    node.serial = lastSerial
    nodes[nodeCount] = node
    nodeCount += 1
    return nodeCount - 1
  }

  /// The number of path nodes, to give back to ``drop(to:)``.
  var nodeMark: Int { nodeCount }

  /// Drops the path nodes made since `mark` (``nodeMark``), once no decoder can use them.
  func drop(to mark: Int) {
    if mark >= 0, mark < nodeCount {
      positionCount = nodes[mark].positionStart
      nodeCount = mark
    }
  }

  /// The JSON pointer of `location`.
  func pointer(of location: DecodingLocation) -> JSONPointer {
    var components: [JSONPointer.Component] = []
    var nodeIndex = location.node
    var member = location.member
    // Each index is checked, so even a location kept past its decoding call (its nodes
    // dropped) gives a pointer rather than a crash.
    while nodeIndex >= 0, nodeIndex < nodeCount {
      let node = nodes[nodeIndex]
      if member >= 0 {
        if node.tape >= 0, node.tape < tapes.count {
          let keys = tapes[node.tape].keys(ofShape: node.shape)
          if member < keys.count { components.append(.key(keys[member])) }
        } else {
          components.append(.index(member))
        }
      }
      if node.parent < 0 {
        let base = node.member < bases.count ? bases[node.member] : .root
        return components.reversed().reduce(base) { $0.appending($1) }
      }
      nodeIndex = node.parent
      member = node.member
    }
    return JSONPointer(components.reversed())
  }

  /// Runs `body` one level deeper, refusing to go past the depth limit: the session's guard,
  /// with the pointer built only for the error.
  func nested<T>(at location: DecodingLocation, _ body: () throws -> T)
    throws -> T
  {
    try session.nested(at: self.pointer(of: location), body)
  }
}

/// The decoding contexts, lent to one open at a time and kept between opens, never deallocated
/// (a `Keeper`): a decoder kept past its open holds its context as a `Lent` reference, and its
/// check before reading must find a live object (see ``DecodingContext``). There are as many as
/// opens ever ran at once, each a few kilobytes between opens.
enum DecodingContexts {
  private static let keeper = Keeper<DecodingContext>()
  /// The number of the last reading (``DecodingContext/reader``).
  private static let lastReader = Locked<UInt64>(0)

  /// A context lent to `session`'s open until ``giveBack(_:)``.
  static func lend(to session: CodingSession) -> Lent<DecodingContext> {
    let reader = lastReader.withLock {
      $0 += 1
      return $0
    }
    var made = false
    let context = keeper.lend {
      made = true
      return DecodingContext(session: session, reader: reader)
    }
    if !made { context.with { $0.lend(to: session, reader: reader) } }
    return context
  }

  /// Ends the open `context` was lent to and keeps the context for the next.
  static func giveBack(_ context: Lent<DecodingContext>) {
    context.with { $0.finish() }
    keeper.giveBack(context)
  }
}

// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import CZlib
  import Foundation

  /// A list of texts kept in blocks of at most ``blockSize`` (twice that before a block is
  /// split), each block deflated, so that changing, inserting or removing one text inflates
  /// and deflates one block and copies the short list of blocks, not every text, when the list
  /// is shared with an earlier version.
  ///
  /// Figure: a 10,000-clip timeline's texts took 2.3 MB as strings (1.2× its document); the
  /// clips of a timeline are alike, and a block of them deflates to a small part of that.
  struct ClipTexts: Sendable {
    private var blocks: [Block]
    private(set) var count: Int

    static let blockSize = 32

    /// A block's texts that do not inflate: only a fault of the process's memory makes one.
    struct Unreadable: Error {}

    /// Holds `texts`.
    init(_ texts: [String]) {
      blocks = stride(from: 0, to: texts.count, by: Self.blockSize).map {
        Block(Array(texts[$0..<min($0 + Self.blockSize, texts.count)]))
      }
      count = texts.count
    }

    var indices: Range<Int> { 0..<count }

    /// The bytes the blocks hold (their texts as kept, deflated or not).
    var deflatedBytes: Int { blocks.reduce(0) { $0 + $1.deflated.count } }

    /// Every text, in order.
    func all() throws(Unreadable) -> [String] {
      var texts: [String] = []
      texts.reserveCapacity(count)
      for block in blocks { texts += try block.texts() }
      return texts
    }

    /// The block holding element `index`, and its place there; `index` may be `count` (the
    /// end of the last block).
    private func locate(_ index: Int) -> (block: Int, offset: Int) {
      var offset = index
      for (block, texts) in blocks.enumerated() {
        if offset < texts.count { return (block, offset) }
        offset -= texts.count
      }
      return (blocks.count - 1, blocks.last?.count ?? 0)
    }

    /// Text `index`, which must be in ``indices``.
    func text(at index: Int) throws(Unreadable) -> String {
      let (block, offset) = locate(index)
      let joined = try blocks[block].joined()
      return String(decoding: joined[Block.place(of: offset, in: joined)], as: UTF8.self)
    }

    /// Replaces text `index`, which must be in ``indices``.
    mutating func replace(at index: Int, with text: String) throws(Unreadable) {
      let (block, offset) = locate(index)
      let joined = try blocks[block].joined()
      blocks[block] = Block(
        joined, replacing: Block.place(of: offset, in: joined), with: text,
        count: blocks[block].count)
    }

    /// Replaces text `index`, which must be in ``indices``, with what `change` makes of it,
    /// inflating its block once.
    ///
    /// - Throws: ``Unreadable``, or what `change` throws.
    mutating func update(at index: Int, _ change: (String) throws -> String) throws {
      let (block, offset) = locate(index)
      let joined = try blocks[block].joined()
      let place = Block.place(of: offset, in: joined)
      let text = try change(String(decoding: joined[place], as: UTF8.self))
      blocks[block] = Block(joined, replacing: place, with: text, count: blocks[block].count)
    }

    /// Inserts `text` at `index`, which may be ``count``.
    mutating func insert(_ text: String, at index: Int) throws(Unreadable) {
      guard !blocks.isEmpty else {
        blocks = [Block([text])]
        count = 1
        return
      }
      let (block, offset) = locate(index)
      count += 1
      guard blocks[block].count == 2 * Self.blockSize else {
        let joined = try blocks[block].joined()
        blocks[block] = Block(joined, inserting: text, at: offset, count: blocks[block].count)
        return
      }
      var texts = try blocks[block].texts()
      texts.insert(text, at: offset)
      blocks[block] = Block(Array(texts[..<Self.blockSize]))
      blocks.insert(Block(Array(texts[Self.blockSize...])), at: block + 1)
    }

    /// Removes text `index`, which must be in ``indices``.
    mutating func remove(at index: Int) throws(Unreadable) {
      let (block, offset) = locate(index)
      count -= 1
      guard blocks[block].count > 1 else {
        blocks.remove(at: block)
        return
      }
      let joined = try blocks[block].joined()
      blocks[block] = Block(
        joined, removing: Block.place(of: offset, in: joined), count: blocks[block].count)
    }

    // MARK: Comparing two versions

    /// The texts of two lists between their common beginning and common end, as
    /// `LivePatch.middles` finds them; blocks the two share are passed over without inflating.
    static func middles(_ old: ClipTexts, _ new: ClipTexts) throws(Unreadable)
      -> (old: Range<Int>, new: Range<Int>)
    {
      var head = 0
      var block = 0
      while block < old.blocks.count, block < new.blocks.count,
        old.blocks[block] == new.blocks[block]
      {
        head += old.blocks[block].count
        block += 1
      }
      var oldReader = Reader(old)
      var newReader = Reader(new)
      while head < old.count, head < new.count,
        try oldReader.text(at: head) == newReader.text(at: head)
      {
        head += 1
      }
      var tail = 0
      var oldBlock = old.blocks.count - 1
      var newBlock = new.blocks.count - 1
      while oldBlock >= 0, newBlock >= 0, old.blocks[oldBlock] == new.blocks[newBlock],
        tail + old.blocks[oldBlock].count <= min(old.count, new.count) - head
      {
        tail += old.blocks[oldBlock].count
        oldBlock -= 1
        newBlock -= 1
      }
      while tail < old.count - head, tail < new.count - head,
        try oldReader.text(at: old.count - 1 - tail) == newReader.text(at: new.count - 1 - tail)
      {
        tail += 1
      }
      return (head..<(old.count - tail), head..<(new.count - tail))
    }

    /// The indices in `range` where `self` and `other` (as many texts) differ; blocks the two
    /// share are passed over without inflating.
    func differences(from other: ClipTexts, in range: Range<Int>) throws(Unreadable) -> [Int] {
      var found: [Int] = []
      var mine = Reader(self)
      var theirs = Reader(other)
      var index = range.lowerBound
      // The block of each list holding `index`, and the text each begins at: both walk once.
      var (block, start) = (0, 0)
      var (theirBlock, theirStart) = (0, 0)
      while index < range.upperBound {
        while block < blocks.count, start + blocks[block].count <= index {
          start += blocks[block].count
          block += 1
        }
        while theirBlock < other.blocks.count,
          theirStart + other.blocks[theirBlock].count <= index
        {
          theirStart += other.blocks[theirBlock].count
          theirBlock += 1
        }
        // A whole block the two share, where both lists begin a block at the same place.
        if index == start, index == theirStart, block < blocks.count,
          theirBlock < other.blocks.count, other.blocks[theirBlock] == blocks[block]
        {
          index = start + blocks[block].count
          continue
        }
        if try mine.text(at: index) != theirs.text(at: index) { found.append(index) }
        index += 1
      }
      return found
    }

    /// Reads texts by index, inflating each block once while reading near it.
    private struct Reader {
      let texts: ClipTexts
      private var cached: (block: Int, start: Int, texts: [String])?

      init(_ texts: ClipTexts) {
        self.texts = texts
      }

      mutating func text(at index: Int) throws(Unreadable) -> String {
        if let cached, index >= cached.start, index < cached.start + cached.texts.count {
          return cached.texts[index - cached.start]
        }
        let (block, offset) = texts.locate(index)
        let read = try texts.blocks[block].texts()
        cached = (block, index - offset, read)
        return read[offset]
      }
    }
  }

  extension ClipTexts {
    /// Texts joined by a zero byte (which JSON text never holds) and deflated at zlib's
    /// fastest level.
    fileprivate struct Block: Sendable, Equatable {
      let count: Int
      /// The joined texts' length in bytes.
      let length: Int
      let deflated: [UInt8]

      init(_ texts: [String]) {
        var joined: [UInt8] = []
        joined.reserveCapacity(texts.reduce(texts.count) { $0 + $1.utf8.count })
        for (index, text) in texts.enumerated() {
          if index > 0 { joined.append(0) }
          joined += text.utf8
        }
        self.init(joined: joined, count: texts.count)
      }

      private init(joined: [UInt8], count: Int) {
        self.count = count
        length = joined.count
        deflated = Self.deflate(joined) ?? joined
      }

      /// The `count` texts `joined` with the text at `place` replaced by `text`.
      init(_ joined: [UInt8], replacing place: Range<Int>, with text: String, count: Int) {
        var changed = joined
        changed.replaceSubrange(place, with: text.utf8)
        self.init(joined: changed, count: count)
      }

      /// The `count` texts `joined` with `text` inserted as text `offset` (which may be
      /// `count`).
      init(_ joined: [UInt8], inserting text: String, at offset: Int, count: Int) {
        var changed = joined
        if offset == count {
          changed.append(0)
          changed += text.utf8
        } else {
          let start = Self.place(of: offset, in: joined).lowerBound
          changed.replaceSubrange(start..<start, with: Array(text.utf8) + [0])
        }
        self.init(joined: changed, count: count + 1)
      }

      /// The `count` texts `joined` (more than one) without the text at `place` and a
      /// separator beside it.
      init(_ joined: [UInt8], removing place: Range<Int>, count: Int) {
        var changed = joined
        if place.upperBound < joined.count {
          changed.removeSubrange(place.lowerBound...place.upperBound)
        } else {
          changed.removeSubrange((place.lowerBound - 1)..<place.upperBound)
        }
        self.init(joined: changed, count: count - 1)
      }

      /// Where text `offset` is in `joined`: the bytes between the zero bytes around it.
      static func place(of offset: Int, in joined: [UInt8]) -> Range<Int> {
        var start = 0
        var seen = 0
        var index = 0
        while index < joined.count {
          if joined[index] == 0 {
            if seen == offset { return start..<index }
            seen += 1
            start = index + 1
          }
          index += 1
        }
        return start..<joined.count
      }

      /// The texts joined, as they were given.
      func joined() throws(Unreadable) -> [UInt8] {
        // A block that does not shrink is kept as it is: then it is as long as the texts.
        if deflated.count == length { return deflated }
        guard let joined = inflate() else { throw Unreadable() }
        return joined
      }

      /// The texts, in order.
      func texts() throws(Unreadable) -> [String] {
        let joined = try joined()
        let texts = joined.split(separator: 0, omittingEmptySubsequences: false).map {
          String(decoding: $0, as: UTF8.self)
        }
        guard texts.count == count else { throw Unreadable() }
        return texts
      }

      /// A raw deflate stream (no header, no checksum: the bytes never leave the process) with
      /// a 4 KiB window, which reaches the clip before (a clip's text is a few hundred bytes)
      /// and keeps zlib's set-up small.
      private static let windowBits: Int32 = -12
      private static let memoryLevel: Int32 = 6

      private static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard
          deflateInit2_(
            &stream, Z_BEST_SPEED, Z_DEFLATED, windowBits, memoryLevel, Z_DEFAULT_STRATEGY,
            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        let capacity = Int(deflateBound(&stream, uLong(bytes.count)))
        let (status, output) = Self.finish(&stream, bytes, into: capacity) {
          CZlib.deflate(&$0, Z_FINISH)
        }
        guard status == Z_STREAM_END, output.count < bytes.count else { return nil }
        return output
      }

      private func inflate() -> [UInt8]? {
        var stream = z_stream()
        guard
          inflateInit2_(
            &stream, Self.windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { inflateEnd(&stream) }
        let (status, output) = Self.finish(&stream, deflated, into: length) {
          CZlib.inflate(&$0, Z_FINISH)
        }
        guard status == Z_STREAM_END, output.count == length else { return nil }
        return output
      }

      /// Runs `call` once on `stream`, set up (by the caller) to read all of `input` and write
      /// into `capacity` bytes; returns its status and the bytes it wrote.
      private static func finish(
        _ stream: inout z_stream, _ input: [UInt8], into capacity: Int,
        _ call: (inout z_stream) -> Int32
      ) -> (status: Int32, output: [UInt8]) {
        var source = input
        var output = [UInt8](repeating: 0, count: capacity)
        let status = source.withUnsafeMutableBufferPointer { source in
          output.withUnsafeMutableBufferPointer { target in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            stream.next_out = target.baseAddress
            stream.avail_out = uInt(target.count)
            return call(&stream)
          }
        }
        let written = Int(stream.total_out)
        return (status, written == capacity ? output : Array(output[..<written]))
      }
    }
  }
#endif

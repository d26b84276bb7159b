import Foundation

/// A strict RFC 8259 JSON reader that says where a document is wrong.
///
/// It refuses what a lenient parser lets through and a person wants to know about: duplicate
/// keys, non-UTF-8 bytes, unpaired `\u` surrogates, raw control characters in strings, numbers
/// outside JSON's grammar (`01`, `+1`, `.5`, `1.`), `NaN`, `Infinity`, numbers too large for a
/// `Double`, a byte order mark, an empty document, anything but whitespace after the value, and
/// nesting deeper than ``Options/maximumDepth``. The parser is iterative, so a hostile document
/// nested 100 000 deep is refused at the limit without touching the stack.
///
/// Numbers: a literal without fraction or exponent that fits `Int64` reads as
/// ``JSONValue/integer(_:)``, except `-0`, read as `.number(-0.0)` so that its sign survives a
/// round trip. Every other number reads as ``JSONValue/number(_:)``, correctly rounded (`1.0` as
/// `.number(1)`; an integer beyond `Int64` as the nearest `Double`).
package struct JSONReader: Sendable {
  /// Limits the reader enforces; each is checked before the work it guards.
  package struct Options: Sendable, Equatable {
    /// How many arrays and objects may be nested: `[[1]]` is 2 deep. Default 512.
    public var maximumDepth: Int
    /// The largest document accepted, in bytes; `nil` for no limit (the default).
    public var maximumDocumentSize: Int?
    /// The longest string or key, in UTF-8 bytes once unescaped; `nil` for no limit (the default).
    public var maximumStringLength: Int?
    /// The most values a document may hold (objects, arrays, strings, numbers, booleans, nulls at
    /// any depth; not keys); `nil` for no limit (the default). Bounds memory, which goes per value.
    public var maximumValueCount: Int?

    /// Creates reader options.
    ///
    /// - Parameters:
    ///   - maximumDepth: How many arrays and objects may be nested. Default 512.
    ///   - maximumDocumentSize: The largest document, in bytes; `nil` for no limit.
    ///   - maximumStringLength: The longest string, in UTF-8 bytes; `nil` for no limit.
    ///   - maximumValueCount: The most values; `nil` for no limit.
    public init(
      maximumDepth: Int = 512, maximumDocumentSize: Int? = nil, maximumStringLength: Int? = nil,
      maximumValueCount: Int? = nil
    ) {
      self.maximumDepth = maximumDepth
      self.maximumDocumentSize = maximumDocumentSize
      self.maximumStringLength = maximumStringLength
      self.maximumValueCount = maximumValueCount
    }
  }

  /// The limits this reader enforces.
  package var options: Options

  /// Creates a reader.
  ///
  /// - Parameter options: The limits to enforce.
  package init(options: Options = Options()) {
    self.options = options
  }

  /// Reads a document held in UTF-8 bytes.
  ///
  /// - Parameter bytes: The document.
  /// - Returns: The document's value.
  /// - Throws: ``JSONReadError`` saying what is wrong and where.
  package func read(_ bytes: [UInt8]) throws(JSONReadError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer in readResult(buffer) }.get()
  }

  /// Reads a document held in UTF-8 bytes.
  ///
  /// - Parameter data: The document.
  /// - Returns: The document's value.
  /// - Throws: ``JSONReadError`` saying what is wrong and where.
  package func read(_ data: Data) throws(JSONReadError) -> JSONValue {
    try data.withUnsafeBytes { raw in readResult(raw.bindMemory(to: UInt8.self)) }.get()
  }

  /// Reads a document held in UTF-8 bytes, copying them first if they are not contiguous.
  ///
  /// - Parameter bytes: The document.
  /// - Returns: The document's value.
  /// - Throws: ``JSONReadError`` saying what is wrong and where.
  package func read(_ bytes: some Collection<UInt8>) throws(JSONReadError) -> JSONValue {
    if let result = bytes.withContiguousStorageIfAvailable({ readResult($0) }) {
      return try result.get()
    }
    return try read(Array(bytes))
  }

  /// Reads a document held in a string.
  ///
  /// - Parameter text: The document.
  /// - Returns: The document's value.
  /// - Throws: ``JSONReadError`` saying what is wrong and where.
  package func read(_ text: String) throws(JSONReadError) -> JSONValue {
    try read(Array(text.utf8))
  }

  /// Reads a document onto a tape, which the decoders read without a tree, and runs `body`
  /// with the tape (or what is wrong with the document) while the document's bytes, from which
  /// the tape's plain strings are read (``JSONTape/reading(_:_:)``), are held.
  ///
  /// - Parameters:
  ///   - document: The document's bytes.
  ///   - body: Given the tape, whose root value is at word 0, or the ``JSONReadError`` saying
  ///     what is wrong and where.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package func withTape<Value>(
    of document: Data, _ body: (Result<JSONTape, JSONReadError>) throws -> Value
  ) rethrows -> Value {
    try document.withUnsafeBytes { raw in
      let read = tapeResult(raw.bindMemory(to: UInt8.self)).map { $0.finish() }
      guard case .success(let tape) = read else { return try body(read) }
      return try tape.reading(raw) { try body(read) }
    }
  }

  /// Parses a buffer into a tree, returning the failure rather than throwing it, so that
  /// closures of `withUnsafeBytes` (which rethrow untyped errors) keep the error's type.
  private func readResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONReadError>
  {
    tapeResult(buffer).map { writer in
      writer.finish().value(at: 0, in: UnsafeRawBufferPointer(buffer))
    }
  }

  /// Parses a buffer onto a tape.
  private func tapeResult(_ buffer: UnsafeBufferPointer<UInt8>)
    -> Result<JSONTapeWriter, JSONReadError>
  {
    #if DEBUG
      Self.readCount?.increment()
    #endif
    var parser = JSONParser(bytes: buffer, options: options)
    do {
      try parser.parseDocument()
      return .success(parser.takeTape())
    } catch {
      return .failure(error)
    }
  }
}

#if DEBUG
  extension JSONReader {
    /// Debug builds: counts the documents read by the current task while one is bound, so that a
    /// test can prove a path reads nothing back (a value written and parsed again is work done
    /// twice). A task-local, so that the tests running beside it count nothing into it.
    @TaskLocal static var readCount: ReadCount?

    /// A count of documents read, bound to a task with ``JSONReader/readCount``.
    final class ReadCount: Sendable {
      private let value = Locked(0)

      /// Creates a count of zero.
      package init() {}

      /// The documents read so far.
      package var count: Int { value.withLock { $0 } }

      /// Counts one more document.
      package func increment() { value.withLock { $0 += 1 } }
    }
  }
#endif

// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation

  /// Text copied out of libpq with a bound: a server may send an error of hundreds of mebibytes,
  /// which would otherwise be copied whole into the thrown error and printed.
  enum BoundedText {
    /// The NUL-terminated text at `pointer`, at most `limit` bytes of it; a longer text is cut
    /// (at a character boundary) and says how long it was.
    static func copy(_ pointer: UnsafePointer<CChar>, limit: Int) -> String {
      let length = strnlen(pointer, limit + 1)
      let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
      guard length > limit else { return String(decoding: bytes, as: UTF8.self) }
      var kept = String(decoding: bytes.prefix(limit), as: UTF8.self)
      // A character cut in half decodes as U+FFFD at the end: drop it.
      if kept.last == "\u{FFFD}" { kept.removeLast() }
      return kept + "… (cut at \(limit) bytes)"
    }
  }
#endif

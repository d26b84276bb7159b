// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation

  /// Statement parameters laid out as `PQexecParams` takes them: one array each of types,
  /// lengths and formats, and every value's bytes in one buffer, which is pinned while libpq
  /// reads it.
  struct ParameterBuffer {
    private(set) var types: [UInt32] = []
    private(set) var lengths: [Int32] = []
    private(set) var formats: [Int32] = []
    /// Where each value starts in `storage`, `nil` for SQL `NULL`.
    private var offsets: [Int?] = []
    /// The values' bytes; text values end with a NUL, as libpq reads them as C strings. Never
    /// empty (it ends with a spare NUL) so that its base address is never `nil` and an empty
    /// value is not taken for `NULL`.
    private var storage: [UInt8] = []

    /// Lays out parameters.
    ///
    /// - Parameter parameters: The values of `$1`, `$2`, …, `nil` for `NULL`.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/invalidRequest`` for a text with
    ///   a NUL character, or a value too large for the protocol.
    init(_ parameters: [PostgresValue?]) throws {
      for (index, parameter) in parameters.enumerated() {
        switch parameter {
        case nil:
          append(type: PostgresType.unspecified, bytes: nil, format: 0)
        case .string(let text):
          guard !text.utf8.contains(0) else {
            throw PostgresError(
              kind: .invalidRequest,
              message: "Parameter $\(index + 1) contains a NUL character, which PostgreSQL text "
                + "cannot hold; send it as Data (bytea) instead.")
          }
          append(type: PostgresType.unspecified, bytes: Array(text.utf8) + [0], format: 0)
        case .int(let number):
          append(type: PostgresType.int8, bytes: Array(String(number).utf8) + [0], format: 0)
        case .bool(let flag):
          append(type: PostgresType.bool, bytes: [UInt8(ascii: flag ? "t" : "f"), 0], format: 0)
        case .data(let bytes):
          guard bytes.count < 1 << 30 else {
            throw PostgresError(
              kind: .invalidRequest,
              message: "Parameter $\(index + 1) holds \(bytes.count) bytes, more than one "
                + "PostgreSQL value can (1 GB).")
          }
          append(type: PostgresType.bytea, bytes: [UInt8](bytes), format: 1)
        }
      }
      storage.append(0)
    }

    private mutating func append(type: UInt32, bytes: [UInt8]?, format: Int32) {
      types.append(type)
      formats.append(format)
      // The length matters for binary values only; text values are read up to their NUL.
      lengths.append(format == 1 ? Int32(clamping: bytes?.count ?? 0) : 0)
      if let bytes {
        offsets.append(storage.count)
        storage += bytes
      } else {
        offsets.append(nil)
      }
    }

    /// Calls `body` with a pointer to each value (`nil` for `NULL`), valid only during the call.
    func withValues<R>(_ body: ([UnsafePointer<CChar>?]) -> R) -> R {
      storage.withUnsafeBytes { bytes in
        let values = offsets.map { offset -> UnsafePointer<CChar>? in
          guard let offset, let base = bytes.baseAddress else { return nil }
          return (base + offset).assumingMemoryBound(to: CChar.self)
        }
        return body(values)
      }
    }
  }
#endif

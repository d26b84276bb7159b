import Foundation

/// One autosave: a header line (sequence, time, the project's fields and metadata, and the
/// document's length and checksum), then the document's bytes.
///
/// A project has two slots and each autosave overwrites the older, so even if a write were
/// torn the newer intact one is still there. A slot whose length or checksum does not match is
/// never offered.
struct AutosaveSlot: Sendable {
  struct Header: Codable, Sendable {
    var format: Int
    var sequence: Int
    var saved: Date
    var project: MetadataEnvelope
    var documentBytes: Int
    var checksum: String
  }

  var header: Header
  var document: Data

  init(sequence: Int, saved: Date, project: MetadataEnvelope, document: Data) {
    header = Header(
      format: 1, sequence: sequence, saved: saved, project: project,
      documentBytes: document.count, checksum: Checksum.of(document))
    self.document = document
  }

  /// The slot's bytes.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(header) + Data("\n".utf8) + document
  }

  /// The largest sequence number a slot may carry: one autosave a millisecond would take
  /// 285,000 years to reach it, and the next number (one more) can never overflow. A slot with
  /// a larger one was not written by this library and is never offered.
  static let maximumSequence = 1 << 53

  /// Reads a slot of at most `limit` bytes, or returns `nil` when it is missing, larger, torn
  /// or not a slot (its sequence number out of range included).
  static func read(_ url: URL, limit: Int) -> AutosaveSlot? {
    guard let data = try? BoundedRead.bytes(atPath: url.path, limit: limit),
      let newline = data.firstIndex(of: UInt8(ascii: "\n"))
    else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    guard let header = try? decoder.decode(Header.self, from: data[data.startIndex..<newline]),
      header.format == 1, (0...maximumSequence).contains(header.sequence)
    else { return nil }
    let document = Data(data[(newline + 1)...])
    guard document.count == header.documentBytes, Checksum.of(document) == header.checksum
    else { return nil }
    return AutosaveSlot(header: header, document: document)
  }

  private init(header: Header, document: Data) {
    self.header = header
    self.document = document
  }
}

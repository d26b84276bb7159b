import Foundation
import KadrPersistence

/// The state shared by every input: the image store and the probe that uses it.
struct FuzzTarget: Sendable {
  /// The store `file:` tokens resolve in: the directory in `KADR_FUZZ_IMAGES`, or a fresh
  /// temporary one, holding the generator's images (content-addressed, so the tokens in the
  /// seed documents resolve).
  let store: FileImageStore
  let probe: DocumentProbe

  static let shared = FuzzTarget()

  /// Whether this run fuzzes the OpenTimelineIO importer (`KADR_FUZZ_TARGET=otio`) instead of
  /// the document reader and decoder.
  static let isOTIO = ProcessInfo.processInfo.environment["KADR_FUZZ_TARGET"] == "otio"

  /// The importer's probe.
  static let otio = OTIOProbe()

  /// Whether this run fuzzes the strict JSON reader alone (`KADR_FUZZ_TARGET=json`).
  static let isJSON = ProcessInfo.processInfo.environment["KADR_FUZZ_TARGET"] == "json"

  /// The reader's probe.
  static let json = JSONProbe()

  /// Whether this run fuzzes the FCPXML importer (`KADR_FUZZ_TARGET=fcpxml`).
  static let isFCPXML = ProcessInfo.processInfo.environment["KADR_FUZZ_TARGET"] == "fcpxml"

  /// The FCPXML importer's probe.
  static let fcpxml = FCPXMLProbe()

  private init() {
    let environment = ProcessInfo.processInfo.environment
    let directory =
      environment["KADR_FUZZ_IMAGES"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "kadr-fuzz-images-\(ProcessInfo.processInfo.processIdentifier)")
    do {
      let store = try FileImageStore(directory: directory)
      for image in CompositionGenerator.images { _ = try store.token(for: image) }
      self.store = store
    } catch {
      print("fuzz: cannot prepare the image store at \(directory.path): \(error)")
      exit(1)
    }
    probe = DocumentProbe(images: store)
  }

  /// The probe mode for an input: its FNV-1a hash modulo the number of modes.
  func mode(for bytes: [UInt8]) -> Int {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return Int(hash % UInt64(probe.modes.count))
  }

  /// Prints what failed and the input, before the harness aborts.
  static func report(_ problems: [String], for bytes: [UInt8]) {
    var message = "\n== kadr fuzz: an invariant does not hold ==\n"
    for problem in problems { message += "- \(problem)\n" }
    message += "input (\(bytes.count) bytes): "
    message += String(decoding: bytes.prefix(2_000), as: UTF8.self) + "\n"
    FileHandle.standardError.write(Data(message.utf8))
  }
}

import Foundation
import KadrOTIO
import KadrPersistence

extension LimitsBenchmark {
  /// Documents within the size limit whose shape, not size, is the attack: as many values as
  /// the bytes allow.
  static func shapeCases() -> [Case] {
    let coder = KadrCoder()
    let limit = DocumentLimits.default.maximumDocumentBytes
    let valueLimit = DocumentLimits.default.maximumValueCount
    // `[0,0,…,0]`: two bytes a value, the densest a document can be.
    func zeros(_ count: Int) -> Data {
      var bytes = [UInt8](repeating: UInt8(ascii: ","), count: 2 * count + 1)
      bytes[0] = UInt8(ascii: "[")
      for index in 0..<count { bytes[2 * index + 1] = UInt8(ascii: "0") }
      bytes[bytes.count - 1] = UInt8(ascii: "]")
      return Data(bytes)
    }
    let dense = zeros((limit - 2) / 2)
    let prefix = Data(#"{"schema":1,"video":{"clips":"#.utf8)
    let underLimit = prefix + zeros(valueLimit - 4) + Data("}}".utf8)
    let objects = String(repeating: "{},", count: (limit - 2) / 3 - 1)
    let emptyObjects = Data(("[" + objects + "{}]").utf8)
    // Every other dense shape, 64 MiB each: the tape's worst cases and the keys' (objects with
    // keys never seen before, one object wide, or many objects of one key each).
    let size = 64 << 20
    func repeated(_ element: String, count: Int, open: String = "[", close: String = "]")
      -> Data
    {
      var text = open
      text.reserveCapacity(count * (element.utf8.count + 1) + 2)
      for index in 0..<count {
        if index > 0 { text += "," }
        text += element
      }
      return Data((text + close).utf8)
    }
    let doubles = repeated("1.5", count: size / 4)
    let strings = repeated(#""ab""#, count: size / 5)
    let escaped = repeated(#""\n""#, count: size / 5)
    let wide = Data(
      ("{" + (0..<(size / 12)).map { #""k\#(String($0, radix: 36))":0"# }.joined(separator: ",")
        + "}").utf8)
    let oneKeyObjects = Data(
      ("[" + (0..<(size / 14)).map { #"{"k\#(String($0, radix: 36))":0}"# }.joined(separator: ",")
        + "]").utf8)
    return [
      Case(name: "512 MiB of [0,0,…] (268 M values)", size: dense.count) {
        _ = try coder.video(from: dense)
      },
      Case(name: "512 MiB of [{},{},…] (179 M values)", size: emptyObjects.count) {
        _ = try coder.video(from: emptyObjects)
      },
      Case(
        name:
          "\(valueLimit / 1_000_000) M values (\(underLimit.count >> 20) MiB), within the limit; refused by the decoder",
        size: underLimit.count
      ) {
        _ = try coder.video(from: underLimit)
      },
      Case(name: "64 MiB of [1.5,1.5,…]", size: doubles.count) {
        _ = try coder.video(from: doubles)
      },
      Case(name: "64 MiB of [\"ab\",\"ab\",…]", size: strings.count) {
        _ = try coder.video(from: strings)
      },
      Case(name: "64 MiB of [\"\\n\",…] (escapes)", size: escaped.count) {
        _ = try coder.video(from: escaped)
      },
      Case(name: "64 MiB: one object of distinct keys", size: wide.count) {
        _ = try coder.video(from: wide)
      },
      Case(name: "64 MiB of [{\"k0\":0},{\"k1\":0},…] (a new key each)", size: oneKeyObjects.count)
      {
        _ = try coder.video(from: oneKeyObjects)
      },
    ]
  }
}

extension LimitsBenchmark {
  /// `.otio` files: as many clips as the size limit allows, and as many as the importer's
  /// clip limit allows.
  static func otioCases() -> [Case] {
    let clip =
      #"{"OTIO_SCHEMA":"Clip.2","name":"c","source_range":{"OTIO_SCHEMA":"TimeRange.1","#
      + #""start_time":{"OTIO_SCHEMA":"RationalTime.1","rate":24,"value":0},"#
      + #""duration":{"OTIO_SCHEMA":"RationalTime.1","rate":24,"value":24}},"#
      + #""media_references":{"DEFAULT_MEDIA":{"OTIO_SCHEMA":"ExternalReference.1","#
      + #""target_url":"file:///c.mov"}},"active_media_reference_key":"DEFAULT_MEDIA"}"#
    func timeline(clips count: Int) -> Data {
      let head =
        #"{"OTIO_SCHEMA":"Timeline.1","tracks":{"OTIO_SCHEMA":"Stack.1","children":["#
        + #"{"OTIO_SCHEMA":"Track.1","kind":"Video","children":["#
      var bytes = [UInt8](head.utf8)
      bytes.reserveCapacity(head.utf8.count + count * (clip.utf8.count + 1) + 8)
      for index in 0..<count {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: clip.utf8)
      }
      bytes.append(contentsOf: "]}]}}".utf8)
      return Data(bytes)
    }
    let limit = DocumentLimits.default.maximumDocumentBytes
    let most = (limit - 200) / (clip.utf8.count + 1)
    let huge = timeline(clips: most)
    let allowed = timeline(clips: OTIOImporter.defaultMaximumClipCount)
    let past = timeline(clips: OTIOImporter.defaultMaximumClipCount + 1)
    return [
      Case(name: "a .otio of \(most) clips (\(huge.count >> 20) MiB), OTIOImporter") {
        _ = try OTIOImporter().importTimeline(from: huge)
      },
      Case(name: "a .otio of 100,001 clips, OTIOImporter") {
        _ = try OTIOImporter().importTimeline(from: past)
      },
      Case(name: "a .otio of 100,000 clips (the limit), OTIOImporter", refused: false) {
        _ = try OTIOImporter().importTimeline(from: allowed)
      },
    ]
  }
}

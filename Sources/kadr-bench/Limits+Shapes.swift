import Foundation
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
    return [
      Case(name: "512 MiB of [0,0,…] (268 M values)") { _ = try coder.video(from: dense) },
      Case(name: "512 MiB of [{},{},…] (179 M values)") { _ = try coder.video(from: emptyObjects) },
      Case(
        name:
          "\(valueLimit / 1_000_000) M values (\(underLimit.count >> 20) MiB), within the limit; refused by the decoder"
      ) {
        _ = try coder.video(from: underLimit)
      },
    ]
  }
}

extension LimitsBenchmark {
  static func otioCases() -> [Case] { [] }
}

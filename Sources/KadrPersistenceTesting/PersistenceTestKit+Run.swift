import Foundation
import KadrPersistence

extension PersistenceTestKit {
  /// What an encoding step returns: the JSON (or `nil` when nothing was written), the loss report
  /// and the payload versions written.
  typealias Encoded = (json: JSONValue?, report: LossReport, versions: [KindID: Int])

  /// The parts of a single value's encoding that a round trip uses.
  static func unpack(_ value: CodecRegistry.EncodedValue) -> Encoded {
    (value.json, value.lossReport, value.payloadVersions)
  }

  /// The round trip shared by every kind of value.
  static func run<Value: Sendable>(
    _ value: Value, allowingLoss: Bool, ignoring: Set<String>,
    encode: (Value) throws -> Encoded,
    decode: (JSONValue, [KindID: Int]) throws -> Value
  ) throws -> RoundTrip<Value> {
    let first = try encode(value)
    // Nothing written at all (no codec for the type, or the codec left the value out): the
    // losses say why.
    guard let json = first.json else {
      throw PersistenceError.lossyContent(first.report.losses)
    }
    // Through bytes and the strict reader, as a file would go.
    let text = try canonicalText(json)
    let reread: JSONValue
    do {
      reread = try JSONReader().read(text)
    } catch {
      throw PersistenceError(error)
    }
    let decoded = try decode(reread, first.versions)
    let second = try encode(decoded)
    let reencodedText = try second.json.map { json throws in
      try canonicalText(json)
    }
    var ignored = ignoring
    if allowingLoss {
      for loss in first.report.losses {
        if case .codeOnlyField(let name) = loss.kind { ignored.insert(name) }
      }
    }
    return RoundTrip(
      original: value, decoded: decoded, text: text, reencodedText: reencodedText ?? "",
      lossReport: first.report, payloadVersions: first.versions, ignoredProperties: ignored,
      differences: differences(value, decoded, ignoring: ignored))
  }

  /// The reflection differences between `expected` and `actual`, without those under an ignored
  /// property at any depth.
  ///
  /// - Parameters:
  ///   - expected: The original value.
  ///   - actual: The value read back.
  ///   - ignoring: Stored property names to skip wherever they appear.
  /// - Returns: At most ``differenceLimit`` lines.
  public static func differences(_ expected: Any, _ actual: Any, ignoring: Set<String> = [])
    -> [String]
  {
    let all = ReflectionDiff.differences(
      expected, actual, ignoring: ignoring, limit: ignoring.isEmpty ? differenceLimit : 10_000)
    let kept = all.filter { line in
      let path = line.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
      return !propertyNames(inPath: path).contains { ignoring.contains($0) }
    }
    return Array(kept.prefix(differenceLimit))
  }

  /// The property names of a reflection path such as `.clips[0].onTick?`: `clips`, `onTick`.
  static func propertyNames(inPath path: String) -> [String] {
    path.split(separator: ".").map { component in
      String(component.prefix { $0 != "[" && $0 != "?" })
    }
  }

  static func canonicalText(_ json: JSONValue) throws -> String {
    do {
      return String(decoding: try JSONWriter().writeData(json), as: UTF8.self)
    } catch {
      throw PersistenceError(error)
    }
  }
}

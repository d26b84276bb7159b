import Foundation
import KadrModel
import KadrPersistenceCore
import Testing

/// A value of every scalar type a member can hold, and one nested value.
struct ScalarMix: Sendable {
  var number = 2.5
  var integer = -7
  var small: Int32 = 600
  var wide: Int64 = 1 << 40
  var flag = true
  var text = "a \"quoted\" / text\n"
  var time = Time(value: 3, timescale: 600)
}

/// Writes a ``ScalarMix`` in `order`, each scalar either as a value (`encode(_:for:)`, which writes
/// scalars in place) or through a value encoder (`encode(for:)`), the general way.
struct ScalarMixCodec: ModelCodec {
  enum Key: String, PayloadKey { case flag, integer, number, small, text, time, wide }
  /// The keys of a time, as the format has them.
  enum TimeKey: String, PayloadKey { case timescale, value }

  var order: [Key] = Key.allCases
  var throughValueEncoders = false
  /// A key written a second time, after all the others, with a changed value.
  var again: Key?
  var kindID: KindID { "mix" }

  func encode(_ value: ScalarMix, to payload: inout KeyedEncoder<Key>) throws {
    for key in order { try write(key, of: value, to: &payload) }
    if let again {
      var changed = value
      changed.number *= 10
      changed.integer *= 10
      changed.text += "!"
      changed.flag.toggle()
      try write(again, of: changed, to: &payload)
    }
  }

  private func write(_ key: Key, of value: ScalarMix, to payload: inout KeyedEncoder<Key>) throws {
    guard throughValueEncoders else {
      switch key {
      case .flag: try payload.encode(value.flag, for: key)
      case .integer: try payload.encode(value.integer, for: key)
      case .number: try payload.encode(value.number, for: key)
      case .small: try payload.encode(value.small, for: key)
      case .text: try payload.encode(value.text, for: key)
      case .time: try payload.encode(value.time, for: key)
      case .wide: try payload.encode(value.wide, for: key)
      }
      return
    }
    try payload.encode(for: key) { encoder throws in
      switch key {
      case .flag: return encoder.bool(value.flag)
      case .integer: return encoder.integer(Int64(value.integer))
      case .number: return try encoder.number(value.number)
      case .small: return encoder.integer(Int64(value.small))
      case .text: return encoder.string(value.text)
      case .time:
        // A time as a keyed encoder writes it (members out of order, put in order), against
        // the time written in place.
        var time = encoder.keyed(by: ScalarMixCodec.TimeKey.self)
        try time.encode(for: .value) { encoder throws in encoder.integer(value.time.value) }
        try time.encode(for: .timescale) { encoder throws in
          encoder.integer(Int64(value.time.timescale))
        }
        return time.finish()
      case .wide: return encoder.integer(value.wide)
      }
    }
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> ScalarMix {
    ScalarMix(
      number: try payload.decode(Double.self, for: .number),
      integer: try payload.decode(Int.self, for: .integer),
      small: try payload.decode(Int32.self, for: .small),
      wide: try payload.decode(Int64.self, for: .wide),
      flag: try payload.decode(Bool.self, for: .flag),
      text: try payload.decode(String.self, for: .text),
      time: try payload.decode(Time.self, for: .time))
  }

  func samples() -> CodecSamples<ScalarMix> {
    CodecSamples(minimal: ScalarMix(), maximal: ScalarMix())
  }
}

/// Scalar members are written in place, without a value encoder; they must give the bytes, the
/// tree and the refusals the general way gives, in any order.
@Suite("Scalar members")
struct ScalarMemberTests {
  func coder(_ codec: ScalarMixCodec) throws -> DocumentCoder {
    var registry = CodecRegistry.empty
    try registry.register(model: codec)
    return DocumentCoder(registry: registry, options: CodingOptions())
  }

  func text(_ value: ScalarMix, _ codec: ScalarMixCodec) throws -> String {
    String(decoding: try coder(codec).encode(value).bytes, as: UTF8.self)
  }

  static let orders: [[ScalarMixCodec.Key]] = [
    ScalarMixCodec.Key.allCases, ScalarMixCodec.Key.allCases.reversed(),
    [.time, .flag, .wide, .integer, .text, .small, .number],
    [.number, .flag, .time, .integer, .small, .wide, .text],
  ]

  @Test(arguments: orders)
  func inPlaceAndThroughValueEncodersWriteTheSameBytes(order: [ScalarMixCodec.Key]) throws {
    let value = ScalarMix()
    let inPlace = try text(value, ScalarMixCodec(order: order))
    let general = try text(value, ScalarMixCodec(order: order, throughValueEncoders: true))
    #expect(inPlace == general)
    #expect(
      inPlace.contains(
        #""video":{"flag":true,"integer":-7,"number":2.5,"small":600,"text":"a \"quoted\" \/ text\n","time":{"timescale":600,"value":3},"wide":1099511627776}"#
      ), "\(inPlace)")
    // The tree an export builds holds the same values.
    let tree = try coder(ScalarMixCodec(order: order)).encodeJSON(value).json
    let treeFromGeneral = try coder(ScalarMixCodec(order: order, throughValueEncoders: true))
      .encodeJSON(value).json
    #expect(tree == treeFromGeneral)
    let reread = try coder(ScalarMixCodec()).decode(ScalarMix.self, from: Data(inPlace.utf8)).root
    #expect(String(reflecting: reread) == String(reflecting: value))
  }

  @Test(arguments: [ScalarMixCodec.Key.number, .integer, .text, .flag])
  func aScalarWrittenAgainReplacesTheFirst(key: ScalarMixCodec.Key) throws {
    let value = ScalarMix()
    let inPlace = try text(value, ScalarMixCodec(again: key))
    let general = try text(value, ScalarMixCodec(throughValueEncoders: true, again: key))
    #expect(inPlace == general)
    #expect(inPlace.components(separatedBy: "\"\(key.rawValue)\":").count == 2, "\(inPlace)")
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func aNonFiniteNumberIsRefusedAtItsMember(number: Double) throws {
    var value = ScalarMix()
    value.number = number
    for general in [false, true] {
      let error = try #require(throws: PersistenceError.self) {
        _ = try text(
          value, ScalarMixCodec(order: [.flag, .number, .text], throughValueEncoders: general))
      }
      #expect(error.reason == .nonFiniteNumber(field: "number"))
      #expect(error.pointer?.description == "/video/number")
    }
  }

  @Test func scalarListsInPlaceAndThroughValueEncodersWriteTheSameBytes() throws {
    let value = ScalarLists()
    let inPlace = try listText(value, general: false)
    #expect(inPlace == (try listText(value, general: true)))
    #expect(
      inPlace.contains(
        #""video":{"flags":[true,false],"ids":["a","b\/c"],"integers":[-7,0,1099511627776],"numbers":[2.5,-0,1e-07],"texts":["","x\"y"]}"#
      ), "\(inPlace)")
  }

  @Test(arguments: [Double.nan, .infinity])
  func aNonFiniteNumberInAListIsRefusedAtItsElement(number: Double) throws {
    var value = ScalarLists()
    value.numbers[1] = number
    for general in [false, true] {
      let error = try #require(throws: PersistenceError.self) {
        _ = try listText(value, general: general)
      }
      #expect(error.pointer?.description == "/video/numbers/1", "\(error)")
    }
  }

  func listText(_ value: ScalarLists, general: Bool) throws -> String {
    var registry = CodecRegistry.empty
    try registry.register(model: ScalarListsCodec(throughValueEncoders: general))
    let coder = DocumentCoder(registry: registry, options: CodingOptions())
    return String(decoding: try coder.encode(value).bytes, as: UTF8.self)
  }
}

/// Lists of every scalar type a list element can be written in place as.
struct ScalarLists: Sendable {
  var flags = [true, false]
  var ids: [FilterID] = ["a", "b/c"]
  var integers: [Int64] = [-7, 0, 1 << 40]
  var numbers = [2.5, -0.0, 1e-7]
  var texts = ["", "x\"y"]
}

/// Writes ``ScalarLists`` as lists of values (scalars in place) or element by element through
/// value encoders, the general way.
struct ScalarListsCodec: ModelCodec {
  enum Key: String, PayloadKey { case flags, ids, integers, numbers, texts }
  var throughValueEncoders = false
  var kindID: KindID { "lists" }

  func encode(_ value: ScalarLists, to payload: inout KeyedEncoder<Key>) throws {
    guard throughValueEncoders else {
      try payload.encode(value.flags, for: .flags)
      try payload.encode(value.ids, for: .ids)
      try payload.encode(value.integers, for: .integers)
      try payload.encode(value.numbers, for: .numbers)
      try payload.encode(value.texts, for: .texts)
      return
    }
    try write(value.flags, for: .flags, to: &payload) { $0.bool($1) }
    try write(value.ids, for: .ids, to: &payload) { $0.string($1.rawValue) }
    try write(value.integers, for: .integers, to: &payload) { $0.integer($1) }
    try write(value.numbers, for: .numbers, to: &payload) { try $0.number($1) }
    try write(value.texts, for: .texts, to: &payload) { $0.string($1) }
  }

  private func write<Element>(
    _ elements: [Element], for key: Key, to payload: inout KeyedEncoder<Key>,
    _ element: (ValueEncoder, Element) throws -> WrittenJSON
  ) throws {
    try payload.encode(for: key) { encoder throws in
      var array = encoder.array()
      for (index, value) in elements.enumerated() {
        try array.append(index: index) { try element($0, value) }
      }
      return array.finish()
    }
  }

  func decode(from payload: KeyedDecoder<Key>) throws -> ScalarLists {
    ScalarLists(
      flags: try payload.decode([Bool].self, for: .flags),
      ids: try payload.decode([FilterID].self, for: .ids),
      integers: try payload.decode([Int64].self, for: .integers),
      numbers: try payload.decode([Double].self, for: .numbers),
      texts: try payload.decode([String].self, for: .texts))
  }

  func samples() -> CodecSamples<ScalarLists> {
    CodecSamples(minimal: ScalarLists(), maximal: ScalarLists())
  }
}

import Foundation
import KadrModel
import KadrPersistence
import Testing

/// One input a model value's `Codable` conformance must refuse, and why.
struct CodableRefusal: Sendable, CustomTestStringConvertible {
  /// The JSON to decode.
  let json: String
  /// A phrase the refusal's message must hold; empty when the standard decoder's own
  /// (`keyNotFound`, `typeMismatch`, an unrepresentable number) is the refusal.
  let phrase: String
  let decode: @Sendable (Data) throws -> Void
  let testDescription: String

  init<Value: Decodable & SendableMetatype>(
    _ type: Value.Type, _ json: String, phrase: String = "", because why: String
  ) {
    self.json = json
    self.phrase = phrase
    self.decode = { _ = try JSONDecoder().decode(Value.self, from: $0) }
    self.testDescription = "\(Value.self): \(why)"
  }
}

extension ModelValueCodableTests {
  static let refusals: [CodableRefusal] = [
    .init(
      Time.self, #"{"timescale":0,"value":1}"#, phrase: "positive 32-bit",
      because: "a zero timescale is the invalid time"),
    .init(
      Time.self, #"{"timescale":-600,"value":1}"#, phrase: "found -600",
      because: "a negative timescale"),
    .init(
      Time.self, #"{"timescale":2147483648,"value":1}"#, because: "a timescale beyond Int32"),
    .init(Time.self, #"{"timescale":600,"value":1.5}"#, because: "a fractional value"),
    .init(Time.self, #"{"timescale":600}"#, because: "a missing value"),
    .init(Time.self, #"{"timescale":600,"value":"1"}"#, because: "a value as a string"),
    .init(Time.self, "2.5", because: "seconds instead of the rational form"),
    .init(
      TimeRange.self,
      #"{"duration":{"timescale":0,"value":1},"start":{"timescale":600,"value":0}}"#,
      phrase: "positive 32-bit", because: "an invalid inner time"),
    .init(
      PlatformColor.self, #"{"blue":0,"green":0,"red":0}"#,
      because: "alpha is always present in the document form"),
    .init(
      PlatformColor.self, #"{"alpha":1,"blue":0,"green":"0","red":0}"#,
      because: "a component as a string"),
    .init(
      Position.self, #"{"kind":"inches","x":0,"y":0}"#,
      phrase: "Unknown position kind 'inches'; expected one of 'normalized', 'pixels', 'percent'",
      because: "an unknown position kind"),
    .init(Position.self, #"{"x":0,"y":0}"#, because: "a missing kind"),
    .init(
      Size.self, #"{"percent":{"height":1,"width":1},"pixels":{"height":1,"width":1}}"#,
      phrase: "exactly one of", because: "two kinds"),
    .init(
      Size.self, #"{"depth":1,"pixels":{"height":1,"width":1}}"#, phrase: "exactly one of",
      because: "an unknown member beside the kind, as the document reader refuses"),
    .init(Size.self, "{}", phrase: "exactly one of", because: "no kind"),
    .init(
      Size.self, #"{"inches":{"height":1,"width":1}}"#, phrase: "found ['inches']",
      because: "an unknown kind"),
    .init(
      Size.self, #"{"aspectFit":{"sourceAspect":1,"within":{}}}"#, phrase: "exactly one of",
      because: "an invalid nested size"),
    .init(Size.self, #"{"pixels":{"width":1}}"#, because: "a missing height"),
    .init(
      Transform.self,
      #"{"anchor":"middle","center":{"kind":"normalized","x":0,"y":0},"rotation":0,"scale":1}"#,
      phrase: "Unknown anchor 'middle'", because: "an unknown anchor inside a transform"),
    .init(
      Transform.self, #"{"anchor":"center","rotation":0,"scale":1}"#,
      because: "a missing centre"),
    .init(Anchor.self, #""middle""#, phrase: "'topLeft', 'top'", because: "an unknown anchor"),
    .init(Anchor.self, "4", because: "an anchor as a number"),
    .init(
      TextStyle.Alignment.self, #""justified""#, phrase: "Unknown text alignment 'justified'",
      because: "an unknown alignment"),
    .init(
      TextStyle.Weight.self, #""heavy""#, phrase: "Unknown font weight 'heavy'",
      because: "an unknown weight"),
    .init(
      SlideDirection.self, #""up""#, phrase: "Unknown slide direction 'up'",
      because: "an unknown direction"),
    .init(ClipID.self, "42", because: "an id as a number"),
    .init(LayerID.self, "null", because: "an id as null"),
    .init(FilterID.self, #"["a"]"#, because: "an id as an array"),
  ]

  @Test(arguments: refusals)
  func invalidInputIsRefused(refusal: CodableRefusal) {
    do {
      try refusal.decode(Data(refusal.json.utf8))
      Issue.record("\(refusal.json) was accepted")
    } catch let error as DecodingError {
      guard !refusal.phrase.isEmpty else { return }
      guard case .dataCorrupted(let context) = error else {
        Issue.record("Expected dataCorrupted, got \(error)")
        return
      }
      #expect(context.debugDescription.contains(refusal.phrase), "\(context.debugDescription)")
    } catch {
      Issue.record("Expected a DecodingError, got \(error)")
    }
  }

  /// JSON cannot hold NaN or the infinities, but a decoder told to read them from strings can:
  /// the values refuse them, as the document reader refuses numbers that overflow to infinity.
  @Test func nonFiniteNumbersAreRefusedEvenWhenTheDecoderReadsThem() {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    let inputs: [(any Decodable.Type, String)] = [
      (PlatformColor.self, #"{"alpha":1,"blue":0,"green":0,"red":"nan"}"#),
      (Position.self, #"{"kind":"pixels","x":"inf","y":0}"#),
      (Size.self, #"{"normalized":{"height":"-inf","width":1}}"#),
      (
        Size.self,
        #"{"aspectFill":{"covering":{"pixels":{"height":1,"width":1}},"sourceAspect":"inf"}}"#
      ),
      (
        Transform.self,
        #"{"anchor":"center","center":{"kind":"pixels","x":0,"y":0},"rotation":"nan","scale":1}"#
      ),
    ]
    for (type, json) in inputs {
      do {
        _ = try decoder.decode(type, from: Data(json.utf8))
        Issue.record("\(json) was accepted")
      } catch DecodingError.dataCorrupted(let context) {
        #expect(context.debugDescription.contains("must be a finite number"))
      } catch {
        Issue.record("Expected dataCorrupted for \(json), got \(error)")
      }
    }
  }

  /// What a document cannot hold, the encoder refuses too, whatever the JSON encoder allows.
  @Test func valuesADocumentCannotHoldAreNotEncoded() {
    let encoder = JSONEncoder()
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    let values: [any Encodable] = [
      Time.invalid, TimeRange(start: .zero, duration: .invalid),
      PlatformColor(red: .nan, green: 0, blue: 0), Position.pixels(x: .infinity, y: 0),
      Size.aspectFit(within: .pixels(width: 1, height: 1), sourceAspect: .nan),
      Transform(scale: -.infinity),
    ]
    for value in values {
      #expect(throws: EncodingError.self, "\(value)") { try encoder.encode(value) }
    }
  }

  /// A colour outside 0…1 is kept by the document reader; the metadata form keeps it as well,
  /// so every colour a document holds can be kept in an app's metadata.
  @Test func outOfRangeColourIsKeptAsTheDocumentReaderKeepsIt() throws {
    let color = PlatformColor(red: 1.5, green: -0.25, blue: 0, alpha: 2)
    let document = try KadrCoding.data(
      for: Video { TitleSequence("A", duration: 1, background: color) })
    let reopened = try KadrCoding.video(from: document)
    let title = try #require(reopened.clips.first as? TitleSequence)
    let decoded = try JSONDecoder().decode(
      PlatformColor.self, from: try JSONEncoder().encode(color))
    #expect(title.backgroundColor == color)
    #expect(decoded == color)
  }
}

@Suite("Member extraction for the Codable tests")
struct MemberValueTests {
  /// The document-form checks compare against what this helper extracts, so it is checked too.
  @Test func extractsTheWholeValueOfTheOnlyMember() throws {
    let document = Data(#"{"a":{"b":[1,"x,}\"]"]},"c":2,"d":"e\\","f":true}"#.utf8)
    #expect(memberValue("a", in: document) == Data(#"{"b":[1,"x,}\"]"]}"#.utf8))
    #expect(memberValue("c", in: document) == Data("2".utf8))
    #expect(memberValue("d", in: document) == Data(#""e\\""#.utf8))
    #expect(memberValue("f", in: document) == Data("true".utf8))
  }

  @Test func findsNoMemberInAStringValue() {
    let document = Data(#"{"a":"\"b\":1","b":[]}"#.utf8)
    #expect(memberValue("b", in: document) == Data("[]".utf8))
  }
}

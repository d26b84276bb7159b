import Foundation
import KadrModel
import KadrPersistence
import Testing

@testable import KadrPersistenceCore

private typealias Support = VideoFilterTestSupport

/// One filter and its exact wire form.
struct FilterWireCase: Sendable, CustomTestStringConvertible {
  let filter: Filter
  let wire: String
  var testDescription: String { wire }
}

/// One document a filter decoder refuses, and why.
struct FilterRefusalCase: Sendable, CustomTestStringConvertible {
  let json: String
  let reason: String
  let pointer: String
  let why: String
  var testDescription: String { why }
}

@Suite("Filter codecs")
struct FilterCodecTests {
  static let wires: [FilterWireCase] = [
    FilterWireCase(filter: .brightness(0.2), wire: #"{"kind":"brightness","scalar":0.2}"#),
    FilterWireCase(filter: .contrast(1.5), wire: #"{"kind":"contrast","scalar":1.5}"#),
    FilterWireCase(filter: .saturation(0), wire: #"{"kind":"saturation","scalar":0}"#),
    FilterWireCase(filter: .exposure(-0.5), wire: #"{"kind":"exposure","scalar":-0.5}"#),
    FilterWireCase(filter: .sepia(intensity: 0.4), wire: #"{"kind":"sepia","scalar":0.4}"#),
    FilterWireCase(filter: .mono, wire: #"{"kind":"mono","scalar":0}"#),
    FilterWireCase(
      filter: .lut(url: URL(fileURLWithPath: "/luts/film.cube")),
      wire: #"{"kind":"lut","url":"file:\/\/\/luts\/film.cube"}"#),
    FilterWireCase(
      filter: .chromaKey(
        ChromaKey(color: ColorComponents(r: 0.1, g: 0.9, b: 0.2), threshold: 0.35)),
      wire: #"{"blue":0.2,"green":0.9,"kind":"chromaKey","red":0.1,"threshold":0.35}"#),
    FilterWireCase(
      filter: .gaussianBlur(radius: 10), wire: #"{"kind":"gaussianBlur","scalar":10}"#),
    FilterWireCase(filter: .vignette(intensity: 0.75), wire: #"{"kind":"vignette","scalar":0.75}"#),
    FilterWireCase(filter: .sharpen(amount: 0.4), wire: #"{"kind":"sharpen","scalar":0.4}"#),
    FilterWireCase(filter: .zoomBlur(amount: 20), wire: #"{"kind":"zoomBlur","scalar":20}"#),
    FilterWireCase(filter: .glow(intensity: 1e-07), wire: #"{"kind":"glow","scalar":1e-07}"#),
  ]

  @Test func theTableCoversEveryBuiltInKind() {
    #expect(Set(Self.wires.map(\.filter.kind)) == Set(FilterKind.allCases))
  }

  /// A save finds a built-in filter's codec by its case (``FilterCodecs``): the case must name
  /// the kind the filter reports.
  @Test(arguments: wires)
  func aBuiltInFilterFindsItsKindByItsCase(_ entry: FilterWireCase) throws {
    let index = try #require(entry.filter.builtInKindIndex)
    #expect(FilterKind.allCases[index] == entry.filter.kind)
  }

  @Test(arguments: wires)
  func writesExactlyTheWireForm(_ entry: FilterWireCase) throws {
    let encoded = try Support.registry().encode(filter: entry.filter)
    #expect(try Support.text(encoded.json) == entry.wire)
    #expect(encoded.lossReport.isLossless)
  }

  /// A save writes scalars in place around the pending `kind` (before it, as a chroma key's
  /// `blue`, or after it): its bytes are the wire form too.
  @Test(arguments: wires)
  func savesExactlyTheWireForm(_ entry: FilterWireCase) throws {
    let clip = VideoClip(url: URL(fileURLWithPath: "/a.mov"), filters: [entry.filter])
    let data = try KadrCoder().data(for: Video(clips: [clip]), images: nil)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""filters":["# + entry.wire + "]"), "\(text)")
  }

  @Test(arguments: wires)
  func readsTheWireFormBackToTheSameFilter(_ entry: FilterWireCase) throws {
    let decoded = try Support.registry().decodeFilter(from: Support.json(entry.wire))
    #expect(decoded == entry.filter)
    #expect(ReflectionDiff.differences(entry.filter, decoded).isEmpty)
  }

  @Test func monoWithoutScalarReadsAsMono() throws {
    let decoded = try Support.registry().decodeFilter(from: Support.json(#"{"kind":"mono"}"#))
    #expect(decoded == .mono)
  }

  @Test func lutOpensWithoutItsFile() throws {
    let url = "file:///nowhere/missing.cube"
    let wire = #"{"kind":"lut","url":"file:\/\/\/nowhere\/missing.cube"}"#
    let decoded = try Support.registry().decodeFilter(from: Support.json(wire))
    guard case .lut(let table) = decoded else {
      Issue.record("expected a LUT, got \(decoded)")
      return
    }
    #expect(table.url.absoluteString == url)
    #expect(!table.isLoaded)
    #expect(try Support.text(Support.registry().encode(filter: decoded).json) == wire)
  }

  static let refusals: [FilterRefusalCase] = [
    FilterRefusalCase(
      json: #"{"kind":"mono","scalar":1}"#, reason: "invalidValue", pointer: "/scalar",
      why: "mono has no intensity: its scalar must be 0"),
    FilterRefusalCase(
      json: #"{"kind":"com.example.nope","scalar":1}"#, reason: "unknownKind", pointer: "/kind",
      why: "a kind no codec is registered for"),
    FilterRefusalCase(
      json: #"{"kind":"Sepia","scalar":1}"#, reason: "unknownKind", pointer: "/kind",
      why: "kinds are case-sensitive"),
    FilterRefusalCase(
      json: #"{"kind":3,"scalar":1}"#, reason: "wrongType", pointer: "/kind",
      why: "the kind is not a string"),
    FilterRefusalCase(
      json: #"{"scalar":1}"#, reason: "missingField", pointer: "", why: "no kind"),
    FilterRefusalCase(
      json: #"{"kind":"sepia"}"#, reason: "missingField", pointer: "",
      why: "a scalar kind without its scalar"),
    FilterRefusalCase(
      json: #"{"kind":"glow","scalar":"1"}"#, reason: "wrongType", pointer: "/scalar",
      why: "the scalar is a string"),
    FilterRefusalCase(
      json: #"{"kind":"sepia","scalar":1,"radius":2}"#, reason: "unknownField",
      pointer: "/radius", why: "a key the kind does not have"),
    FilterRefusalCase(
      json: #"{"kind":"lut","url":"film.cube"}"#, reason: "invalidURL", pointer: "/url",
      why: "a LUT URL without a scheme"),
    FilterRefusalCase(
      json: #"{"kind":"lut"}"#, reason: "missingField", pointer: "", why: "a LUT without URL"),
    FilterRefusalCase(
      json: #"{"blue":0,"green":1,"kind":"chromaKey","red":0}"#, reason: "missingField",
      pointer: "", why: "a chroma key without threshold"),
    FilterRefusalCase(
      json: #"{"blue":0,"green":true,"kind":"chromaKey","red":0,"threshold":0.3}"#,
      reason: "wrongType", pointer: "/green", why: "a colour component that is not a number"),
    FilterRefusalCase(
      json: #"["sepia"]"#, reason: "wrongType", pointer: "", why: "a filter that is not an object"),
  ]

  @Test(arguments: refusals)
  func refusesMalformedFilters(_ entry: FilterRefusalCase) throws {
    let registry = try Support.registry()
    let json = try Support.json(entry.json)
    let refusal = Support.refusal { _ = try registry.decodeFilter(from: json) }
    #expect(refusal.reason == entry.reason)
    #expect(refusal.pointer == entry.pointer)
  }

  @Test func refusesANonFiniteScalarNamingTheField() throws {
    let registry = try Support.registry()
    do {
      _ = try registry.encode(filter: .sepia(intensity: .nan))
      Issue.record("a NaN intensity was written")
    } catch let error as PersistenceError {
      guard case .nonFiniteNumber(let field) = error.reason else {
        Issue.record("unexpected reason \(error.reason)")
        return
      }
      #expect(field == "scalar")
      #expect(error.pointer?.description == "/scalar")
    }
  }

  /// Every codec, handed a filter of another kind, throws instead of writing or crashing.
  @Test func aCodecGivenAnotherKindRefusesIt() throws {
    let registry = try Support.registry()
    let filters = Self.wires.map(\.filter)
    for entry in filters {
      let codec = try #require(registry.filters.byKind[KindID(entry.kind.rawValue)])
      for other in filters where other.kind != entry.kind {
        let session = CodingSession(registry: registry, options: CodingOptions(), images: nil)
        let refusal = Support.refusal {
          _ = try codec.encode(other, ValueEncoder(session: session, pointer: .root), nil, false)
        }
        #expect(refusal.reason == "invalidValue", "\(entry.kind) given \(other.kind)")
      }
    }
  }

  @Test func aCustomFilterWithoutCodecIsReportedAsLoss() throws {
    let registry = try Support.registry()
    let refusal = Support.refusal { _ = try registry.encode(filter: .custom(TestHalftone(dot: 2))) }
    #expect(refusal.reason == "lossyContent")
    let allowed = try registry.encode(
      filter: .custom(TestHalftone(dot: 2)), options: CodingOptions(allowingLoss: true))
    #expect(allowed.json == nil)
    #expect(allowed.lossReport.losses.count == 1)
  }

  @Test func everyFilterKindIsComplete() throws {
    let report = try Support.registry().completenessReport()
    let entries = report.entries.filter { $0.extensionPoint == .filter }
    #expect(Set(entries.map(\.kindID.rawValue)) == Set(FilterKind.allCases.map(\.rawValue)))
    let incomplete = entries.filter { !$0.isComplete }.map(\.kindID.rawValue)
    #expect(incomplete.isEmpty, "\(report.rendered())")
  }
}

/// A plugin filter no codec is registered for.
struct TestHalftone: CustomFilter {
  static let kind = FilterKind(rawValue: "com.example.test-halftone")
  var dot: Double
  var primaryScalar: Double? { dot }
  func withScalar(_ scalar: Double) -> TestHalftone { TestHalftone(dot: scalar) }
}

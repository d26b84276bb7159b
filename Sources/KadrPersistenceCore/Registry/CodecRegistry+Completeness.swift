import Foundation
import KadrModel

extension CodecRegistry {
  /// Builds the completeness report for every registered codec.
  ///
  /// For each codec it reflects the stored properties of its samples, compares them with the
  /// codec's manifest, and round-trips every sample (minimal and maximal) through the codec,
  /// comparing by deep reflection so that a property forgotten on both sides still fails.
  /// Samples are encoded with loss allowed and with an in-memory image store.
  public func completenessReport() -> CompletenessReport {
    var entries: [CompletenessReport.Entry] = []
    entries += clips.byKind.values.map { completeness(of: $0) }
    entries += overlays.byKind.values.map { completeness(of: $0) }
    entries += filters.byKind.values.map { completeness(of: $0) }
    entries += textAnimations.byKind.values.map { completeness(of: $0) }
    entries += models.byKind.values.map { completeness(of: $0) }
    entries.sort {
      ($0.extensionPoint.rawValue, $0.kindID.rawValue) < (
        $1.extensionPoint.rawValue, $1.kindID.rawValue
      )
    }
    return CompletenessReport(entries: entries)
  }

  /// The entries of the registered codecs that do not handle every stored property, checked
  /// once for these codecs and remembered with them (``CodingOptions/checksCompleteness``).
  func incompleteEntries() -> [CompletenessReport.Entry] {
    tablesForCompleteness.incomplete.withLock { found in
      if let found { return found }
      let entries = completenessReport().incompleteEntries
      found = entries
      return entries
    }
  }

  func completeness<Base>(of codec: RegisteredCodec<Base>) -> CompletenessReport.Entry {
    let samples = codec.samples()
    let all = [samples.minimal] + samples.maximal
    let modelSamples = codec.modelSamples()
    let reflected = ForgottenProperty.storedNames(in: modelSamples)
    let manifest = codec.manifest
    let forgotten = ForgottenProperty.names(in: modelSamples, manifest: manifest)
    let declared = manifest.properties
    let isEnum = Mirror(reflecting: modelSamples.minimal).displayStyle == .enum
    var unset = Set<String>()
    if !isEnum, let first = modelSamples.maximal.first {
      unset = modelSamples.maximal.dropFirst().reduce(ReflectionDiff.unsetProperties(of: first)) {
        $0.intersection(ReflectionDiff.unsetProperties(of: $1))
      }
      unset.subtract(manifest.notEncodedProperties)
    }
    if samples.maximal.isEmpty { unset.insert("(no maximal sample)") }
    var differences: [String] = []
    for (index, sample) in all.enumerated() {
      let name = index == 0 ? "minimal sample" : "maximal sample \(index)"
      differences += roundTripDifferences(
        sample, codec: codec, ignoring: manifest.notEncodedProperties
      ).map { "\(name): \($0)" }
    }
    return CompletenessReport.Entry(
      extensionPoint: codec.point, kindID: codec.kindID, modelType: codec.modelTypeName,
      codecType: codec.codecTypeName, declaresFields: codec.declaresFields,
      payloadVersion: codec.payloadVersion, manifest: manifest.entries,
      unknownProperties: forgotten,
      vanishedProperties: declared.subtracting(reflected).sorted(),
      unsetInMaximalSamples: unset.sorted(),
      roundTripDifferences: differences)
  }

  /// Encodes `sample` with `codec`, writes and reads the JSON text, decodes it, and compares.
  func roundTripDifferences<Base>(
    _ sample: Base, codec: RegisteredCodec<Base>, ignoring: Set<String>
  ) -> [String] {
    let images = InMemoryImageStore()
    let options = CodingOptions(allowingLoss: true)
    let encoding = CodingSession(registry: self, options: options, images: images)
    do {
      guard
        let written = try encoding.withRootEncoder(
          at: .root, { encoder in try codec.encode(sample, encoder, nil, false) })
      else {
        return ["the codec did not accept its own sample"]
      }
      let bytes = encoding.output.bytes.makeData(written.start..<written.end)
      guard case .object(let reread) = try JSONReader().read(bytes) else {
        return ["the payload did not read back as an object"]
      }
      let decoding = CodingSession(registry: self, options: options, images: images)
      decoding.payloadVersions = encoding.payloadVersions
      let decoded = try codec.decode(reread, decoding, .root)
      return unfindableTokens(in: reread, issued: images.tokens, codec: codec)
        + ReflectionDiff.differences(sample, decoded, ignoring: ignoring)
    } catch {
      return ["round trip failed: \(error)"]
    }
  }

  /// The image tokens a sample's payload holds that ``imageTokens(in:)`` cannot find, so that a
  /// document of the kind would open with a file store and fail with `notPrefetched` on a URL
  /// store: a key written with `encode(image:for:)` but not marked
  /// ``PayloadKey/holdsImageToken``, or a token nested below the payload's own members.
  func unfindableTokens<Base>(
    in payload: JSONObject, issued: [String], codec: RegisteredCodec<Base>
  ) -> [String] {
    guard !issued.isEmpty else { return [] }
    // The walker finds a kind's tokens where a document holds them: in `{"<kind>": {"_0": …}}`.
    let markable = codec.point == .clip || codec.point == .overlay
    let root: JSONValue =
      markable
      ? [codec.kindID.rawValue: [Self.payloadBoxKey: .object(payload)]] : .object(payload)
    let found = Set(imageTokens(in: root))
    return issued.filter { !found.contains($0) }.map { token in
      let key = payload.keys.first { payload[$0] == .string(token) }
      guard let key, markable else {
        return "the image token written \(key.map { "under '\($0)'" } ?? "inside a member") "
          + "cannot be found before opening (imageTokens(in:)), so a prefetching store such as "
          + "URLImageStore would never fetch it: write images with encode(image:for:) under a "
          + "payload key of a clip or overlay kind, and mark that key with holdsImageToken"
      }
      return "the image token written under '\(key)' cannot be found before opening "
        + "(imageTokens(in:)), so a prefetching store such as URLImageStore would never fetch "
        + "it: mark the key in the codec's Key enum, "
        + "`public var holdsImageToken: Bool { self == .\(key) }`"
    }
  }
}

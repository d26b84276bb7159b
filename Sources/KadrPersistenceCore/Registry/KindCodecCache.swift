import Foundation

/// A codec as the decoders use it, looked up once per open: a class, so that finding it again
/// retains one reference rather than copying the registered codec's dozen.
final class CachedCodec<Base> {
  let codec: RegisteredCodec<Base>
  /// ``RegisteredCodec/payloadVersion``.
  let payloadVersion: Int
  /// ``RegisteredCodec/decodePayload``.
  let decodePayload: @Sendable (ValueDecoder, Int) throws -> Base

  init(_ codec: RegisteredCodec<Base>) {
    self.codec = codec
    payloadVersion = codec.payloadVersion
    decodePayload = codec.decodePayload
  }
}

/// The codecs one open has looked up at one extension point, by the kind id's text as read.
///
/// A document names a handful of kinds thousands of times: each is looked up in the registry's
/// table (hashing the id) once, then found by its text, which the reader gives every occurrence
/// of a key as the same string (usually one comparison of two words).
final class KindCodecCache<Base> {
  // Figure: open of 1,000 clips 67.9 M instructions without it, 66.6 M with (−2 %), callgrind.
  /// How many kinds are kept; past it, the oldest is replaced.
  static var capacity: Int { 32 }

  /// The registry's codecs at this extension point.
  let table: CodecTable<Base>

  init(table: CodecTable<Base>) {
    self.table = table
  }

  // Only the decoding thread uses the cache, one access at a time.
  @exclusivity(unchecked) private var texts: [String] = []
  @exclusivity(unchecked) private var codecs: [CachedCodec<Base>?] = []
  @exclusivity(unchecked) private var next = 0

  /// The codec registered for the kind id `text`, or `nil`.
  func codec(for text: String) -> CachedCodec<Base>? {
    for index in texts.indices where texts[index] == text { return codecs[index] }
    let codec = table.byKind[KindID(text)].map(CachedCodec.init)
    if texts.count < Self.capacity {
      texts.append(text)
      codecs.append(codec)
    } else {
      texts[next] = text
      codecs[next] = codec
      next = (next + 1) % Self.capacity
    }
    return codec
  }
}

/// The model codecs one open has looked up, by model type.
final class ModelCodecCache {
  /// How many model types are kept; past it, types are looked up each time.
  static var capacity: Int { 32 }

  /// The registry's model codecs.
  let table: CodecTable<any Sendable>

  init(table: CodecTable<any Sendable>) {
    self.table = table
  }

  // Only the decoding thread uses the cache, one access at a time.
  @exclusivity(unchecked) private var types: [ObjectIdentifier] = []
  @exclusivity(unchecked) private var codecs: [CachedCodec<any Sendable>?] = []

  /// The codec registered for the model type `type`, or `nil`.
  func codec(for type: ObjectIdentifier) -> CachedCodec<any Sendable>? {
    for index in types.indices where types[index] == type { return codecs[index] }
    let codec = table.codec(forType: type).map(CachedCodec.init)
    if types.count < Self.capacity {
      types.append(type)
      codecs.append(codec)
    }
    return codec
  }
}

import Foundation

/// A stored property of a model type that its codec neither writes nor lists in `notEncoded`:
/// saved without a word unless something says so.
///
/// Found by reflecting the codec's samples (``ReflectionDiff/storedPropertyNames(of:)``) against
/// its manifest, as the completeness report does; the report and the debug-build warning both
/// render it with ``sentence``.
struct ForgottenProperty: Sendable, Hashable {
  /// The model type, without its module (`Countdown`).
  let modelType: String
  /// The property (`speed`).
  let property: String
  /// The codec's type, without its module (`CountdownCodec`).
  let codecType: String
  /// Whether the codec is a ``FieldListCodec``, so the fix names a ``PayloadField``.
  let declaresFields: Bool

  /// What is wrong and how to fix it, in one sentence.
  var sentence: String {
    let write =
      declaresFields
      ? "add a key for it (case \(property)) and PayloadField(.\(property), \\.\(property)) to fields"
      : "add a key for it (case \(property)) and write and read it"
    return "\(modelType).\(property) is a stored property that \(codecType) neither writes nor "
      + "lists in notEncoded: \(write), or add NotEncodedField(\"\(property)\", reason: …) to "
      + "notEncoded."
  }

  /// The stored properties of the samples that `manifest` does not account for, sorted.
  ///
  /// - Parameters:
  ///   - samples: The codec's samples as its own model values.
  ///   - manifest: The codec's manifest.
  static func names(in samples: (minimal: Any, maximal: [Any]), manifest: FieldManifest)
    -> [String]
  {
    storedNames(in: samples).subtracting(manifest.properties).sorted()
  }

  /// The stored properties of all the samples.
  static func storedNames(in samples: (minimal: Any, maximal: [Any])) -> Set<String> {
    Set(([samples.minimal] + samples.maximal).flatMap(ReflectionDiff.storedPropertyNames))
  }

  /// A type's name as a reader knows it: its `String(reflecting:)` name without the module and
  /// without the `(unknown context at …)` of a private type.
  ///
  /// - Parameter reflecting: The type's `String(reflecting:)` name.
  static func shortName(_ reflecting: String) -> String {
    let components = reflecting.split(separator: ".").dropFirst()
    let named = components.filter { !$0.hasPrefix("(unknown context") && !$0.hasPrefix("$") }
    return named.isEmpty ? reflecting : named.joined(separator: ".")
  }
}

/// The debug-build warning about forgotten stored properties: checked once per codec type per
/// process, when a registry first registers the codec, and written to standard error.
///
/// The check reflects the codec's samples once (never a value being saved or opened), and only
/// in a debug build of the package; the completeness report makes the same check always.
package final class ForgottenPropertyWarnings: Sendable {
  /// The process's warnings.
  package static let shared = ForgottenPropertyWarnings()

  /// The codec types checked so far.
  private let checked = Locked<Set<ObjectIdentifier>>([])
  /// Where the sentences go.
  private let sink = Locked<@Sendable (String) -> Void> { sentence in
    FileHandle.standardError.write(Data("warning: \(sentence)\n".utf8))
  }

  /// Replaces where the sentences go (standard error by default), returning the previous sink.
  ///
  /// - Parameter sink: Called with each sentence.
  @discardableResult
  package func replaceSink(_ sink: @escaping @Sendable (String) -> Void)
    -> @Sendable (String) -> Void
  {
    self.sink.withLock { current in
      let previous = current
      current = sink
      return previous
    }
  }

  /// Runs `find` the first time `codecType` is seen in this process, and sends each sentence it
  /// returns to the sink.
  ///
  /// - Parameters:
  ///   - codecType: The codec's type.
  ///   - find: Finds the codec's forgotten properties.
  func checkOnce(_ codecType: ObjectIdentifier, _ find: () -> [ForgottenProperty]) {
    let first = checked.withLock { $0.insert(codecType).inserted }
    guard first else { return }
    let sentences = find()
    guard !sentences.isEmpty else { return }
    let sink = self.sink.withLock { $0 }
    for forgotten in sentences { sink(forgotten.sentence) }
  }
}

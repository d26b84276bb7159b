import Foundation
import KadrPersistence

/// Compares two compositions, and merges two compositions edited from a common base.
///
/// Values are matched by identity: a clip by its `clipID` where it has one, else by its media
/// URL, source in-point and kind (a track by its name, anything else by its kind), with equal
/// keys told apart by content and then by order. Fields are compared on the JSON the codecs
/// write, so a plugin's kind diffs by its payload fields and a kind kept verbatim
/// (`CodingOptions.preservingUnknown`) by its verbatim JSON.
///
/// ```swift
/// let differ = CompositionDiffer()
/// let diff = try differ.diff(from: try coder.readJSON(old), to: try coder.readJSON(new))
/// print(diff.rendered())
/// ```
public struct CompositionDiffer: Sendable {
  /// The coder documents are opened and compositions saved with.
  public let coder: KadrCoder

  /// Creates a differ.
  ///
  /// - Parameter coder: The coder documents are opened with; by default the standard registry
  ///   with `CodingOptions.preservingUnknown`, so kinds with no codec compare verbatim.
  public init(coder: KadrCoder = KadrCoder(options: CodingOptions(preservingUnknown: true))) {
    self.coder = coder
  }

  /// Compares two documents.
  ///
  /// - Parameters:
  ///   - before: The older document.
  ///   - after: The newer document.
  /// - Returns: Every change from `before` to `after`.
  /// - Throws: `PersistenceError` when a document cannot be opened; ``DiffError`` when it is
  ///   not a document.
  public func diff(from before: KadrDocument, to after: KadrDocument) throws -> CompositionDiff {
    diff(try side(before), try side(after))
  }

  /// Compares two documents' bytes.
  ///
  /// - Parameters:
  ///   - before: The older document.
  ///   - after: The newer document.
  /// - Returns: Every change from `before` to `after`.
  /// - Throws: `PersistenceError` when a document cannot be read or opened.
  public func diff(from before: Data, to after: Data) throws -> CompositionDiff {
    try diff(from: try document(before), to: try document(after))
  }

  /// Compares two compositions, each saved through the coder first.
  ///
  /// What a file cannot hold (compositors, custom timing curves) is left out of the saved
  /// form, so it is not compared.
  ///
  /// - Parameters:
  ///   - before: The older composition.
  ///   - after: The newer composition.
  ///   - images: Where their images are saved (nothing is written for an image that already
  ///     has a token).
  /// - Returns: Every change from `before` to `after`.
  /// - Throws: `PersistenceError` when a composition cannot be saved; ``DiffError`` when
  ///   saving it left a clip or an overlay out.
  public func diff(from before: Video, to after: Video, images: (any ImageStore)? = nil) throws
    -> CompositionDiff
  {
    let sides = try [before, after].map { video in
      try Side(
        document: coder.encode(video, allowingLoss: true, images: images).json, video: video)
    }
    return diff(sides[0], sides[1])
  }

  /// The document of `data`, brought to the current schema.
  func document(_ data: Data) throws -> KadrDocument {
    let document = try coder.readJSON(data)
    if let schema = document.schema, DocumentEnvelope.readsWithoutMigration(schema) {
      return document
    }
    return try coder.readJSON(try coder.migrate(data).data)
  }

  /// Opens a document and cuts it into records.
  func side(_ document: KadrDocument) throws -> Side {
    var document = document
    if !(document.schema.map(DocumentEnvelope.readsWithoutMigration) ?? false) {
      document = try coder.readJSON(try coder.migrate(try document.data()).data)
    }
    let video = try coder.decode(document, images: UnresolvedImageStore())
    return try Side(document: document.json, video: video)
  }

  private func diff(_ before: Side, _ after: Side) -> CompositionDiff {
    var builder = DiffBuilder()
    builder.compare(before.clips, after.clips, subject: .clip)
    for key in DocumentKeys.lists where key != DocumentKeys.clips {
      builder.compare(before.lists[key] ?? [], after.lists[key] ?? [], subject: subject(key))
    }
    builder.compareFields(before.fields, after.fields)
    return CompositionDiff(
      frameRate: after.frameRate, changes: builder.changes, unchangedCount: builder.unchanged)
  }

  private func subject(_ key: String) -> DiffChange.Subject {
    switch key {
    case DocumentKeys.overlays: .overlay
    case DocumentKeys.audioTracks: .audioTrack
    case DocumentKeys.captions: .caption
    default: .clip
    }
  }
}

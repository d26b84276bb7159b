import Foundation
import KadrModel
import KadrPersistenceCore

/// A saved document's bytes with what the save learnt: what it left out or kept verbatim, and
/// every kind of content it wrote.
///
/// A project list can keep ``kinds`` beside the document, and flag a project that uses a kind
/// the app has no codec for without opening it (``CodecRegistry/hasCodec(for:)``).
public struct SavedDocument: Sendable {
  /// The canonical bytes.
  public let data: Data
  /// What was left out (with loss allowed) and what was written back without being understood.
  public let lossReport: LossReport
  /// Every kind id the document holds (clips, overlays, filters, text animations and the
  /// composition's own), built-in and plugin kinds alike, sorted.
  public let kinds: [KindID]
  /// The schema the document is written in: ``KadrDocument/currentSchema`` (1), or
  /// ``KadrDocument/newestSchema`` (2) when it holds professional timeline facts.
  public let schema: Int

  /// A document's bytes with what is known of them, for a document written without a save (its
  /// tokens renamed in its tree).
  package init(data: Data, lossReport: LossReport, kinds: [KindID], schema: Int) {
    self.data = data
    self.lossReport = lossReport
    self.kinds = kinds
    self.schema = schema
  }
}

extension KadrCoder {
  /// Saves `video` as canonical bytes, and lists the kinds of content it wrote.
  ///
  /// The same bytes as ``data(for:allowingLoss:images:)``; listing the kinds costs a set insert
  /// per value written.
  /// - Parameters:
  ///   - video: The composition.
  ///   - allowingLoss: Leave out what a file cannot hold instead of refusing.
  ///   - images: Where images are saved.
  /// - Returns: The bytes, the loss report and the kinds.
  /// - Throws: ``PersistenceError``, as ``data(for:allowingLoss:images:)``.
  public func save(
    _ video: Video, allowingLoss: Bool = false, images: (any ImageStore)? = nil
  ) throws -> SavedDocument {
    var coder = documentCoder
    coder.options.allowingLoss = coder.options.allowingLoss || allowingLoss
    let saved = try coder.encode(video, images: images, recordingKinds: true)
    return SavedDocument(
      data: saved.bytes, lossReport: saved.lossReport,
      kinds: saved.kinds.sorted { $0.rawValue < $1.rawValue }, schema: saved.schema)
  }
}

import Foundation
import KadrPersistence

extension CompositionDiffer {
  /// Merges two documents edited from a common base: the changes of both sides, with
  /// conflicts resolved to one side and reported.
  ///
  /// Clip lists (a track's too), overlays, audio tracks and captions merge by identity (see
  /// ``CompositionDiffer``); the values in them and the composition's own fields merge field
  /// by field. The merged document is opened through the coder before it is returned, so it
  /// is valid.
  ///
  /// - Parameters:
  ///   - base: The common ancestor.
  ///   - ours: Our version (git's `%A`).
  ///   - theirs: Their version (git's `%B`).
  ///   - preferring: The side a conflict is resolved to; ours by default.
  /// - Returns: The merged document and composition, and the conflicts.
  /// - Throws: `PersistenceError` when a document cannot be opened, or the merge is not a
  ///   valid document; ``DiffError`` when a value is not a document.
  public func merge(
    base: KadrDocument, ours: KadrDocument, theirs: KadrDocument, preferring: MergeSide = .ours
  ) throws -> MergeResult {
    try merge(base: base, ours: ours, theirs: theirs, choosing: .keepingAll(preferring))
  }

  /// Merges two documents edited from a common base, each conflict resolved as the person
  /// chose.
  ///
  /// Run the merge once with no choices to learn the conflicts (``MergeResult/openConflicts``),
  /// show them (``MergeConflict/sentence``), then merge again with the person's choices. Every
  /// change that did not conflict is kept from both sides either way.
  ///
  /// ```swift
  /// let first = try differ.merge(base: base, ours: mine, theirs: other, choosing: .init())
  /// var choices = ConflictChoices()
  /// for conflict in first.openConflicts { choices.keep(.theirs, for: conflict) }
  /// let merged = try differ.merge(base: base, ours: mine, theirs: other, choosing: choices)
  /// ```
  ///
  /// - Parameters:
  ///   - base: The common ancestor.
  ///   - ours: Our version.
  ///   - theirs: Their version.
  ///   - choices: The side each conflict keeps; a conflict without a choice keeps
  ///     ``ConflictChoices/otherwise``, or ours and is listed as open when that is `nil`.
  /// - Returns: The merged document and composition, and the conflicts.
  /// - Throws: `PersistenceError` when a document cannot be opened, or the merge is not a
  ///   valid document; ``DiffError`` when a value is not a document.
  public func merge(
    base: KadrDocument, ours: KadrDocument, theirs: KadrDocument, choosing choices: ConflictChoices
  ) throws -> MergeResult {
    let sides = try [base, ours, theirs].map(side)
    var values = ValueMerge(choices: choices)
    var composition = sides[1].composition
    let fields = [sides[0].fields, sides[1].fields, sides[2].fields]
    var keys = fields[1].keys
    for key in fields[0].keys + fields[2].keys where !keys.contains(key) { keys.append(key) }
    let root = JSONPointer.root.appending(key: DocumentKeys.video)
    for key in keys {
      composition[key] = values.merge(
        base: fields[0][key], ours: fields[1][key], theirs: fields[2][key],
        at: root.appending(key: key), label: key)
    }
    composition[DocumentKeys.clips] = .array(
      ListMerge.merge(
        base: sides[0].clips, ours: sides[1].clips, theirs: sides[2].clips, values: &values))
    for key in DocumentKeys.lists where key != DocumentKeys.clips {
      let merged = ListMerge.merge(
        base: sides[0].lists[key] ?? [], ours: sides[1].lists[key] ?? [],
        theirs: sides[2].lists[key] ?? [], values: &values)
      composition[key] = merged.isEmpty && sides[1].composition[key] == nil ? nil : .array(merged)
    }
    var envelope = sides[1].document
    for key in envelope.keys + sides[2].document.keys where key != DocumentKeys.video {
      envelope[key] = values.merge(
        base: sides[0].document[key], ours: sides[1].document[key],
        theirs: sides[2].document[key], at: JSONPointer.root.appending(key: key), label: key)
    }
    envelope[DocumentKeys.video] = .object(composition)
    let document = KadrDocument(json: .object(envelope))
    let opened = try coder.open(document, images: UnresolvedImageStore())
    return MergeResult(
      document: document, video: opened.root,
      imageStore: opened.imageStore ?? UnresolvedImageStore(),
      conflicts: values.conflicts, open: values.open)
  }

  /// Merges three documents' bytes; see ``merge(base:ours:theirs:preferring:)-(KadrDocument,_,_,_)``.
  ///
  /// - Parameters:
  ///   - base: The common ancestor.
  ///   - ours: Our version.
  ///   - theirs: Their version.
  ///   - preferring: The side a conflict is resolved to.
  /// - Returns: The merge.
  /// - Throws: `PersistenceError` when a document cannot be read or opened, or the merge is
  ///   not a valid document.
  public func merge(base: Data, ours: Data, theirs: Data, preferring: MergeSide = .ours) throws
    -> MergeResult
  {
    try merge(
      base: try document(base), ours: try document(ours), theirs: try document(theirs),
      preferring: preferring)
  }

  /// Merges three documents' bytes, each conflict resolved as the person chose; see
  /// ``merge(base:ours:theirs:choosing:)-(KadrDocument,_,_,_)``.
  ///
  /// - Parameters:
  ///   - base: The common ancestor.
  ///   - ours: Our version.
  ///   - theirs: Their version.
  ///   - choices: The side each conflict keeps.
  /// - Returns: The merge.
  /// - Throws: `PersistenceError` when a document cannot be read or opened, or the merge is
  ///   not a valid document.
  public func merge(base: Data, ours: Data, theirs: Data, choosing choices: ConflictChoices)
    throws -> MergeResult
  {
    try merge(
      base: try document(base), ours: try document(ours), theirs: try document(theirs),
      choosing: choices)
  }
}

import Foundation
import KadrPersistence

/// Opens any bytes the ways an app would and checks what must hold whatever the bytes are.
///
/// - The strict reader either refuses the bytes or reads a tree that the canonical writer writes
///   and the reader reads back to the same bytes.
/// - A coder either refuses the bytes with a ``PersistenceError`` that points inside them
///   (``ErrorPlacement``), or opens a composition that saves without loss, reopens equal by deep
///   reflection, and saves again to the same bytes.
///
/// A crash or a hang is the other failure; the caller (a test or the fuzz harness) sees it as
/// one. Shared by the mutation property tests and the fuzz harness.
struct DocumentProbe: Sendable {
  /// One way of opening: a name for messages, a coder and the image store it is given.
  struct Mode: Sendable {
    let name: String
    let coder: KadrCoder
    let images: (any ImageStore)?
  }

  /// What checking one document found.
  struct Outcome {
    /// What does not hold; empty when all is well.
    var problems: [String] = []
    /// The names of the modes that opened the document.
    var openedIn: [String] = []
  }

  /// Strict and preserving coders, each without a store and with `images`.
  let modes: [Mode]

  init(images: any ImageStore) {
    let preserving = KadrCoder(options: CodingOptions(preservingUnknown: true))
    modes = [
      Mode(name: "strict, tokens carried", coder: KadrCoder(), images: UnresolvedImageStore()),
      Mode(name: "preserving, store", coder: preserving, images: images),
      Mode(name: "strict, store", coder: KadrCoder(), images: images),
      Mode(name: "preserving, tokens carried", coder: preserving, images: UnresolvedImageStore()),
    ]
  }

  /// The bytes read as JSON once, when first needed.
  final class Tree {
    let bytes: [UInt8]
    lazy var json: JSONValue? = try? PublicJSON.read(bytes)

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
    }
  }

  /// Checks `bytes` in the modes at `modeIndices` (by default the first two, which between them
  /// cover both options and both kinds of store), and with the reader when they are JSON.
  func check(_ bytes: [UInt8], modeIndices: [Int] = [0, 1]) -> Outcome {
    var outcome = Outcome()
    let tree = Tree(bytes)
    var maybeJSON = false
    for index in modeIndices where modes.indices.contains(index) {
      let mode = modes[index]
      let (opened, problems, malformed) = check(bytes, mode: mode, tree: tree)
      outcome.problems += problems.map { "\(mode.name): \($0)" }
      if opened { outcome.openedIn.append(mode.name) }
      maybeJSON = maybeJSON || !malformed
    }
    // Bytes every mode refused as malformed JSON are not JSON: the reader has nothing to write.
    if maybeJSON, let json = tree.json {
      outcome.problems += jsonProblems(with: json).map { "reader: \($0)" }
    }
    return outcome
  }

  /// Writing a tree that was read, reading it back and writing it again.
  func jsonProblems(with json: JSONValue) -> [String] {
    do {
      let written = try PublicJSON.write(json)
      let again = try PublicJSON.write(try PublicJSON.read(written))
      return written == again ? [] : ["writing what was read back gives other bytes"]
    } catch {
      return ["the written tree does not read back: \(error)"]
    }
  }

  /// Opening in one mode, then saving, reopening and saving again: whether it opened, what does
  /// not hold, and whether it was refused as malformed JSON.
  func check(_ bytes: [UInt8], mode: Mode, tree: Tree) -> (
    opened: Bool, problems: [String], malformed: Bool
  ) {
    let opened: DecodedDocument<Video>
    do {
      opened = try mode.coder.open(Data(bytes), images: mode.images)
    } catch let error as PersistenceError {
      let problem = ErrorPlacement.problem(with: error, in: bytes) { tree.json }
      return (false, problem.map { [$0] } ?? [], error.lineAndColumn != nil)
    } catch {
      return (false, ["opening threw an error that is not a PersistenceError: \(error)"], false)
    }
    do {
      return (true, try problemsSaving(opened, mode: mode), false)
    } catch {
      return (true, ["saving or reopening what was opened failed: \(error)"], false)
    }
  }

  /// Saving what opened, reopening and saving again.
  func problemsSaving(_ opened: DecodedDocument<Video>, mode: Mode) throws
    -> [String]
  {
    let store = mode.images ?? opened.imageStore
    let first = try mode.coder.encode(opened.root, allowingLoss: true, images: store)
    let firstBytes = try first.data()
    let reopened = try mode.coder.open(firstBytes, images: store)
    let secondBytes = try mode.coder.data(for: reopened.root, allowingLoss: true, images: store)
    var problems: [String] = []
    if !first.lossReport.losses.isEmpty {
      problems.append("saving what was opened loses \(first.lossReport.losses)")
    }
    // Content kept without being understood holds its JSON objects' members in the order they
    // were read, and saving sorts them; so with such content, compare two values read from
    // saved (sorted) bytes instead.
    let expected =
      opened.preserved.isEmpty
      ? opened.root : try mode.coder.open(secondBytes, images: store).root
    let differences = ReflectionDiff.differences(expected, reopened.root)
    if !differences.isEmpty {
      problems.append("reopening what was saved differs: \(differences)")
    }
    if secondBytes != firstBytes {
      problems.append(
        "saving again gives other bytes:\n  \(Self.text(firstBytes))\n  \(Self.text(secondBytes))")
    }
    return problems
  }

  static func text(_ bytes: Data) -> String {
    String(decoding: bytes.prefix(4_000), as: UTF8.self)
  }
}

import Foundation
import KadrPersistence

/// Reads any bytes with the strict JSON reader alone, and checks what must hold whatever they
/// are: the reader the document, project-library and OpenTimelineIO paths all start with.
///
/// - The reader either refuses the bytes with a `PersistenceError` whose line:column lies in
///   them (or, for a limit checked before reading, a pointer), or reads a tree.
/// - A tree it reads writes canonical bytes that read back to the same values (a number may
///   change kind: `0.0` reads as a `Double` and is written `0`, which reads as an integer) and
///   write again to the same bytes, and reading is deterministic.
///
/// Far cheaper per input than the document target (no decoding, no image store), so libFuzzer
/// explores the reader's own branches — numbers, escapes, UTF-8, nesting, limits — many times
/// faster.
struct JSONProbe: Sendable {
  let coder = KadrCoder()

  /// What does not hold for `bytes`; empty when all is well.
  func check(_ bytes: [UInt8]) -> [String] {
    let tree: JSONValue
    do {
      tree = try coder.readJSON(Data(bytes)).json
    } catch let error as PersistenceError {
      // The reader refused the bytes, so there is no tree a pointer could be checked against.
      return ErrorPlacement.problem(with: error, in: bytes) { nil }.map { ["reader: \($0)"] } ?? []
    } catch {
      return ["the reader threw an error that is not a PersistenceError: \(error)"]
    }
    do {
      let written = try PublicJSON.write(tree)
      let reread = try PublicJSON.read(written)
      var problems: [String] = []
      if !Self.same(reread, tree) {
        problems.append("the canonical bytes of a tree read back to another tree")
      }
      if try PublicJSON.write(reread) != written {
        problems.append("writing what was read back gives other bytes")
      }
      if try PublicJSON.read(bytes) != tree { problems.append("reading twice gives two trees") }
      return problems
    } catch {
      return ["a tree the reader read does not write and read back: \(error)"]
    }
  }

  /// Whether two trees hold the same values, an integer and a `Double` of the same value being
  /// the same number.
  static func same(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.integer(let integer), .number(let number)), (.number(let number), .integer(let integer)):
      return Double(exactly: integer) == number
    case (.array(let left), .array(let right)):
      return left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
    case (.object(let left), .object(let right)):
      return left.count == right.count
        && left.allSatisfy { member in right[member.key].map { same(member.value, $0) } ?? false }
    default:
      return lhs == rhs
    }
  }
}

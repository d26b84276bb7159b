import Foundation
import KadrProjectLibrary

/// `kadr-doc library export` and `import`: one project as a project package.
extension LibraryCommand {
  static func export(
    _ store: any ProjectStore<OpaqueMetadata>, id text: String, to output: String?,
    includingHistory: Bool, console: Console
  ) throws -> Int32 {
    guard let id = ProjectID(rawValue: text.lowercased()) else {
      console.err(
        "kadr-doc library: '\(TerminalText.escaped(text, keepingNewlines: false))' is not a "
          + "project id; `kadr-doc library list` shows them.")
      return ExitCode.usage
    }
    guard let output, !output.isEmpty else {
      console.err("kadr-doc library: export needs the package to write: -o FILE.")
      return ExitCode.usage
    }
    let url = URL(fileURLWithPath: output)
    try store.export(id, to: url, includingHistory: includingHistory)
    console.out("exported \(id) to \(TerminalText.escaped(url.path, keepingNewlines: false))")
    if includingHistory, !store.keepsRevisionHistory {
      console.out("no revision history: the store keeps each project's last save only")
    }
    return ExitCode.ok
  }

  static func importPackage(
    into store: any ProjectStore<OpaqueMetadata>, from path: String, identity text: String?,
    console: Console
  ) throws -> Int32 {
    let identity: ImportIdentity
    switch text ?? "copy" {
    case "copy": identity = .copy
    case "keep": identity = .packageID(whenTaken: .refuse)
    case "replace": identity = .packageID(whenTaken: .replace)
    case "duplicate": identity = .packageID(whenTaken: .duplicate)
    case let other:
      console.err(
        "kadr-doc library: --identity is copy, keep, replace or duplicate, not "
          + "'\(TerminalText.escaped(other, keepingNewlines: false))'.")
      return ExitCode.usage
    }
    let project = try store.importPackage(at: URL(fileURLWithPath: path), as: identity)
    console.out(
      "imported \(project.id)  \(TerminalText.escaped(project.name, keepingNewlines: false))")
    return ExitCode.ok
  }
}

import Foundation
import KadrPersistence

/// `kadr-doc completeness`: the registry-wide completeness report.
enum CompletenessCommand: Command {
  static let name = "completeness"
  static let summary = "prove every registered codec handles every stored property"
  static let synopsis = """
    usage: kadr-doc completeness [--json]

    For every registered kind and model type of the standard registry: which stored properties
    its codec writes, which it deliberately leaves out and why, and whether a round trip of its
    samples, compared by deep reflection, proves it. Exit 1 if any type is incomplete.
    """
  static let options = [
    CommandOption(["--json"], help: "print the versioned report as JSON")
  ]
  static let positionals = 0...0

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let report = CodecRegistry.standard.completenessReport()
    if arguments.has("--json") {
      let encoder = JSONText.encoder(pretty: true)
      guard let data = try? encoder.encode(report) else {
        console.err("kadr-doc completeness: the report could not be encoded")
        return ExitCode.failure
      }
      console.outData(data + Data("\n".utf8))
    } else {
      console.out(report.rendered())
    }
    return report.isComplete ? ExitCode.ok : ExitCode.failure
  }
}

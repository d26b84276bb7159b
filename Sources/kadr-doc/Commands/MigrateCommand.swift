import Foundation
import KadrOTIO
import KadrPersistence

/// `kadr-doc migrate FILE`: bring an older schema to the current one.
enum MigrateCommand: Command {
  static let name = "migrate"
  static let summary = "bring a document of an older schema to the current one"
  static let help = """
    usage: kadr-doc migrate FILE [-o OUT]

    Runs the registered schema migrations, one step at a time, on the raw document and writes
    the result canonically to standard output or OUT (atomically). The migrated document is then
    opened to check it. Use - for standard input.

    options:
      -o, --output OUT    write to OUT instead of standard output
    """
  static let spec = ArgumentSpec(options: [["--output", "-o"]], positionals: 1...1)

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let file = arguments.positionals[0]
    let coder = KadrCoder(registry: OTIOPlaceholderModule.standardRegistry)
    do {
      let migrated = try coder.migrate(try Input.read(file))
      _ = try coder.open(migrated.data, images: UnresolvedImageStore())
      if let output = arguments.value("--output") {
        guard FileOutput.write(migrated.data, to: output, console: console) else {
          return ExitCode.failure
        }
      } else {
        console.outData(migrated.data)
      }
      if migrated.fromSchema != DocumentEnvelope.currentSchema {
        console.err(
          "\(file): migrated from schema \(migrated.fromSchema) to \(DocumentEnvelope.currentSchema)"
        )
      }
      return ExitCode.ok
    } catch {
      console.err(Input.describe(error, file: file))
      return ExitCode.failure
    }
  }
}

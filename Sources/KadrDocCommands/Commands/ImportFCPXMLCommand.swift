import Foundation
import KadrFCPXML
import KadrInterchange
import KadrPersistence

/// `kadr-doc import-fcpxml FILE.fcpxml -o OUT.kadr.json`: a Final Cut Pro XML project as a
/// document.
enum ImportFCPXMLCommand: Command {
  static let name = "import-fcpxml"
  static let summary =
    "read a Final Cut Pro timeline (FCPXML) into a document, reporting what is lost"
  static let synopsis = """
    usage: kadr-doc import-fcpxml FILE [-o OUT.kadr.json] [--images DIR] [--project N|NAME | --all]
                                  [--list] [--strict] [--json]

    Reads a Final Cut Pro XML document (FCPXML 1.8 to 1.13: a .fcpxml file or an .fcpxmld
    bundle) and writes one of its projects as a canonical document. Compound, multicam, sync
    clips and auditions are placed as their contents; media stay references (a clip without
    usable media is an offline placeholder). What the document holds that the composition does
    not (markers, keywords, effects, ...) is listed on standard error, one line per kind with a
    count and the first element paths. Hostile XML (DTDs, entities, oversized or deeply nested
    documents) is refused. Files are written atomically. Use - for standard input.
    """
  static let options = [
    CommandOption(
      ["--output", "-o"], value: "OUT", help: "write to OUT instead of standard output"),
    CommandOption(
      ["--images"], value: "DIR", help: "resolve stills in the file image store at DIR"),
    CommandOption(
      ["--project"], value: "N|NAME",
      help: """
        the project to import (its 0-based index or its name); the first
        by default
        """),
    CommandOption(
      ["--all"],
      help: """
        import every project into the directory -o names, one document
        each (N-NAME.kadr.json, N its index)
        """),
    CommandOption(["--list"], help: "list the document's projects (index, name) and stop"),
    CommandOption(
      ["--strict"],
      help: """
        exit 1 (writing nothing) when anything is held differently or
        left out
        """),
    CommandOption(
      ["--json"], help: "the report as JSON with every item, on standard output (needs -o)"),
  ]
  static let positionals = 1...1

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let file = arguments.positionals[0]
    let shown = file == "-" ? "<stdin>" : file
    var images: (any ImageStore)?
    if let exit = ImportUsage.refusal(
      arguments, command: name, selector: "--project", unit: "project", images: &images,
      console: console)
    {
      return exit
    }
    var importer = FCPXMLImporter()
    if let choice = arguments.value("--project") {
      importer.project = Int(choice).map(FCPXMLProjectSelection.index) ?? .named(choice)
    }
    if arguments.has("--all") { importer.project = .all }
    do {
      let data = try ImportUsage.read(
        file, bundleMain: "Info.fcpxml", maximumBytes: importer.limits.maximumBytes)
      if arguments.has("--list") {
        for project in try importer.projects(in: data) {
          let name = TerminalText.escaped(project.name, keepingNewlines: false)
          console.outData(Data("\(project.index)\t\(name)\n".utf8))
        }
        return ExitCode.ok
      }
      let imports = try importer.importProjects(from: data, images: images)
      if arguments.has("--json") {
        let reports = imports.map(\.report)
        let encoder = JSONText.encoder()
        console.outData(
          try encoder.encode(arguments.has("--all") ? AnyReports.many(reports) : .one(reports[0])))
        console.out("")
      } else {
        for imported in imports where !imported.report.isEmpty {
          let project = imports.count > 1 ? " (\(imported.projectName))" : ""
          console.err(
            TerminalText.escaped(
              imported.report.rendered(prefix: "\(shown)\(project): "), keepingNewlines: true))
        }
      }
      if arguments.has("--strict"), imports.contains(where: { !$0.report.isEmpty }) {
        return ExitCode.failure
      }
      let coder = KadrCoder(registry: InterchangePlaceholderModule.standardRegistry)
      let store = images ?? UnresolvedImageStore()
      if arguments.has("--all"), let directory = arguments.value("--output") {
        return try writeAll(imports, to: directory, coder: coder, images: store, console: console)
      }
      let bytes = try coder.data(for: imports[0].video, images: store)
      return FileOutput.deliver(bytes, to: arguments.value("--output"), console: console)
    } catch let error as FCPXMLError {
      let line = error.line.map { ":\($0)" } ?? ""
      console.err(
        TerminalText.escaped("\(shown)\(line): \(error.description)", keepingNewlines: false))
      return ExitCode.failure
    } catch {
      console.err(Input.describe(error, file: file))
      return ExitCode.failure
    }
  }

  /// One report, or every project's, as `--json` prints them.
  enum AnyReports: Encodable {
    case one(FCPXMLImportReport)
    case many([FCPXMLImportReport])

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .one(let report): try container.encode(report)
      case .many(let reports): try container.encode(reports)
      }
    }
  }

  /// Writes each project as `N-NAME.kadr.json` in `directory` (created if missing), named as
  /// `import-otio --all` names its timelines' documents (``ImportUsage/documentNames(_:fallback:)``).
  private static func writeAll(
    _ imports: [FCPXMLImport], to directory: String, coder: KadrCoder,
    images: any ImageStore, console: Console
  ) throws -> Int32 {
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    } catch {
      console.err(
        "kadr-doc import-fcpxml: cannot create the directory '\(directory)': "
          + (error as NSError).localizedDescription)
      return ExitCode.failure
    }
    let names = ImportUsage.documentNames(
      imports.map { ($0.projectIndex, $0.projectName) }, fallback: "project")
    for (imported, name) in zip(imports, names) {
      let path = URL(fileURLWithPath: directory).appendingPathComponent(name + ".kadr.json").path
      let bytes = try coder.data(for: imported.video, images: images)
      guard FileOutput.write(bytes, to: path, console: console) else { return ExitCode.failure }
      console.err(
        "kadr-doc import-fcpxml: wrote \(TerminalText.escaped(path, keepingNewlines: false))")
    }
    return ExitCode.ok
  }
}

import KadrPersistence

/// The option rules `import-otio` and `import-fcpxml` share.
enum ImportUsage {
  /// `nil` when the options fit together and `--images` (if given) names a usable store,
  /// which goes to `images`; else the exit status, after saying why.
  ///
  /// `--all` writes one document per timeline into the directory `-o` names, so it needs `-o`
  /// and takes no single choice; `--json` prints the report on standard output, so the
  /// document needs `-o` (unless `--list` only lists).
  ///
  /// - Parameters:
  ///   - arguments: The command's arguments.
  ///   - command: The command's name, for the message.
  ///   - selector: The option that chooses one timeline (`--timeline`, `--project`).
  ///   - unit: What the file holds several of ("timeline", "project").
  ///   - images: Set to the store `--images` names, `nil` without it.
  ///   - console: Where the reason goes.
  static func refusal(
    _ arguments: ParsedArguments, command: String, selector: String, unit: String,
    images: inout (any ImageStore)?, console: Console
  ) -> Int32? {
    let all = arguments.has("--all")
    let output = arguments.value("--output")
    if all, output == nil {
      console.err(
        "kadr-doc \(command): --all writes one document per \(unit) into a directory; name it "
          + "with -o DIR")
    } else if all, arguments.value(selector) != nil {
      console.err(
        "kadr-doc \(command): --all imports every \(unit); leave out \(selector), or leave out "
          + "--all to import the one it names")
    } else if arguments.has("--json"), output == nil, !arguments.has("--list") {
      console.err("kadr-doc \(command): --json prints the report; give -o OUT for the document")
    } else {
      guard let requested = ImageStores.requested(by: arguments, console: console, otherwise: nil)
      else { return ExitCode.failure }
      images = requested
      return nil
    }
    return ExitCode.usage
  }
}

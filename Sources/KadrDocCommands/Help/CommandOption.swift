import Foundation

/// One option of a command, declared once: its spellings, the kind of value it takes and its
/// help. The command's `--help`, its parsing (``ArgumentSpec``), the completion scripts and the
/// README's table are all built from these declarations, so none can drift from another.
struct CommandOption: Equatable {
  /// The spellings, the long one first (`--output`, `-o`); the first is the name the command
  /// reads the value or flag by.
  let names: [String]
  /// The value's placeholder (`OUT`, `DIR`, `N`), or `nil` for a flag.
  let value: String?
  /// The help, one string per line as `--help` prints them.
  let help: [String]

  /// Declares an option.
  ///
  /// - Parameters:
  ///   - names: The spellings, the long one first.
  ///   - value: The value's placeholder; `nil` (the default) for a flag.
  ///   - help: The help; a newline starts a new line of it.
  init(_ names: [String], value: String? = nil, help: String) {
    self.names = names
    self.value = value
    self.help = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The help as one line, for completion scripts.
  var text: String { help.joined(separator: " ") }

  /// Whether the value names a file or a directory (so a shell completes paths).
  var takesPath: Bool {
    guard let value else { return false }
    return value.hasPrefix("FILE") || value.hasPrefix("DIR") || value.hasPrefix("OUT")
      || value == "LIST"
  }

  /// `-o, --output OUT`: the short spellings first, then the long, then the placeholder.
  var declaration: String {
    let ordered = names.filter { !$0.hasPrefix("--") } + names.filter { $0.hasPrefix("--") }
    return ordered.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
  }

  /// The `options:` section of a help text: each declaration, its help beside it from one
  /// column (at least 24 characters in), continuation lines under the first.
  static func section(_ options: [CommandOption]) -> String {
    let width = max(22, options.map(\.declaration.count).max() ?? 0) + 2
    var lines = ["options:"]
    for option in options {
      for (index, text) in option.help.enumerated() {
        let left = index == 0 ? option.declaration : ""
        lines.append("  " + left.padding(toLength: width, withPad: " ", startingAt: 0) + text)
      }
    }
    return lines.joined(separator: "\n")
  }
}

extension Command {
  /// The usage line, the description and the options, as `--help` prints them.
  static var help: String {
    options.isEmpty ? synopsis : synopsis + "\n\n" + CommandOption.section(options)
  }

  /// What the command parses: its declared options and its positional arguments.
  static var spec: ArgumentSpec {
    ArgumentSpec(
      flags: options.filter { $0.value == nil }.map(\.names),
      options: options.filter { $0.value != nil }.map(\.names), positionals: positionals)
  }
}

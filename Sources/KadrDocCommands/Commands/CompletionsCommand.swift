import Foundation

/// `kadr-doc completions SHELL`: a completion script built from every command's help.
enum CompletionsCommand: Command {
  static let name = "completions"
  static let summary = "print a shell completion script (bash, zsh or fish)"
  static let synopsis = """
    usage: kadr-doc completions bash|zsh|fish

    Prints a script that completes kadr-doc's commands, their options and, where an option
    takes a file or a directory, paths. The script is built from the same declarations as the
    commands' parsing and help, so it never lists an option the tool does not have. Install it
    with, for example:
      kadr-doc completions bash > ~/.local/share/bash-completion/completions/kadr-doc
      kadr-doc completions zsh > "${fpath[1]}/_kadr-doc"
      kadr-doc completions fish > ~/.config/fish/completions/kadr-doc.fish
    """
  static let options: [CommandOption] = []
  static let positionals = 1...1

  static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
    let commands = KadrDoc.commands.map { ($0.name, $0.summary, $0.options) }
    switch arguments.positionals[0] {
    case "bash": console.out(bash(commands), redactingURLs: false)
    case "zsh": console.out(zsh(commands), redactingURLs: false)
    case "fish": console.out(fish(commands), redactingURLs: false)
    case let shell:
      console.err("kadr-doc completions: unknown shell '\(shell)'; use bash, zsh or fish")
      return ExitCode.usage
    }
    return ExitCode.ok
  }

  typealias Entry = (name: String, summary: String, options: [CommandOption])

  static func bash(_ commands: [Entry]) -> String {
    var lines = [
      "# bash completion for kadr-doc (kadr-doc completions bash)",
      "_kadr_doc() {",
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
      "  if (( COMP_CWORD == 1 )); then",
      "    COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " ")) help --help --version\" -- \"$cur\"))",
      "    return",
      "  fi",
      "  local options=''",
      "  case ${COMP_WORDS[1]} in",
    ]
    for command in commands {
      let names = command.options.flatMap(\.names).joined(separator: " ")
      let paths = command.options.filter(\.takesPath).flatMap(\.names).joined(separator: "|")
      lines.append("    \(command.name))")
      if !paths.isEmpty {
        lines.append(
          "      case $prev in \(paths)) COMPREPLY=($(compgen -f -- \"$cur\")); return;; esac")
      }
      lines.append("      options='\(names) --help';;")
    }
    lines.append(
      "    help) COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " "))\" -- \"$cur\")); return;;"
    )
    lines += [
      "  esac",
      "  if [[ $cur == -* ]]; then",
      "    COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))",
      "  else",
      "    COMPREPLY=($(compgen -f -- \"$cur\"))",
      "  fi",
      "}",
      "complete -o filenames -F _kadr_doc kadr-doc",
    ]
    return lines.joined(separator: "\n")
  }

  static func zsh(_ commands: [Entry]) -> String {
    func quoted(_ text: String) -> String {
      text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: ":", with: "\\:")
        .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }
    var lines = [
      "#compdef kadr-doc",
      "# zsh completion for kadr-doc (kadr-doc completions zsh)",
      "_kadr_doc() {",
      "  local -a commands",
      "  commands=(",
    ]
    lines += commands.map { "    '\($0.name):\(quoted($0.summary))'" }
    lines += [
      "  )",
      "  if (( CURRENT == 2 )); then",
      "    _describe 'command' commands",
      "    return",
      "  fi",
      "  case $words[2] in",
    ]
    for command in commands {
      var specs: [String] = []
      for option in command.options {
        let action =
          option.value.map { value in option.takesPath ? ":\(value):_files" : ":\(value):" } ?? ""
        let names =
          option.names.count > 1
          ? "'(\(option.names.joined(separator: " ")))'{\(option.names.joined(separator: ","))}"
          : "'\(option.names[0])"
        let body = "[\(quoted(option.text))]\(action)'"
        specs.append(option.names.count > 1 ? names + "'" + body : names + body)
      }
      specs.append("'*:file:_files'")
      lines.append("    \(command.name)) _arguments \(specs.joined(separator: " ")) ;;")
    }
    lines += ["    help) _describe 'command' commands ;;", "  esac", "}", "_kadr_doc \"$@\""]
    return lines.joined(separator: "\n")
  }

  static func fish(_ commands: [Entry]) -> String {
    func quoted(_ text: String) -> String {
      "'"
        + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
          of: "'", with: "\\'") + "'"
    }
    let names = commands.map(\.name).joined(separator: " ")
    var lines = [
      "# fish completion for kadr-doc (kadr-doc completions fish)",
      "complete -c kadr-doc -f",
      "complete -c kadr-doc -n '__fish_use_subcommand' -l version -d 'print the version'",
    ]
    for command in commands {
      lines.append(
        "complete -c kadr-doc -n '__fish_use_subcommand' -a \(command.name) -d \(quoted(command.summary))"
      )
      let condition = "'__fish_seen_subcommand_from \(command.name)'"
      for option in command.options {
        var line = "complete -c kadr-doc -n \(condition)"
        for name in option.names {
          line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
        }
        if option.value != nil { line += option.takesPath ? " -r -F" : " -r" }
        lines.append(line + " -d \(quoted(option.text))")
      }
      lines.append("complete -c kadr-doc -n \(condition) -F")
    }
    lines.append("complete -c kadr-doc -n '__fish_seen_subcommand_from help' -a '\(names)'")
    return lines.joined(separator: "\n")
  }
}

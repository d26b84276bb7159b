import Foundation

/// What a subcommand accepts: flags, options with a value, and positional arguments.
struct ArgumentSpec {
  /// Flags without a value, such as `--json`; each with its aliases.
  var flags: [[String]] = []
  /// Options with a value, such as `--images DIR`; each with its aliases.
  var options: [[String]] = []
  /// Whether positional arguments are accepted, and how many at least and at most.
  var positionals: ClosedRange<Int> = 0...0
}

/// The arguments of one run of a subcommand, parsed against its ``ArgumentSpec``.
struct ParsedArguments {
  private(set) var flags: Set<String> = []
  private(set) var options: [String: String] = [:]
  private(set) var positionals: [String] = []

  /// Whether the flag (by its first alias) was given.
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// The value of an option (by its first alias).
  func value(_ option: String) -> String? { options[option] }

  /// Parses `arguments`; `--` ends options; `-` alone is a positional (standard input).
  static func parse(_ arguments: [String], spec: ArgumentSpec) throws(UsageError) -> ParsedArguments
  {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    func canonical(_ name: String, in groups: [[String]]) -> String? {
      groups.first { $0.contains(name) }?.first
    }
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if let flag = canonical(name, in: spec.flags), inlineValue == nil {
        parsed.flags.insert(flag)
      } else if let option = canonical(name, in: spec.options) {
        if let inlineValue {
          parsed.options[option] = inlineValue
        } else if index < arguments.count {
          parsed.options[option] = arguments[index]
          index += 1
        } else {
          throw UsageError("\(name) needs a value")
        }
      } else {
        let known = (spec.flags + spec.options).flatMap { $0 }.filter { $0.hasPrefix("--") }
        let hint =
          known.first { $0.hasPrefix(String(name.prefix(4))) }.map {
            " Did you mean \($0)?"
          } ?? ""
        throw UsageError("unknown option \(name).\(hint)")
      }
    }
    guard spec.positionals.contains(parsed.positionals.count) else {
      if parsed.positionals.count < spec.positionals.lowerBound {
        throw UsageError("missing argument")
      }
      throw UsageError("too many arguments")
    }
    return parsed
  }
}

/// A command line that does not fit the subcommand's usage (exit code 2).
struct UsageError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

import Foundation

/// Compares two values by deep reflection: every stored property, recursively, not `==`.
///
/// `==` can hide a forgotten field (a field missing from both sides of a round trip compares
/// equal, and some types' `==` ignores fields). This walk visits every stored property that
/// `Mirror` shows, through optionals, collections, enum payloads, existentials and class
/// instances, and reports each place where the two values differ. Leaves are compared by their
/// text and, for numbers, bit for bit (so `-0.0` differs from `0.0`, and NaN equals NaN).
/// Closures cannot be compared; they are treated as equal.
public enum ReflectionDiff {
  /// The differences between `expected` and `actual`, as `path: expected ≠ actual` lines.
  ///
  /// - Parameters:
  ///   - expected: The original value.
  ///   - actual: The value to check, such as the result of a round trip.
  ///   - ignoring: Top-level stored properties to skip (those deliberately not encoded).
  ///   - limit: The most differences to collect.
  /// - Returns: An empty array when the values are equal by reflection.
  public static func differences(
    _ expected: Any, _ actual: Any, ignoring: Set<String> = [], limit: Int = 20
  ) -> [String] {
    var walker = Walker(limit: limit)
    walker.compare(expected, actual, path: "", ignoring: ignoring, depth: 0)
    return walker.differences
  }

  /// The stored-property names of a value as reflection shows them, normalised: a property
  /// wrapper's `_x` and lazy storage `$__lazy_storage_$_x` become `x`; an enum's case becomes its
  /// payload's labels (a single unlabelled payload is `.0`).
  ///
  /// - Parameter value: A struct, class or enum value.
  public static func storedPropertyNames(of value: Any) -> Set<String> {
    let mirror = Mirror(reflecting: value)
    var names = Set<String>()
    if mirror.displayStyle == .enum {
      for child in mirror.children {
        let payload = Mirror(reflecting: child.value)
        if payload.displayStyle == .tuple {
          for element in payload.children { names.insert(element.label ?? ".0") }
        } else {
          names.insert(".0")
        }
      }
      return names
    }
    var current: Mirror? = mirror
    while let level = current {
      for child in level.children {
        if let label = child.label { names.insert(normalize(label)) }
      }
      current = level.superclassMirror
    }
    return names
  }

  /// The stored properties of `value` that are `nil` or empty collections, for checking that a
  /// "maximal" sample really sets everything.
  ///
  /// - Parameter value: A struct, class or enum value.
  public static func unsetProperties(of value: Any) -> Set<String> {
    var unset = Set<String>()
    var current: Mirror? = Mirror(reflecting: value)
    while let level = current {
      for child in level.children {
        guard let label = child.label else { continue }
        let inner = Mirror(reflecting: child.value)
        switch inner.displayStyle {
        case .optional where inner.children.isEmpty:
          unset.insert(normalize(label))
        case .collection, .set, .dictionary:
          if inner.children.isEmpty { unset.insert(normalize(label)) }
        default:
          break
        }
      }
      current = level.superclassMirror
    }
    return unset
  }

  static func normalize(_ label: String) -> String {
    let lazyPrefix = "$__lazy_storage_$_"
    if label.hasPrefix(lazyPrefix) { return String(label.dropFirst(lazyPrefix.count)) }
    if label.hasPrefix("_"), label.count > 1, label != "_0" { return String(label.dropFirst()) }
    return label
  }

  private struct Walker {
    let limit: Int
    var differences: [String] = []
    static let maximumDepth = 10_000

    init(limit: Int) { self.limit = limit }

    mutating func note(_ path: String, _ expected: Any, _ actual: Any) {
      guard differences.count < limit else { return }
      differences.append("\(path.isEmpty ? "(root)" : path): \(text(expected)) ≠ \(text(actual))")
    }

    func text(_ value: Any) -> String {
      let description = String(describing: value)
      return description.count > 80 ? String(description.prefix(77)) + "…" : description
    }

    mutating func compare(
      _ expected: Any, _ actual: Any, path: String, ignoring: Set<String>, depth: Int
    ) {
      guard differences.count < limit else { return }
      guard depth < Walker.maximumDepth else {
        note(path, "(nesting deeper than \(Walker.maximumDepth))", "(not compared)")
        return
      }
      let expectedType = type(of: expected)
      let actualType = type(of: actual)
      guard expectedType == actualType else {
        note(path, "type \(expectedType)", "type \(actualType)")
        return
      }
      if let leaf = Leaf(expected), let other = Leaf(actual) {
        if leaf != other { note(path, expected, actual) }
        return
      }
      let left = Mirror(reflecting: expected)
      let right = Mirror(reflecting: actual)
      switch left.displayStyle {
      case .enum:
        compareEnums(left, right, expected, actual, path: path, depth: depth)
      case .collection, .set, .dictionary, .tuple, .optional:
        compareSequences(
          left, right, path: path, depth: depth,
          sortByText: left.displayStyle != .collection && left.displayStyle != .tuple
            && left.displayStyle != .optional)
      default:
        compareFields(left, right, path: path, ignoring: ignoring, depth: depth)
      }
    }

    mutating func compareEnums(
      _ left: Mirror, _ right: Mirror, _ expected: Any, _ actual: Any, path: String, depth: Int
    ) {
      let leftCase = left.children.first?.label ?? caseName(expected)
      let rightCase = right.children.first?.label ?? caseName(actual)
      guard leftCase == rightCase else {
        note(path, expected, actual)
        return
      }
      if let a = left.children.first, let b = right.children.first {
        compare(
          a.value, b.value, path: path + "." + (a.label ?? "case"), ignoring: [], depth: depth + 1)
      }
    }

    func caseName(_ value: Any) -> String { String(describing: value) }

    mutating func compareSequences(
      _ left: Mirror, _ right: Mirror, path: String, depth: Int, sortByText: Bool
    ) {
      var a = Array(left.children)
      var b = Array(right.children)
      guard a.count == b.count else {
        note(path, "\(a.count) element(s)", "\(b.count) element(s)")
        return
      }
      if sortByText {
        a.sort { String(describing: $0.value) < String(describing: $1.value) }
        b.sort { String(describing: $0.value) < String(describing: $1.value) }
      }
      for (index, (x, y)) in zip(a, b).enumerated() {
        let component = x.label.map { $0.hasPrefix(".") ? $0 : ".\($0)" } ?? "[\(index)]"
        let step = left.displayStyle == .optional ? "?" : component
        compare(x.value, y.value, path: path + step, ignoring: [], depth: depth + 1)
      }
    }

    mutating func compareFields(
      _ left: Mirror, _ right: Mirror, path: String, ignoring: Set<String>, depth: Int
    ) {
      var leftLevel: Mirror? = left
      var rightLevel: Mirror? = right
      while let l = leftLevel, let r = rightLevel {
        let a = Array(l.children)
        let b = Array(r.children)
        guard a.count == b.count else {
          note(path, "\(a.count) field(s)", "\(b.count) field(s)")
          return
        }
        for (x, y) in zip(a, b) {
          let name = x.label.map(ReflectionDiff.normalize) ?? "?"
          if ignoring.contains(name) { continue }
          compare(x.value, y.value, path: path + "." + name, ignoring: [], depth: depth + 1)
        }
        leftLevel = l.superclassMirror
        rightLevel = r.superclassMirror
      }
    }
  }

  /// A value compared as a whole rather than field by field.
  private enum Leaf: Equatable {
    case bits(UInt64, String)
    case text(String)
    case data(Data)
    case function

    init?(_ value: Any) {
      switch value {
      case let number as Double: self = .bits(number.bitPattern, "Double")
      case let number as Float: self = .bits(UInt64(number.bitPattern), "Float")
      case let number as CGFloat: self = .bits(Double(number).bitPattern, "CGFloat")
      case let string as String: self = .text(string)
      case let url as URL: self = .text(url.absoluteString)
      case let data as Data: self = .data(data)
      case let int as any BinaryInteger: self = .text("\(type(of: int)):\(int)")
      case let bool as Bool: self = .text(bool ? "true" : "false")
      default:
        if Mirror(reflecting: value).displayStyle == nil,
          String(describing: value) == "(Function)"
        {
          self = .function
        } else if Mirror(reflecting: value).children.isEmpty,
          Mirror(reflecting: value).displayStyle != .collection,
          Mirror(reflecting: value).displayStyle != .optional,
          Mirror(reflecting: value).displayStyle != .enum
        {
          self = .text(String(describing: value))
        } else {
          return nil
        }
      }
    }
  }
}

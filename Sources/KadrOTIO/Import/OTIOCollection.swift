import Foundation
import KadrPersistenceCore

/// Which timeline of a `SerializableCollection` to import.
public enum OTIOTimelineSelection: Sendable, Hashable {
  /// The timeline at this position among the collection's timelines (depth first), from 0.
  case index(Int)
  /// The first timeline of this name.
  case named(String)
}

/// One timeline of an OpenTimelineIO file.
public struct OTIOTimelineEntry: Sendable, Hashable, Codable {
  /// Its position among the file's timelines, from 0.
  public let index: Int
  /// Its name.
  public let name: String
  /// Its JSON pointer in the file (`""` for a file that is one timeline).
  public let pointer: String
}

/// The timelines of a file that holds a `Timeline.1` or a `SerializableCollection.1` of them
/// (collections may nest, as FCP X libraries' events do).
enum OTIOCollection {
  /// The deepest nesting of collections searched.
  static let maximumDepth = 64

  static func timelines(in json: JSONValue) throws(PersistenceError) -> [OTIOTimelineEntry] {
    try found(in: json).enumerated().map { index, entry in
      OTIOTimelineEntry(
        index: index, name: entry.name, pointer: entry.pointer.description)
    }
  }

  /// Every timeline of a file with its JSON, found in one walk.
  static func everyTimeline(in json: JSONValue) throws(PersistenceError) -> [(
    entry: OTIOTimelineEntry, json: JSONValue, pointer: JSONPointer
  )] {
    try found(in: json).enumerated().map { index, found in
      (
        OTIOTimelineEntry(index: index, name: found.name, pointer: found.pointer.description),
        found.json, found.pointer
      )
    }
  }

  /// The timeline `selection` picks, reporting the others of a collection.
  static func select(
    _ selection: OTIOTimelineSelection, in json: JSONValue, report: inout ReportBuilder
  ) throws(PersistenceError) -> (json: JSONValue, pointer: JSONPointer) {
    let root = try OTIONode(json, at: .root)
    guard try root.family() == "SerializableCollection" else { return (json, .root) }
    let all = try found(in: json)
    let chosen: Int?
    switch selection {
    case .index(let index): chosen = all.indices.contains(index) ? index : nil
    case .named(let name): chosen = all.firstIndex { $0.name == name }
    }
    guard let chosen else {
      let names = all.enumerated().map { "\($0.offset): '\($0.element.name)'" }
      throw .invalid(
        "The collection holds \(all.count) timeline\(all.count == 1 ? "" : "s")"
          + (names.isEmpty ? "" : " (\(names.joined(separator: ", ")))")
          + " and none is \(selection); choose one by index or name (kadr-doc import-otio "
          + "--list shows them)", at: root.pointer(OTIOKey.children))
    }
    if all.count > 1 {
      report.add(
        .otherTimelines, at: .root,
        "The collection holds \(all.count) timelines; imported \(chosen): '\(all[chosen].name)'. "
          + "Import the others by index or name (kadr-doc import-otio --timeline).")
    }
    return (all[chosen].json, all[chosen].pointer)
  }

  private static func found(in json: JSONValue) throws(PersistenceError) -> [(
    name: String, json: JSONValue, pointer: JSONPointer
  )] {
    var result: [(name: String, json: JSONValue, pointer: JSONPointer)] = []
    try walk(try OTIONode(json, at: .root), depth: 0, into: &result)
    guard !result.isEmpty else {
      throw .invalid(
        "The file holds no \(OTIOSchema.timeline) (a \(try OTIONode(json, at: .root).schema())); "
          + "kadr imports timelines", at: JSONPointer.root.appending(key: OTIOKey.schema))
    }
    return result
  }

  private static func walk(
    _ node: OTIONode, depth: Int,
    into result: inout [(name: String, json: JSONValue, pointer: JSONPointer)]
  ) throws(PersistenceError) {
    guard depth < maximumDepth else {
      throw PersistenceError(.tooDeep(limit: maximumDepth), at: node.pointer)
    }
    switch try node.family() {
    case "Timeline":
      result.append((try node.string(OTIOKey.name) ?? "", .object(node.object), node.pointer))
    case "SerializableCollection":
      for child in try node.nodes(OTIOKey.children) {
        try walk(child, depth: depth + 1, into: &result)
      }
    default:
      return
    }
  }
}

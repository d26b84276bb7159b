import Foundation

/// An FCPXML document read into its tree: the version checked, the resources indexed by id and
/// the projects found (in a library's events, in events, or at the top level).
struct DocumentReader {
  /// A project and where it is.
  struct Project {
    let element: XMLTree
    let path: String
    let name: String
  }

  let root: XMLTree
  let resources: [String: XMLTree]
  let projects: [Project]
  /// How many elements the document has.
  let elementCount: Int

  init(data: Data, limits: FCPXMLReadingLimits) throws(FCPXMLError) {
    let root = try XMLTreeReader(limits: limits).read(data)
    guard root.name == "fcpxml" else {
      throw FCPXMLError(.notFCPXML(root: root.name), path: "/" + root.name, line: root.line)
    }
    let version = root["version"] ?? ""
    let parts = version.split(separator: ".")
    guard parts.count == 2, parts[0] == "1", let minor = Int(parts[1]),
      FCPXMLVocabulary.importableMinorVersions.contains(minor)
    else {
      throw FCPXMLError(.unsupportedVersion(version), path: "/fcpxml", line: root.line)
    }
    self.root = root
    var count = 0
    var pending = [root]
    while let element = pending.popLast() {
      count += 1
      pending += element.children
    }
    elementCount = count
    var resources: [String: XMLTree] = [:]
    for element in root.child(named: "resources")?.children ?? [] {
      if let id = element["id"] { resources[id] = element }
    }
    self.resources = resources
    var projects: [Project] = []
    func collect(_ container: XMLTree, path: String) {
      var counts: [String: Int] = [:]
      for child in container.children {
        counts[child.name, default: 0] += 1
        let childPath = "\(path)/\(child.name)[\(counts[child.name] ?? 1)]"
        switch child.name {
        case "library", "event": collect(child, path: childPath)
        case "project" where child.child(named: "sequence") != nil:
          projects.append(Project(element: child, path: childPath, name: child["name"] ?? ""))
        default: break
        }
      }
    }
    collect(root, path: "/fcpxml")
    self.projects = projects
  }

  /// The projects `selection` names.
  func chosen(_ selection: FCPXMLProjectSelection) throws(FCPXMLError) -> [Int] {
    guard !projects.isEmpty else { throw FCPXMLError(.noProject, path: "/fcpxml") }
    switch selection {
    case .first:
      return [0]
    case .all:
      return Array(projects.indices)
    case .index(let index):
      guard projects.indices.contains(index) else {
        throw FCPXMLError(
          .projectNotFound("#\(index)", available: projects.map(\.name)), path: "/fcpxml")
      }
      return [index]
    case .named(let name):
      guard let index = projects.firstIndex(where: { $0.name == name }) else {
        throw FCPXMLError(
          .projectNotFound(name, available: projects.map(\.name)), path: "/fcpxml")
      }
      return [index]
    }
  }

  /// The bytes of an FCPXML file, or of a bundle's `Info.fcpxml`.
  static func data(at url: URL, limits: FCPXMLReadingLimits) throws(FCPXMLError) -> Data {
    var file = url.resolvingSymlinksInPath()
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      file = file.appendingPathComponent("Info.fcpxml").resolvingSymlinksInPath()
    }
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
      if let size = attributes[.size] as? NSNumber, size.intValue > limits.maximumBytes {
        throw FCPXMLError(
          .limitExceeded(limit: "file size (bytes)", value: limits.maximumBytes), path: file.path)
      }
      if let type = attributes[.type] as? FileAttributeType, type != .typeRegular {
        throw FCPXMLError(.unreadableFile(path: file.path, detail: "not a regular file"))
      }
      return try Data(contentsOf: file)
    } catch let error as FCPXMLError {
      throw error
    } catch {
      throw FCPXMLError(
        .unreadableFile(path: file.path, detail: (error as NSError).localizedDescription))
    }
  }
}

import Foundation
import KadrProjectLibrary

extension ProjectSummary {
  /// The project's directory: these tests use folder libraries, whose projects always have one
  /// (a missing one is a failure of the test, at `/nonexistent`).
  var folder: URL {
    directory ?? URL(fileURLWithPath: "/nonexistent/\(id.rawValue)", isDirectory: true)
  }

  /// The document of the last explicit save, in a folder library.
  var documentFile: URL {
    documentURL ?? folder.appendingPathComponent("document.json")
  }
}

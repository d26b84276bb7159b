import Foundation
import KadrFCPXML
import KadrModel
import KadrPersistence
import Testing

/// An export that is also checked the way Final Cut Pro and this package would read it: valid
/// against the DTD (when xmllint is here) and read back by the importer with as many clips on
/// the main chain.
enum CheckedExport {
  static func export(
    _ video: Video, with exporter: FCPXMLExporter = FCPXMLExporter(),
    images: (any ImageStore)? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> FCPXMLFile {
    let file = try exporter.export(video, images: images)
    if Tools.xmllint != nil {
      let problems = Tools.dtdProblems(file.data)
      #expect(problems == nil, "\(problems ?? "")", sourceLocation: sourceLocation)
    }
    let imported = try FCPXMLImporter().importProject(from: file.data, images: images)
    #expect(
      imported.video.clips.count == video.clips.count, "\(imported.report)",
      sourceLocation: sourceLocation)
    return file
  }
}

import Foundation
import KadrFCPXML
import Testing

/// Builds the hostile documents the hardening tests import, and imports them the way an app
/// would: whatever the bytes, the import returns or throws an `FCPXMLError`, never crashes.
enum HostileDocuments {
  /// A 25 fps 1920×1080 format, `r1`.
  static let format = "<format id=\"r1\" frameDuration=\"1/25s\" width=\"1920\" height=\"1080\"/>"

  /// A movie asset `r2` of a.mov, 100 s long, in format `r1`.
  static let movie =
    "<asset id=\"r2\" name=\"a.mov\" start=\"0s\" duration=\"100s\" hasVideo=\"1\" "
    + "format=\"r1\" hasAudio=\"1\"><media-rep kind=\"original-media\" "
    + "src=\"file:///media/a.mov\"/></asset>"

  /// An audio asset `r3` of m.wav, 100 s long.
  static let music =
    "<asset id=\"r3\" name=\"m.wav\" start=\"0s\" duration=\"100s\" hasAudio=\"1\">"
    + "<media-rep kind=\"original-media\" src=\"file:///media/m.wav\"/></asset>"

  /// A document of one project whose spine holds `spine`, with `resources` after the format.
  static func document(resources: String = movie + music, spine: String) -> Data {
    Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE fcpxml>
      <fcpxml version="1.10"><resources>\(format)\(resources)</resources><library><event \
      name="E"><project name="P"><sequence format="r1" duration="10s" tcStart="0s"><spine>
      \(spine)
      </spine></sequence></project></event></library></fcpxml>
      """.utf8)
  }

  /// The import of `data`, or the `FCPXMLError` refusing it; any other error is an issue.
  static func outcome(
    _ data: Data, importer: FCPXMLImporter = FCPXMLImporter(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Result<FCPXMLImport, FCPXMLError>? {
    do {
      return .success(try importer.importProject(from: data))
    } catch let error as FCPXMLError {
      return .failure(error)
    } catch {
      Issue.record("not an FCPXMLError: \(error)", sourceLocation: sourceLocation)
      return nil
    }
  }
}

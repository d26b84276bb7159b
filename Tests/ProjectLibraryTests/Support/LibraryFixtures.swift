import Foundation
import KadrPersistence
import KadrProjectLibrary
import Testing

/// The app metadata of the tests: version 2 renamed version 1's `scale` to `zoom`.
struct EditorState: ProjectMetadata, Equatable {
  static let version = 2
  static let migrations = [
    MetadataMigration(from: 1) { app in
      guard case .object(let old) = app, let scale = old["scale"] else { return app }
      var object = JSONObject()
      object["zoom"] = scale
      return .object(object)
    }
  ]
  var zoom: Double = 1
  var selectedClip: String?
}

/// The probe's metadata and states, as `Tests/ProjectLibraryProbe/main.swift` defines them.
struct ProbeState: ProjectMetadata, Equatable {
  static let version = 1
  var step: Int

  static func video(step: Int) -> Video {
    var clips: [any Clip] = [TitleSequence("state \(step)", duration: 2)]
    for index in 0..<200 { clips.append(TitleSequence("clip \(index)", duration: 1)) }
    return Video(clips: clips)
  }
}

/// Pictures and compositions the tests save.
enum Pictures {
  static let red = PlatformImage.solidColor(PlatformColor(red: 1, green: 0, blue: 0), width: 4)
  static let blue = PlatformImage.solidColor(PlatformColor(red: 0, green: 0, blue: 1), width: 4)
  static let green = PlatformImage.solidColor(PlatformColor(red: 0, green: 1, blue: 0), width: 4)
  static let thumbnail = PlatformImage.solidColor(.white, width: 2)

  /// A slideshow of `photos` after a title.
  static func video(_ title: String, photos: [PlatformImage] = []) -> Video {
    var clips: [any Clip] = [TitleSequence(title, duration: 2)]
    for photo in photos { clips.append(ImageClip(photo, duration: 1)) }
    return Video(clips: clips)
  }
}

/// A temporary directory removed by `remove()`; a library lives in it.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-library-tests-" + UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }

  /// A library of `EditorState` projects in the directory.
  func library(autosaveDelay: Duration = .milliseconds(50)) throws -> ProjectLibrary<EditorState> {
    try ProjectLibrary(directory: url, autosaveDelay: autosaveDelay)
  }
}

/// Checks that two compositions are equal by reflection (every stored property), and that they
/// save to the same bytes.
func expectSameVideo(
  _ actual: Video, _ expected: Video, images: any ImageStore,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let differences = ReflectionDiff.differences(expected, actual)
  #expect(differences.isEmpty, "\(differences)", sourceLocation: sourceLocation)
  let coder = KadrCoder()
  #expect(
    try coder.data(for: actual, images: images) == coder.data(for: expected, images: images),
    sourceLocation: sourceLocation)
}

/// The bytes and modification date of a file, to prove it was not rewritten.
func fingerprint(_ url: URL) throws -> String {
  let data = try Data(contentsOf: url)
  let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
  let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
  return "\(data.base64EncodedString()) @ \(date)"
}

import Foundation
import KadrPersistence
import KadrProjectLibrary

/// What an editor app keeps about each project besides its document.
struct EditorState: ProjectMetadata, Equatable {
  static let version = 1
  var zoom: Double = 1
  var selectedClip: String?
}

/// The number of failed checks; the example runs on the main actor only.
var failures = 0

@MainActor func check(_ condition: Bool, _ what: String) {
  print(condition ? "  ok: \(what)" : "  FAILED: \(what)")
  if !condition { failures += 1 }
}

/// A slideshow: a title, then each photo for two seconds.
func slideshow(_ title: String, _ photos: [PlatformImage]) -> Video {
  Video(clips: [TitleSequence(title, duration: 2)] + photos.map { ImageClip($0, duration: 2) })
}

/// Builds a small library, edits and autosaves a project, simulates a crash, recovers it,
/// duplicates and deletes projects, and collects the images nothing uses any more.
@MainActor func run(in folder: URL) throws {
  let beach = PlatformImage.solidColor(PlatformColor(red: 0.9, green: 0.8, blue: 0.5), width: 32)
  let sea = PlatformImage.solidColor(PlatformColor(red: 0.1, green: 0.3, blue: 0.8), width: 32)
  let hills = PlatformImage.solidColor(PlatformColor(red: 0.2, green: 0.6, blue: 0.2), width: 32)

  print("== A library with two projects ==")
  let library = try ProjectLibrary<EditorState>(directory: folder)
  let holiday = try library.create(
    name: "Holiday", video: slideshow("Holiday", [beach, sea]), metadata: EditorState(),
    thumbnail: beach)
  let hike = try library.create(
    name: "Hike", video: slideshow("Hike", [hills, sea]), metadata: EditorState(zoom: 2))
  for project in try library.list().projects { print("  \(project.name)  \(project.id)") }
  check(try library.images.storedTokens().count == 3, "three images, shared: sea is stored once")

  print("\n== Editing the holiday; autosaves coalesce, then the app crashes ==")
  for zoom in 1...20 {
    library.scheduleSave(
      slideshow("Holiday, edit \(zoom)", [beach]), metadata: EditorState(zoom: Double(zoom)),
      for: holiday.id)
  }
  try library.flush()  // an app flushes when it moves to the background
  // A crash: this library object is gone without a save. A new launch opens the directory.
  let relaunched = try ProjectLibrary<EditorState>(directory: folder)
  let recovered = try relaunched.recover(holiday.id)
  check(recovered?.metadata.zoom == 20, "the newest autosave is offered after the crash")
  check(
    try relaunched.open(holiday.id).metadata.zoom == 1, "the last explicit save is untouched")
  if let recovered {
    try relaunched.save(recovered.video, metadata: recovered.metadata, for: holiday.id)
    check(try relaunched.recover(holiday.id) == nil, "saving the recovered state clears it")
  }

  print("\n== Duplicating the hike, deleting the original ==")
  let copy = try relaunched.duplicate(hike.id, name: "Hike (copy)")
  check(try relaunched.images.storedTokens().count == 3, "duplicating copies no image")
  try relaunched.delete(hike.id)
  check(try relaunched.trashed().projects.map(\.id) == [hike.id], "the original is in the trash")
  check(try relaunched.collectImages().removed.isEmpty, "the copy and the trash keep the images")

  print("\n== Emptying the trash and collecting images ==")
  try relaunched.emptyTrash()
  let dryRun = try relaunched.collectImages(dryRun: true)
  print("  a dry run would delete \(dryRun.removed.count) image(s)")
  let collected = try relaunched.collectImages()
  check(collected.removed == dryRun.removed, "the collection deletes what the dry run listed")
  // The edit dropped the sea from the holiday, but the copy of the hike still shows it.
  check(collected.removed.isEmpty, "every image is still used by the holiday or the copy")
  try relaunched.delete(copy.id)
  try relaunched.emptyTrash()
  let last = try relaunched.collectImages()
  print("  with the copy gone: deleted \(last.removed.count) image(s)")
  check(last.removed.count == 2, "the sea and the hills went with the copy")
  check(try relaunched.open(holiday.id).video.clips.count == 2, "the holiday still opens")
}

let folder = FileManager.default.temporaryDirectory
  .appendingPathComponent("kadr-project-library-example-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }
do {
  try run(in: folder)
} catch {
  check(false, "unexpected error: \(error)")
}
print(failures == 0 ? "\nAll checks passed." : "\n\(failures) check(s) failed.")
exit(failures == 0 ? 0 : 1)

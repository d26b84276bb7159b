import Foundation
import KadrPersistence

/// Saves a slideshow with its photos into a `FileImageStore`, reopens it, changes it, saves it
/// again and prunes the photos no longer used. Exits with status 1 when a check fails.
@main
@MainActor
enum FileImageStoreExample {
  /// The number of failed checks; the example runs on the main actor only.
  static var failures = 0

  static func main() {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-file-store-example-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      try run(in: folder)
    } catch {
      check(false, "unexpected error: \(error)")
    }
    print(failures == 0 ? "\nAll checks passed." : "\n\(failures) check(s) failed.")
    exit(failures == 0 ? 0 : 1)
  }

  static func run(in folder: URL) throws {
    let store = try FileImageStore(directory: folder.appendingPathComponent("images"))
    let project = folder.appendingPathComponent("slideshow.kadr.json")
    let colors = [
      PlatformColor(red: 1, green: 0.6, blue: 0.2), PlatformColor(red: 0.1, green: 0.4, blue: 0.8),
      PlatformColor(red: 0.1, green: 0.5, blue: 0.2), PlatformColor(white: 0.95),
    ]
    let photos = colors.map { PlatformImage.solidColor($0, width: 64, height: 36) }
    let logo = PlatformImage.solidColor(.white, width: 8, height: 8)

    print("== Saving a slideshow of \(photos.count) photos and a logo ==")
    let slideshow = self.slideshow(photos, logo: logo)
    try KadrCoding.write(slideshow, to: project, images: store)
    let stored = try store.storedTokens()
    print("project: \(project.lastPathComponent), \(try Data(contentsOf: project).count) bytes")
    print("image files in \(store.directory.lastPathComponent)/: \(stored.count)")
    for line in stored { print("  \(line)") }
    check(stored.count == photos.count + 1, "one file per distinct image")

    print("\n== Reopening it ==")
    let reopened = try KadrCoding.read(from: project, images: store)
    let images = reopened.clips.compactMap { ($0 as? ImageClip)?.image }
    print("\(reopened.clips.count) clips, \(images.count) photos read back from the store")
    check(images == photos, "every photo comes back with the same bytes")
    check(
      (reopened.overlays.first as? ImageOverlay)?.image == logo, "the logo overlay comes back")

    print("\n== Changing the slideshow: drop two photos, add a new one ==")
    let dusk = PlatformImage.solidColor(PlatformColor(red: 0.4, green: 0.2, blue: 0.5), width: 64)
    let changed = self.slideshow([photos[0], photos[3], dusk], logo: logo)
    try KadrCoding.write(changed, to: project, images: store)
    print("image files after saving again: \(try store.storedTokens().count)")

    let saved = try Data(contentsOf: project)
    let referenced = try KadrCoding.imageTokens(in: saved)
    print("tokens the project refers to: \(referenced.count)")
    let removed = try store.prunedTokens(keeping: Set(referenced))
    let remaining = try store.storedTokens()
    print("pruned \(removed.count) orphan(s):")
    for line in removed { print("  \(line)") }
    print("image files left: \(remaining.count)")
    check(removed.count == 2, "the two dropped photos were pruned")
    check(Set(remaining) == Set(referenced), "exactly the referenced images are left")

    let final = try KadrCoding.read(from: project, images: store)
    check(
      final.clips.compactMap { ($0 as? ImageClip)?.image } == [photos[0], photos[3], dusk],
      "the changed slideshow reopens after pruning")
  }

  /// A slideshow: each photo for two seconds, with fades between, and a logo in the corner.
  static func slideshow(_ photos: [PlatformImage], logo: PlatformImage) -> Video {
    var clips: [any Clip] = []
    for (index, photo) in photos.enumerated() {
      if index > 0 { clips.append(Transition.fade(duration: 0.5)) }
      clips.append(ImageClip(photo, duration: 2).id(ClipID("photo-\(index)")))
    }
    return Video(
      clips: clips, preset: .square,
      overlays: [
        ImageOverlay(
          image: logo, position: .bottomRight, anchor: .bottomRight, opacity: 0.8,
          layerID: "logo")
      ])
  }

  static func check(_ condition: Bool, _ message: String) {
    print("\(condition ? "ok    " : "FAILED") \(message)")
    if !condition { failures += 1 }
  }
}

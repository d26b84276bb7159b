import Foundation
import KadrPersistence
import KadrProjectLibrary

/// One run of a contract check on one store.
struct ContractRun<Store: ProjectStore> where Store.Metadata == ContractMetadata {
  let check: ProjectStoreContract.Check
  let store: Store

  /// A composition of a title, a video clip and `photos`.
  static func video(_ title: String, photos: [PlatformImage] = []) -> Video {
    var clips: [any Clip] = [
      TitleSequence(title, duration: 2),
      VideoClip(url: URL(fileURLWithPath: "/media/\(title).mov")).trimmed(
        to: TimeRange(start: Time(value: 1, timescale: 2), duration: Time(value: 3, timescale: 1))),
    ]
    for photo in photos { clips.append(ImageClip(photo, duration: 1)) }
    return Video(clips: clips)
  }

  static var red: PlatformImage { ContractPictures.red }
  static var blue: PlatformImage { ContractPictures.blue }

  /// Fails the check with `message` unless `condition` holds.
  func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw ProjectStoreContract.Violation(check: check, message: message()) }
  }

  /// Fails unless `video` equals `expected` by deep reflection.
  func expectSame(_ video: Video, _ expected: Video, _ what: String) throws {
    let differences = ReflectionDiff.differences(expected, video)
    try expect(
      differences.isEmpty, "\(what) differs: \(differences.prefix(3).joined(separator: "; "))")
  }

  /// Fails unless `body` throws `ProjectLibraryError.projectNotFound(id)`.
  func expectNotFound(_ id: ProjectID, _ what: String, _ body: () throws -> Void) throws {
    do {
      try body()
    } catch ProjectLibraryError.projectNotFound(let missing) where missing == id {
      return
    } catch {
      try expect(false, "\(what) threw \(error) instead of projectNotFound")
    }
    try expect(false, "\(what) did not throw projectNotFound")
  }

  /// The ids of the store's listing, in order.
  func listed() throws -> [ProjectID] { try store.list().projects.map(\.id) }

  mutating func createdProjectOpensAsCreated() throws {
    let video = Self.video("opening")
    let metadata = ContractMetadata(note: "first", zoom: 1.5)
    let created = try store.create(name: "Opening", video: video, metadata: metadata)
    try expect(created.name == "Opening", "the summary's name is \(created.name)")
    try expect(created.revision == 0, "a new project's revision is \(created.revision), not 0")
    try expect(created.clipCount == 2, "the summary counts \(created.clipCount ?? -1) clips")
    let opened = try store.open(created.id)
    try expectSame(opened.video, video, "the opened composition")
    try expect(opened.metadata == metadata, "the metadata came back as \(opened.metadata)")
    try expect(opened.summary.name == "Opening", "the opened name is \(opened.summary.name)")
    try expect(opened.origin == .savedDocument, "the origin is \(opened.origin)")
    try expect(try listed().contains(created.id), "the new project is not listed")
  }

  mutating func saveReplacesTheDocument() throws {
    let first = try store.create(name: "A", video: Self.video("a"), metadata: ContractMetadata())
    let second = try store.create(name: "B", video: Self.video("b"), metadata: ContractMetadata())
    let edited = Self.video("a, edited")
    let saved = try store.save(edited, metadata: ContractMetadata(note: "saved"), for: first.id)
    try expect(saved.revision == 1, "the first save's revision is \(saved.revision), not 1")
    try expectSame(try store.open(first.id).video, edited, "the saved composition")
    try expect(
      try store.open(first.id).metadata.note == "saved", "the saved metadata was not kept")
    let order = try listed().filter { [first.id, second.id].contains($0) }
    try expect(order == [first.id, second.id], "the saved project is not listed first: \(order)")
    let again = try store.save(Self.video("a, again"), metadata: ContractMetadata(), for: first.id)
    try expect(again.revision == 2, "the second save's revision is \(again.revision), not 2")
  }

  mutating func takenIDIsRefused() throws {
    let id = ProjectID()
    try store.create(
      name: "taken", video: Self.video("t"), metadata: ContractMetadata(), thumbnail: nil, id: id,
      created: nil, modified: nil)
    do {
      try store.create(
        name: "again", video: Self.video("u"), metadata: ContractMetadata(), thumbnail: nil,
        id: id, created: nil, modified: nil)
      try expect(false, "a second project under a taken id was created")
    } catch ProjectLibraryError.projectExists(let taken) {
      try expect(taken == id, "projectExists names \(taken), not \(id)")
    }
    try expect(try store.open(id).summary.name == "taken", "the first project was replaced")
  }

  mutating func missingProjectIsNotFound() throws {
    let id = ProjectID()
    try expectNotFound(id, "open") { _ = try store.open(id) }
    try expectNotFound(id, "save") {
      _ = try store.save(Self.video("x"), metadata: ContractMetadata(), for: id)
    }
    try expectNotFound(id, "rename") { _ = try store.rename(id, to: "x") }
    try expectNotFound(id, "delete") { try store.delete(id) }
  }

  mutating func renameKeepsTheDocument() throws {
    let video = Self.video("named")
    let project = try store.create(name: "Old", video: video, metadata: ContractMetadata())
    let renamed = try store.rename(project.id, to: "New")
    try expect(renamed.name == "New", "the rename's summary says \(renamed.name)")
    let opened = try store.open(project.id)
    try expect(opened.summary.name == "New", "the project opens as \(opened.summary.name)")
    try expectSame(opened.video, video, "the renamed project's composition")
  }

  mutating func duplicateIsIndependent() throws {
    let video = Self.video("original")
    let original = try store.create(
      name: "Original", video: video, metadata: ContractMetadata(note: "n"))
    let copy = try store.duplicate(original.id, name: "Copy")
    try expect(copy.id != original.id, "the copy has the original's id")
    try expect(copy.name == "Copy", "the copy is named \(copy.name)")
    try store.save(Self.video("original, edited"), metadata: ContractMetadata(), for: original.id)
    let opened = try store.open(copy.id)
    try expectSame(opened.video, video, "the copy, after the original was saved,")
    try expect(opened.metadata.note == "n", "the copy's metadata is \(opened.metadata)")
  }

  mutating func metadataUpdateIsAllOrNothing() throws {
    let project = try store.create(
      name: "Meta", video: Self.video("m"), metadata: ContractMetadata(note: "before", zoom: 1))
    do {
      try store.updateMetadata(of: project.id) { metadata in
        metadata.note = "half"
        throw ContractRefusal()
      }
      try expect(false, "an update whose change threw did not throw")
    } catch is ContractRefusal {}
    try expect(
      try store.open(project.id).metadata.note == "before", "a change that threw was written")
    let updated = try store.updateMetadata(of: project.id) { $0.zoom = 4 }
    try expect(updated.metadata.zoom == 4, "the update's summary has zoom \(updated.metadata.zoom)")
    try expect(try store.open(project.id).metadata.zoom == 4, "the update was not written")
  }

  mutating func trashRestoreAndDelete() throws {
    let video = Self.video("trash")
    let project = try store.create(name: "Trash", video: video, metadata: ContractMetadata())
    try store.delete(project.id)
    try expect(!(try listed().contains(project.id)), "a trashed project is still listed")
    try expect(
      try store.trashed().projects.contains { $0.id == project.id }, "the trash does not list it")
    try expectNotFound(project.id, "open of a trashed project") { _ = try store.open(project.id) }
    let restored = try store.restore(project.id)
    try expect(restored.id == project.id, "restore gave \(restored.id)")
    try expectSame(try store.open(project.id).video, video, "the restored composition")

    try store.delete(project.id)
    let emptied = try store.emptyTrash()
    try expect(emptied >= 1, "emptying the trash deleted \(emptied) projects")
    try expect(
      !(try store.trashed().projects.contains { $0.id == project.id }), "the trash still has it")
    try expectNotFound(project.id, "restore after emptying") { _ = try store.restore(project.id) }

    let other = try store.create(name: "Gone", video: Self.video("g"), metadata: ContractMetadata())
    try store.deletePermanently(other.id)
    try expect(!(try listed().contains(other.id)), "a project deleted for good is listed")
    try expectNotFound(other.id, "open after deleting for good") { _ = try store.open(other.id) }
  }

  mutating func hostileNamesAndMetadataAreValues() throws {
    let names = [
      "'; DROP TABLE projects; --", "../../etc/passwd", "Robert\"); DELETE FROM images; --",
      "$1 $$ \\x00 %s %n {0}", "名前 🎬 \u{202E}gnp.exe", String(repeating: "long ", count: 2_000),
      "line\nbreak\ttab", "",
    ]
    for name in names {
      let metadata = ContractMetadata(note: name + " (note)", zoom: -0.5)
      let project = try store.create(name: name, video: Self.video("hostile"), metadata: metadata)
      let opened = try store.open(project.id)
      try expect(opened.summary.name == name, "the name \(name.prefix(40)) came back changed")
      try expect(
        opened.metadata == metadata, "the metadata of \(name.prefix(40)) came back changed")
      let renamed = try store.rename(project.id, to: name + "²")
      try expect(renamed.name == name + "²", "the rename to \(name.prefix(40))² came back changed")
    }
    try expect(try listed().count >= names.count, "the hostile projects are not all listed")
  }

  mutating func imagesAreStoredAndResolve() throws {
    let video = Self.video("photos", photos: [Self.red, Self.blue])
    let project = try store.create(
      name: "Photos", video: video, metadata: ContractMetadata(), thumbnail: Self.blue, id: nil,
      created: nil, modified: nil)
    try expect(project.thumbnailToken != nil, "the thumbnail was not stored")
    let opened = try store.open(project.id)
    try expectSame(opened.video, video, "the composition with images")
    if let token = project.thumbnailToken {
      let thumbnail = try store.images.image(for: token)
      try expect(thumbnail == Self.blue, "the thumbnail does not resolve to its picture")
    }
  }

  mutating func imageCollectionKeepsWhatIsUsed() throws {
    let kept = try store.create(
      name: "Kept", video: Self.video("kept", photos: [Self.red]), metadata: ContractMetadata())
    let gone = try store.create(
      name: "Gone", video: Self.video("gone", photos: [Self.blue]), metadata: ContractMetadata())
    let orphan = try store.images.token(for: ContractPictures.green)
    // Deleting for good may remove the project's own images at once; collection removes the
    // rest of what nothing refers to.
    let removedWithProject = try store.deletePermanently(gone.id)
    let dryRun = try store.collectImages(dryRun: true)
    try expect(dryRun.dryRun, "a dry run says it is not one")
    try expect(dryRun.removed.contains(orphan), "a dry run would keep an image nothing uses")
    let collected = try store.collectImages(dryRun: false)
    try expect(!collected.dryRun, "a collection says it is a dry run")
    try expect(collected.removed == dryRun.removed, "the dry run and the collection differ")
    try expect(
      (removedWithProject + collected.removed).count >= 2,
      "the deleted project's image and the orphan were not both removed: "
        + "\(removedWithProject) + \(collected.removed)")
    try expect(
      (try? store.images.image(for: orphan)) == nil, "a collected image still resolves")
    try expectSame(
      try store.open(kept.id).video, Self.video("kept", photos: [Self.red]),
      "the kept project, after collection,")
  }

  mutating func autosaveIsRecovered() throws {
    let project = try store.create(
      name: "Autosaved", video: Self.video("v0"), metadata: ContractMetadata())
    try expect(try store.recover(project.id) == nil, "a new project has something to recover")
    let edited = Self.video("v1")
    store.scheduleSave(edited, metadata: ContractMetadata(note: "edit"), for: project.id)
    try store.flush()
    let recovered = try store.recover(project.id)
    try expectSame(recovered?.video ?? Video(clips: []), edited, "the recovered composition")
    try expect(recovered?.metadata.note == "edit", "the recovered metadata is not the edit's")
    try store.discardAutosave(project.id)
    try expect(try store.recover(project.id) == nil, "a discarded autosave is recovered")
    store.scheduleSave(Self.video("v2"), metadata: ContractMetadata(), for: project.id)
    try store.flush()
    try store.save(Self.video("v3"), metadata: ContractMetadata(), for: project.id)
    try expect(try store.recover(project.id) == nil, "an autosave older than a save is recovered")
  }

  mutating func changeStreamReportsChanges() async throws {
    let stream = store.changes()
    let collector = Task { () -> [LibraryChange.Kind] in
      var kinds: [LibraryChange.Kind] = []
      for await change in stream {
        kinds.append(change.kind)
        if kinds.contains(.saved), kinds.contains(.renamed) { break }
      }
      return kinds
    }
    // Give the stream a moment to start listening before the changes.
    try await Task.sleep(for: .milliseconds(200))
    let project = try store.create(
      name: "Watched", video: Self.video("w"), metadata: ContractMetadata())
    try store.save(Self.video("w2"), metadata: ContractMetadata(), for: project.id)
    try store.rename(project.id, to: "Watched²")
    let timeout = Task {
      try await Task.sleep(for: .seconds(10))
      collector.cancel()
    }
    let kinds = await collector.value
    timeout.cancel()
    try expect(
      kinds.contains(.created) && kinds.contains(.saved) && kinds.contains(.renamed),
      "the change stream delivered \(kinds) within 10 s")
  }
}

/// The pictures the contract's projects hold.
enum ContractPictures {
  static let red = PlatformImage.solidColor(PlatformColor(red: 1, green: 0, blue: 0), width: 3)
  static let blue = PlatformImage.solidColor(PlatformColor(red: 0, green: 0, blue: 1), width: 3)
  static let green = PlatformImage.solidColor(PlatformColor(red: 0, green: 1, blue: 0), width: 3)
}

/// What a metadata change throws to refuse itself, in the contract.
struct ContractRefusal: Error {}

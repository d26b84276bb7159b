import Foundation
import KadrArchive
import KadrPersistence
import KadrProjectLibrary

/// The checks of project packages: export, import under each identity, images stored once, and
/// refused packages that leave the store as it was.
extension ContractRun {
  /// A folder of its own in the temporary directory, removed by the caller.
  func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kadr-contract-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A project with two images, a thumbnail and metadata, and its package.
  func exportedProject(in folder: URL) throws -> (ProjectSummary<ContractMetadata>, URL) {
    let created = Date(timeIntervalSince1970: 1_700_000_000.5)
    let project = try store.create(
      name: "Travelling ✈︎", video: Self.video("travel", photos: [Self.red, Self.blue]),
      metadata: ContractMetadata(note: "packed", zoom: 2.5), thumbnail: Self.blue, id: nil,
      created: created, modified: created.addingTimeInterval(60))
    let package = folder.appendingPathComponent("Travelling.kadrproject")
    try store.export(project.id, to: package)
    return (project, package)
  }

  mutating func packageRoundTripsAProject() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (project, package) = try exportedProject(in: folder)
    let again = folder.appendingPathComponent("Again.kadrproject")
    try store.export(project.id, to: again)
    try expect(
      try Data(contentsOf: package) == Data(contentsOf: again),
      "two exports of one project differ in their bytes")
    let imported = try store.importPackage(at: package)
    try expect(imported.id != project.id, "a copy kept the package's id")
    try expect(imported.name == project.name, "the copy is named \(imported.name)")
    try expect(
      imported.created == project.created && imported.modified == project.modified,
      "the copy's dates are \(imported.created), \(imported.modified), not the project's")
    let opened = try store.open(imported.id)
    try expectSame(
      opened.video, Self.video("travel", photos: [Self.red, Self.blue]), "the imported copy")
    try expect(opened.metadata == project.metadata, "the copy's metadata is \(opened.metadata)")
    let thumbnail = try imported.thumbnailToken.map { try store.images.image(for: $0) }
    try expect(thumbnail == Self.blue, "the copy's thumbnail does not resolve to its picture")
  }

  mutating func packageImportKeepsTheIDAsAsked() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (project, package) = try exportedProject(in: folder)
    let before = try listed().count
    do {
      try store.importPackage(at: package, as: .packageID(whenTaken: .refuse))
      try expect(false, "an import under a taken id was not refused")
    } catch ProjectLibraryError.projectExists(let taken) {
      try expect(taken == project.id, "projectExists names \(taken), not \(project.id)")
    }
    try expect(try listed().count == before, "a refused import changed the listing")
    let duplicate = try store.importPackage(at: package, as: .packageID(whenTaken: .duplicate))
    try expect(duplicate.id != project.id, "a duplicate import kept the taken id")
    try store.save(
      Self.video("changed"), metadata: ContractMetadata(note: "changed"), for: project.id)
    try store.rename(project.id, to: "Renamed")
    let replaced = try store.importPackage(at: package, as: .packageID(whenTaken: .replace))
    try expect(replaced.id == project.id, "a replacing import has the id \(replaced.id)")
    let opened = try store.open(project.id)
    try expect(
      opened.summary.name == project.name, "the replaced project is named \(opened.summary.name)")
    try expect(opened.metadata.note == "packed", "the replaced project's metadata was not replaced")
    try expectSame(
      opened.video, Self.video("travel", photos: [Self.red, Self.blue]), "the replaced project")
    try store.deletePermanently(project.id)
    let kept = try store.importPackage(at: package, as: .packageID(whenTaken: .refuse))
    try expect(kept.id == project.id, "an import under a free id has the id \(kept.id)")
  }

  mutating func packageImportStoresImagesOnce() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (_, package) = try exportedProject(in: folder)
    let before = Set(try store.collectImages(dryRun: true).kept)
    let imported = try store.importPackage(at: package)
    let after = Set(try store.collectImages(dryRun: true).kept)
    try expect(
      after == before,
      "importing a project whose images the store has stored \(after.subtracting(before).count) more"
    )
    try expect(
      imported.thumbnailToken.map(before.contains) ?? false,
      "the imported thumbnail is not the stored one")
  }

  mutating func refusedPackageLeavesTheStoreAsItWas() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (_, package) = try exportedProject(in: folder)
    let archive = try ZipArchive(path: package.path)
    var entries: [(String, [UInt8])] = []
    for entry in archive.entries {
      entries.append((entry.name, try archive.contents(of: entry, limit: 1 << 26, limitName: "")))
    }
    let listing = try listed()
    let kept = Set(try store.collectImages(dryRun: true).kept)
    // An image whose bytes are not those its name hashes to, and a newer metadata version.
    let tampered = entries.map { name, bytes in
      (name, name.hasPrefix("images/") ? bytes.reversed() : bytes)
    }
    let newer = entries.map { name, bytes in
      (
        name,
        name == "manifest.json"
          ? Array(
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(
              of: "\"metadataVersion\":1", with: "\"metadataVersion\":9"
            ).utf8) : bytes
      )
    }
    // An image whose name says JPEG but whose bytes are PNG (its hash is right).
    let misnamed = entries.map { name, bytes in
      (
        name.replacingOccurrences(of: ".png", with: ".jpg"),
        name.hasPrefix("images/")
          ? bytes
          : Array(
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: ".png", with: ".jpg")
              .utf8)
      )
    }
    for (label, contents) in [("tampered", tampered), ("newer", newer), ("misnamed", misnamed)] {
      var writer = ZipWriter()
      for (name, bytes) in contents { try writer.add(name, bytes, deflated: true) }
      let bad = folder.appendingPathComponent("\(label).kadrproject")
      try writer.data().write(to: bad)
      do {
        try store.importPackage(at: bad)
        try expect(false, "the \(label) package was imported")
      } catch let error as ProjectPackageError {
        switch (label, error.reason) {
        case ("tampered", .imageMismatch), ("misnamed", .imageMismatch),
          ("newer", .newerMetadata(found: 9, supported: 1)):
          break
        default: try expect(false, "the \(label) package was refused with \(error)")
        }
      }
      try expect(try listed() == listing, "a refused \(label) import changed the listing")
      try expect(
        Set(try store.collectImages(dryRun: true).kept) == kept,
        "a refused \(label) import stored images")
    }
  }

  mutating func packageReplaceIsOneSave() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (project, package) = try exportedProject(in: folder)
    try store.save(
      Self.video("changed", photos: [Self.red]), metadata: ContractMetadata(note: "changed"),
      thumbnail: .remove, for: project.id)
    let renamed = try store.rename(project.id, to: "Renamed")
    let replaced = try store.importPackage(at: package, as: .packageID(whenTaken: .replace))
    try expect(
      replaced.revision == renamed.revision + 1,
      "replacing revision \(renamed.revision) made revision \(replaced.revision), not one save")
    try expect(replaced.name == project.name, "the replaced project is named \(replaced.name)")
    try expect(
      replaced.created == project.created,
      "replacing changed the created date to \(replaced.created)")
    let thumbnail = try replaced.thumbnailToken.map { try store.images.image(for: $0) }
    try expect(thumbnail == Self.blue, "the replaced project's thumbnail is not the package's")
    let opened = try store.open(project.id)
    try expect(opened.summary.revision == replaced.revision, "open sees another revision")
    try expectSame(
      opened.video, Self.video("travel", photos: [Self.red, Self.blue]), "the replaced project")

    // A project in the trash is not replaced.
    try store.delete(project.id)
    let trashed = try store.trashed().projects
    do {
      try store.importPackage(at: package, as: .packageID(whenTaken: .replace))
      try expect(false, "a replacing import replaced a project in the trash")
    } catch ProjectLibraryError.projectExists(let taken) {
      try expect(taken == project.id, "projectExists names \(taken), not \(project.id)")
    }
    try expect(
      try store.trashed().projects.map(\.revision) == trashed.map(\.revision),
      "a refused replacing import changed the trash")
  }

  mutating func packageHistoryTravelsWhereTheStoreKeepsIt() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let project = try store.create(
      name: "Kept", video: Self.video("first", photos: [Self.red]),
      metadata: ContractMetadata(note: "first"))
    try store.save(
      Self.video("second", photos: [Self.blue]), metadata: ContractMetadata(note: "second"),
      for: project.id)
    let head = try store.save(
      Self.video("third"), metadata: ContractMetadata(note: "third"), for: project.id)
    let package = folder.appendingPathComponent("Kept.kadrproject")
    try store.export(project.id, to: package, includingHistory: true)
    let archive = try ZipArchive(path: package.path)
    let names = archive.entries.map(\.name)
    let keeps = store.keepsRevisionHistory
    try expect(
      names.contains("history/0/document.json") == keeps,
      keeps
        ? "a store that keeps history exported none" : "a store without history exported one")
    // With its history the package holds the pictures of the earlier saves too.
    let images = names.filter { $0.hasPrefix("images/") }.count
    try expect(images == (keeps ? 2 : 0), "the package holds \(images) images")

    try store.deletePermanently(project.id)
    let imported = try store.importPackage(at: package, as: .packageID(whenTaken: .refuse))
    try expect(
      imported.revision == (keeps ? head.revision : 0),
      "the imported project is at revision \(imported.revision)")
    let opened = try store.open(project.id)
    try expect(opened.metadata.note == "third", "the imported head's metadata is not the last")
    try expectSame(opened.video, Self.video("third"), "the imported head")
  }
}

import Foundation
import KadrPersistence
import KadrProjectLibrary

// A child process for the library's tests:
//   ProjectLibraryProbe autosave DIR ID FIRST   autosaves states FIRST, FIRST+1, … of the
//                                               project, one flush each, until it is killed;
//                                               prints "saved" after the first
//   ProjectLibraryProbe increment DIR ID COUNT  adds 1 to the project's step COUNT times, each
//                                               under the library's lock
//   ProjectLibraryProbe save DIR ID STEP        saves state STEP explicitly, once
//   ProjectLibraryProbe autosave-once DIR ID STEP  autosaves state STEP, one flush
//   ProjectLibraryProbe recover DIR ID STEP     exits 0 when recovery offers state STEP (-1: none)
//   ProjectLibraryProbe list DIR ID COUNT       lists the library; exits 0 when it holds COUNT
//                                               projects, ID among them (a read-only library)
// The states are ProbeState(step:) and ProbeState.video(step:), mirrored by the tests.

/// The metadata of the probe's projects.
struct ProbeState: ProjectMetadata, Equatable {
  static let version = 1
  var step: Int

  /// The composition of state `step`: a title naming it among 200 clips, so each autosave is
  /// large enough (about 60 KB) to be killed while it is written.
  static func video(step: Int) -> Video {
    var clips: [any Clip] = [TitleSequence("state \(step)", duration: 2)]
    for index in 0..<200 { clips.append(TitleSequence("clip \(index)", duration: 1)) }
    return Video(clips: clips)
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let id = ProjectID(rawValue: arguments[3]),
  let count = Int(arguments[4])
else {
  FileHandle.standardError.write(
    Data(
      "usage: ProjectLibraryProbe autosave|increment|save|autosave-once|recover|list DIR ID N\n"
        .utf8))
  exit(2)
}
do {
  let library = try ProjectLibrary<ProbeState>(directory: URL(fileURLWithPath: arguments[2]))
  switch arguments[1] {
  case "autosave":
    for step in count..<(count + 1_000_000) {
      library.scheduleSave(ProbeState.video(step: step), metadata: ProbeState(step: step), for: id)
      try library.flush()
      if step == count { FileHandle.standardOutput.write(Data("saved\n".utf8)) }
    }
  case "increment":
    for _ in 0..<count {
      try library.updateMetadata(of: id) { $0.step += 1 }
    }
  case "save":
    try library.save(ProbeState.video(step: count), metadata: ProbeState(step: count), for: id)
  case "autosave-once":
    library.scheduleSave(ProbeState.video(step: count), metadata: ProbeState(step: count), for: id)
    try library.flush()
  case "recover":
    let step = try library.recover(id)?.metadata.step ?? -1
    guard step == count else { exit(1) }
  case "list":
    let projects = try library.list().projects
    print(projects.count)
    guard projects.count == count, projects.contains(where: { $0.id == id }) else { exit(1) }
  default:
    exit(2)
  }
} catch {
  FileHandle.standardError.write(Data("ProjectLibraryProbe: \(error)\n".utf8))
  exit(1)
}

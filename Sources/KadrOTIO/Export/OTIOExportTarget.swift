import Foundation

/// The program an exported timeline is for: everything OpenTimelineIO holds, or what one of
/// OpenTimelineIO's adapters converts.
///
/// OpenTimelineIO's adapters to other formats accept less than OpenTimelineIO itself: the
/// Final Cut Pro X XML adapter (`otio-fcpx-xml-adapter`) knows no generated media and only
/// the common frame rates, the CMX 3600 EDL adapter (`otio-cmx3600-adapter`) one video track
/// and no speed curve. A target other than ``openTimelineIO`` writes a timeline those adapters
/// convert; what the target cannot hold is reported as loss, as a save reports code.
public enum OTIOExportTarget: String, Sendable, Hashable, CaseIterable {
  /// Everything, exactly: times as kadr's rationals, titles and images as generators carrying
  /// their fields. ``OTIOImporter`` restores the composition. The default.
  case openTimelineIO
  /// What the Final Cut Pro X XML adapter converts: every time at the composition's frame rate
  /// (24, 25, 30, 50 or 60 frames a second, else 30), generated clips (titles, images without a
  /// file, plugins' kinds) as missing media whose kadr fields stay in the clip's metadata (so
  /// ``OTIOImporter`` still restores them), and every file reference with its available range —
  /// the range the clip uses when the file's length is unknown.
  case finalCutProX
  /// What the CMX 3600 EDL adapter converts: as ``finalCutProX``, in one video track — the
  /// main chain; tracks and `at(time:)` clips are left out — with speed as a plain linear time
  /// warp (a speed curve is left out). What is left out is reported as loss.
  case cmx3600
}

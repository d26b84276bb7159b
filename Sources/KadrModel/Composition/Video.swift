import Foundation

/// A video composition: a timeline of clips, background audio, overlays, captions and export
/// settings.
///
/// Build one with ``init(_:)`` and refine it with modifiers, each of which returns a modified copy
/// and keeps every other field.
public struct Video: Sendable {
  /// The top-level timeline, including transitions and tracks.
  ///
  /// Any change to it inside the module recomputes ``duration``.
  public package(set) var clips: [any Clip] {
    get { timeline }
    set {
      timeline = newValue
      timing = ClipTiming(of: newValue)
    }
  }
  /// ``clips``, stored; set together with ``timing``.
  private(set) var timeline: [any Clip]
  /// Background audio tracks, in declaration order.
  public package(set) var audioTracks: [AudioTrack]
  /// The export format.
  public package(set) var preset: Preset
  /// Overlays drawn over the whole composition; later ones are on top.
  public package(set) var overlays: [any Overlay]
  /// A composition-wide crop; `nil` is no crop.
  public package(set) var crop: CropRegion?
  /// Code that blends the frames of parallel tracks; `nil` is the default alpha blend.
  public package(set) var multiInputCompositor: (any MultiInputCompositor)?
  /// When set, ``multiInputCompositor`` runs only inside this composition range.
  public package(set) var compositorWindow: TimeRange?
  /// How hard the export compresses.
  public package(set) var quality: ExportQuality
  /// Captions written into the export as timed metadata.
  public package(set) var captions: [Caption]
  /// Markers on the timeline, counted from the composition's start, in the order added.
  public package(set) var markers: [Marker]
  /// The timecode of the composition's first frame (`01:00:00:00` in broadcast practice);
  /// `nil` starts at `00:00:00:00` at the preset's rate.
  public package(set) var startTimecode: SMPTETimecode?
  /// kadr's naive duration: the plain sum of the durations of every top-level clip.
  ///
  /// Transitions, tracks and `at(time:)` clips are all added; start times and overlaps are
  /// ignored, so `A(5 s) + dissolve(0.5 s) + B(5 s)` gives 10.5 s although the engine renders
  /// 9.5 s (``layout`` has the real timeline). An empty timeline gives zero. When a clip's
  /// duration is invalid or the exact sum overflows, the result is ``Time/invalid`` rather than a
  /// trap.
  ///
  /// As in kadr (since 0.13), it is computed when the composition is built and again whenever
  /// ``clips`` changes, and reflection (`Mirror`) over a composition shows it as a stored
  /// property, as over kadr's. It is never saved: opening a document computes it from the clips.
  /// The durations are read once, so a clip whose duration could change later (a class) is not
  /// followed, as in kadr. Replacing or inserting one top-level clip (``replacingClip(at:with:)``
  /// and the other edits) reads that clip's duration alone, not every clip's again.
  public var duration: Time { timing.duration }
  /// ``duration``, with what lets an edit of one clip update it.
  private(set) var timing: ClipTiming

  /// Creates a composition from a block of clips; an empty block `Video { }` is allowed.
  ///
  /// - Parameter content: The top-level clips.
  public init(@VideoBuilder _ content: () -> [any Clip]) {
    self.init(clips: content())
  }

  /// Creates a composition from all of its stored properties, as a decoder does.
  ///
  /// - Parameters:
  ///   - clips: The top-level timeline.
  ///   - audioTracks: Background audio; none by default.
  ///   - preset: The export format; ``Preset/auto`` by default.
  ///   - overlays: Overlays, bottom first; none by default.
  ///   - crop: A composition-wide crop; none by default.
  ///   - multiInputCompositor: Code that blends parallel tracks; none by default.
  ///   - compositorWindow: Where that compositor runs; everywhere by default.
  ///   - quality: The compression; ``ExportQuality/automatic`` by default.
  ///   - captions: Captions; none by default.
  ///   - markers: Markers on the timeline; none by default.
  ///   - startTimecode: The timecode of the first frame; `00:00:00:00` by default.
  public init(
    clips: [any Clip], audioTracks: [AudioTrack] = [], preset: Preset = .auto,
    overlays: [any Overlay] = [], crop: CropRegion? = nil,
    multiInputCompositor: (any MultiInputCompositor)? = nil, compositorWindow: TimeRange? = nil,
    quality: ExportQuality = .automatic, captions: [Caption] = [], markers: [Marker] = [],
    startTimecode: SMPTETimecode? = nil
  ) {
    self.timeline = clips
    self.timing = ClipTiming(of: clips)
    self.audioTracks = audioTracks
    self.preset = preset
    self.overlays = overlays
    self.crop = crop
    self.multiInputCompositor = multiInputCompositor
    self.compositorWindow = compositorWindow
    self.quality = quality
    self.captions = captions
    self.markers = markers
    self.startTimecode = startTimecode
  }

  /// Sets ``clips`` to `edited`, which differs from them only at `path` (one clip replaced,
  /// inserted or removed there), and ``duration`` with it: from the changed clip's duration
  /// alone where that gives the plain sum exactly, from every clip's otherwise.
  mutating func setClips(_ edited: [any Clip], changedAt path: ClipPath) {
    let next: ClipTiming? =
      if path.indices.count == 1, let index = path.indices.first, edited.indices.contains(index) {
        if edited.count == timeline.count, ClipTiming.isSteady(timeline[index]) {
          timing.replacing(timeline[index].duration, with: edited[index].duration)
        } else if edited.count == timeline.count + 1 {
          timing.inserting(edited[index].duration)
        } else {
          nil
        }
      } else {
        nil
      }
    timeline = edited
    timing = next ?? ClipTiming(of: edited)
    assert(timing.agrees(with: edited))
  }
}

extension Video: CustomReflectable {
  /// The composition's stored properties as kadr's `Video` has them (``duration`` last, as
  /// since kadr 0.13), in their order, whatever the layout in memory.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "clips": clips, "audioTracks": audioTracks, "preset": preset, "overlays": overlays,
        "crop": crop as Any, "multiInputCompositor": multiInputCompositor as Any,
        "compositorWindow": compositorWindow as Any, "quality": quality, "captions": captions,
        "markers": markers, "startTimecode": startTimecode as Any, "duration": duration,
      ],
      displayStyle: .struct)
  }
}

import Foundation

/// An OpenTimelineIO file as another tool writes it, with no kadr metadata: older schemas
/// (`Clip.1`), an NTSC rate, a reel name, and one of each feature kadr has no equivalent for.
enum ForeignTimeline {
  static func time(_ value: Double, _ rate: Double = 24) -> String {
    #"{"OTIO_SCHEMA": "RationalTime.1", "rate": \#(rate), "value": \#(value)}"#
  }

  static func range(_ start: Double, _ duration: Double, _ rate: Double = 24) -> String {
    #"{"OTIO_SCHEMA": "TimeRange.1", "start_time": \#(time(start, rate)), "duration": \#(time(duration, rate))}"#
  }

  static func file(_ url: String) -> String {
    #"{"OTIO_SCHEMA": "ExternalReference.1", "metadata": {}, "target_url": "\#(url)"}"#
  }

  static func clip(
    _ name: String, _ reference: String, _ range: String, effects: String = "",
    markers: String = "", enabled: Bool = true
  ) -> String {
    #"""
    {"OTIO_SCHEMA": "Clip.2", "name": "\#(name)", "source_range": \#(range),
     "effects": [\#(effects)], "markers": [\#(markers)], "enabled": \#(enabled),
     "media_references": {"DEFAULT_MEDIA": \#(reference)},
     "active_media_reference_key": "DEFAULT_MEDIA"}
    """#
  }

  static func gap(_ duration: Double, _ rate: Double = 24) -> String {
    #"{"OTIO_SCHEMA": "Gap.1", "source_range": \#(range(0, duration, rate))}"#
  }

  static func transition(_ type: String, _ name: String) -> String {
    #"""
    {"OTIO_SCHEMA": "Transition.1", "name": "\#(name)", "transition_type": "\#(type)",
     "in_offset": \#(time(12)), "out_offset": \#(time(12)), "metadata": {}}
    """#
  }

  static let ntsc = 24000.0 / 1001

  /// Main track items:
  /// 0 shot_010 (Clip.1, reel metadata), 1 dissolve, 2 shot_020 (speed 2, a foreign effect),
  /// 3 gap, 4 slate (SolidColor generator), 5 offline (missing), 6 shot_030 (NTSC, a marker),
  /// 7 wipe, 8 shot_040 (a third of a frame), 9 FancyClip.1, 10 disabled clip,
  /// 11 freeze (a freeze frame).
  static let mainTrack = [
    #"""
    {"OTIO_SCHEMA": "Clip.1", "name": "shot_010", "metadata": {"cmx_3600": {"reel": "A001"}},
     "source_range": \#(range(86400, 48)),
     "media_reference": \#(file("file:///shots/010.mov"))}
    """#,
    transition("SMPTE_Dissolve", "dissolve"),
    clip(
      "shot_020", file("file:///shots/020.mov"), range(100, 72),
      effects: #"""
        {"OTIO_SCHEMA": "LinearTimeWarp.1", "name": "", "effect_name": "LinearTimeWarp",
         "time_scalar": 2.0},
        {"OTIO_SCHEMA": "Effect.1", "name": "Blur", "effect_name": "FCP Gaussian Blur"}
        """#),
    gap(24),
    clip(
      "slate",
      #"{"OTIO_SCHEMA": "GeneratorReference.1", "generator_kind": "SolidColor", "parameters": {}}"#,
      range(0, 24)),
    clip("offline", #"{"OTIO_SCHEMA": "MissingReference.1"}"#, range(0, 24)),
    clip(
      "shot_030", file("file:///shots/030.mov"), range(1001, 2002, ntsc),
      markers: #"""
        {"OTIO_SCHEMA": "Marker.2", "name": "fix colour", "color": "RED",
         "marked_range": \#(range(0, 1))}
        """#),
    transition("Custom_Transition", "Wipe"),
    clip("shot_040", file("https://cdn.example.com/040.mp4"), range(1.0 / 3, 48)),
    #"{"OTIO_SCHEMA": "FancyClip.1", "name": "sparkle"}"#,
    clip("muted", file("file:///shots/050.mov"), range(0, 24), enabled: false),
    clip(
      "freeze", file("file:///shots/060.mov"), range(0, 24),
      effects: #"{"OTIO_SCHEMA": "FreezeFrame.1", "time_scalar": 0.0}"#),
  ]

  static let text = #"""
    {
      "OTIO_SCHEMA": "Timeline.1",
      "name": "Cut 3",
      "metadata": {"fcp_xml": {"sequence": "Cut 3"}},
      "global_start_time": \#(time(86400)),
      "tracks": {
        "OTIO_SCHEMA": "Stack.1",
        "name": "tracks",
        "markers": [
          {"OTIO_SCHEMA": "Marker.2", "name": "Review note", "color": "GREEN",
           "marked_range": \#(range(0, 1)), "comment": "tighten"}
        ],
        "children": [
          {"OTIO_SCHEMA": "Track.1", "name": "V1", "kind": "Video",
           "children": [\#(mainTrack.joined(separator: ",\n"))]},
          {"OTIO_SCHEMA": "Track.1", "name": "V2", "kind": "Video",
           "children": [\#(gap(48)), \#(clip("logo_bug", file("file:///gfx/bug.mov"), range(0, 96)))]},
          {"OTIO_SCHEMA": "Track.1", "name": "", "kind": "Video",
           "children": [\#(gap(12.5, 25)), \#(clip("insert", file("file:///shots/insert.mov"), range(0, 24)))]},
          {"OTIO_SCHEMA": "Track.1", "name": "Sub", "kind": "Video",
           "children": [
             {"OTIO_SCHEMA": "Stack.1", "name": "picture in picture", "children": [
               {"OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [\#(clip("pip_a", file("file:///pip/a.mov"), range(0, 24)))]},
               {"OTIO_SCHEMA": "Track.1", "kind": "Video", "children": [\#(clip("pip_b", file("file:///pip/b.mov"), range(0, 24)))]}
             ]}
           ]},
          {"OTIO_SCHEMA": "Track.1", "name": "A1", "kind": "Audio",
           "children": [
             \#(gap(24)),
             \#(clip("music", file("file:///audio/music.wav"), range(48, 240))),
             \#(clip("vo", file("file:///audio/vo.wav"), range(0, 48)))
           ]},
          {"OTIO_SCHEMA": "Track.1", "name": "Subs", "kind": "Subtitle", "children": []},
          {"OTIO_SCHEMA": "Stack.1", "name": "stray", "children": []}
        ]
      }
    }
    """#
}

#!/usr/bin/env python3
"""Checks an OpenTimelineIO file written by kadr against what the Swift test expects.

usage: validate_otio.py EXPECTATIONS.json

The expectations file (written by the Swift test) names the file to read ("input"), where to
write it again ("output") and what OpenTimelineIO must find in it:

  video_tracks, audio_tracks   top-level tracks of each kind
  clips, transitions           Clip and Transition objects at any depth
  track_names                  names of the top-level tracks, in order
  clip_names                   names of every clip, depth first, in order
  source_ranges                per clip: [start value, start rate, duration value, duration rate],
                               or null to skip one
  duration                     [value, rate] of the timeline's duration

The file is read with opentimelineio, checked, and written again with
opentimelineio.adapters.write_to_file. Prints a JSON object {"ok": ..., "problems": [...],
"version": ...} and exits 0 when every check holds, 1 otherwise, 2 on bad usage.
"""

import json
import sys
from fractions import Fraction

import opentimelineio as otio


def exact(time):
    """The time as an exact fraction of seconds."""
    return Fraction(time.value) / Fraction(time.rate)


def walk(composition, clips, counts):
    for child in composition:
        if isinstance(child, otio.schema.Clip):
            clips.append(child)
        elif isinstance(child, otio.schema.Transition):
            counts["transitions"] += 1
        elif isinstance(child, (otio.schema.Stack, otio.schema.Track)):
            walk(child, clips, counts)


def check(expected):
    problems = []

    def expect(what, actual, wanted):
        if actual != wanted:
            problems.append(f"{what}: expected {wanted!r}, found {actual!r}")

    timeline = otio.adapters.read_from_file(expected["input"])
    expect("schema", timeline.schema_name(), "Timeline")
    expect("video tracks", len(timeline.video_tracks()), expected["video_tracks"])
    expect("audio tracks", len(timeline.audio_tracks()), expected["audio_tracks"])
    expect("track names", [track.name for track in timeline.tracks], expected["track_names"])

    clips = []
    counts = {"transitions": 0}
    for track in timeline.tracks:
        walk(track, clips, counts)
    expect("clips", len(clips), expected["clips"])
    expect("transitions", counts["transitions"], expected["transitions"])
    expect("clip names", [clip.name for clip in clips], expected["clip_names"])

    for index, (clip, wanted) in enumerate(zip(clips, expected["source_ranges"])):
        if wanted is None:
            continue
        source = clip.source_range
        actual = None if source is None else [
            source.start_time.value, source.start_time.rate,
            source.duration.value, source.duration.rate,
        ]
        expect(f"source range of clip {index} ({clip.name})", actual, wanted)

    value, rate = expected["duration"]
    duration = timeline.duration()
    if exact(duration) != Fraction(value) / Fraction(rate):
        problems.append(
            f"duration: expected {value}/{rate} s, found {duration.value}/{duration.rate} s")

    otio.adapters.write_to_file(timeline, expected["output"])
    return problems


def main(arguments):
    if len(arguments) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(arguments[1], encoding="utf-8") as handle:
        expected = json.load(handle)
    problems = check(expected)
    print(json.dumps({"ok": not problems, "problems": problems, "version": otio.__version__}))
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

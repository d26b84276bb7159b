#!/usr/bin/env python3
"""Compares the audio clips of an OpenTimelineIO file with those of its kadr round trip, as
OpenTimelineIO itself reads both: where each clip plays in the timeline, where it starts in its
file (its in-point) and for how long.

usage: audio_in_points.py ORIGINAL ROUNDTRIP [TIMELINE_INDEX]

Prints JSON: {"clips": n, "with_in_point": m, "kept": k, "missing": [...]}, where a clip is kept
when the round trip has an audio clip at the same place, in-point and length, each within one
frame of the original's rate.
"""

import json
import sys

import opentimelineio as otio


def timeline_of(path, index):
    item = otio.adapters.read_from_file(path)
    if isinstance(item, otio.schema.SerializableCollection):
        timelines = [child for child in item if isinstance(child, otio.schema.Timeline)]
        return timelines[index]
    return item


def audio_clips(timeline):
    found = []

    def walk(composition, in_audio):
        for child in composition:
            if isinstance(child, otio.schema.Clip) and in_audio and child.enabled:
                trimmed = child.trimmed_range_in_parent()
                start = composition.transformed_time(trimmed.start_time, timeline.tracks)
                found.append({
                    "name": child.name,
                    "start": start.to_seconds(),
                    "in_point": child.trimmed_range().start_time.to_seconds(),
                    "duration": trimmed.duration.to_seconds(),
                    "frame": 1 / trimmed.duration.rate,
                })
            elif isinstance(child, otio.schema.Track):
                walk(child, in_audio or child.kind == otio.schema.TrackKind.Audio)
            elif isinstance(child, otio.schema.Stack):
                walk(child, in_audio)

    walk(timeline.tracks, False)
    return found


def main(arguments):
    original, roundtrip = arguments[1], arguments[2]
    index = int(arguments[3]) if len(arguments) > 3 else 0
    before = audio_clips(timeline_of(original, index))
    after = audio_clips(timeline_of(roundtrip, 0))
    missing = []
    for clip in before:
        def near(a, b):
            return abs(a - b) <= clip["frame"] + 1e-9

        match = next((other for other in after
                      if near(other["start"], clip["start"])
                      and near(other["in_point"], clip["in_point"])
                      and near(other["duration"], clip["duration"])), None)
        if match is None:
            missing.append(clip)
        else:
            after.remove(match)
    print(json.dumps({
        "clips": len(before),
        "with_in_point": sum(1 for clip in before if clip["in_point"] != 0),
        "kept": len(before) - len(missing),
        "missing": missing,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""Prints what OpenTimelineIO's fcpx_xml adapter reads from an FCPXML file, as JSON.

Used by kadr's tests as an independent reader: for the first timeline of the file, every
track (its name and kind) and every item on it (clip, gap or nested stack) with where it
starts on the track and how long it lasts, in seconds.
"""

import json
import sys

import opentimelineio as otio


def first_timeline(result):
    if isinstance(result, otio.schema.Timeline):
        return result
    for child in result:
        found = first_timeline(child) if not isinstance(child, otio.schema.Timeline) else child
        if found is not None:
            return found
    return None


def main(path):
    result = otio.adapters.read_from_file(path, adapter_name="fcpx_xml")
    timeline = first_timeline(result)
    tracks = []
    for track in timeline.tracks:
        items = []
        for item in track:
            placed = track.range_of_child(item)
            kind = "gap" if isinstance(item, otio.schema.Gap) else (
                "stack" if isinstance(item, otio.schema.Stack) else "clip")
            items.append({
                "kind": kind,
                "name": item.name or "",
                "start": placed.start_time.to_seconds(),
                "duration": placed.duration.to_seconds(),
                # The adapter's own frame counts at its (integer) rate.
                "start_frames": placed.start_time.value,
                "duration_frames": placed.duration.value,
                "rate": placed.duration.rate,
            })
        tracks.append({"name": str(track.name), "kind": str(track.kind), "items": items})
    json.dump({"tracks": tracks}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])

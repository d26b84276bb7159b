#!/usr/bin/env python3
"""Generates the OpenTimelineIO corpus that KadrOTIOTests' CorpusTests import.

usage: .build/otio-venv/bin/python Tests/KadrOTIOTests/Corpus/generate.py

Needs opentimelineio and the adapters otio-cmx3600-adapter, otio-fcp-adapter and
otio-fcpx-xml-adapter (pip install them into .build/otio-venv). Every file here was written for
this package (origin: this repository; licence: the package's). The inputs in inputs/ are
written by hand the way the tools write them (a CMX 3600 EDL, Premiere's FCP 7 XML, Final Cut
Pro X's FCPXML); the .otio, .otioz and .otiod files in otio/ are produced from them by the real
adapters, or built with the Python API the way OTIO viewers and bundles write them.

Beside each file NAME, NAME.expected.json holds what Python OpenTimelineIO computes for it: for each
timeline, the duration of its video (the longest video track), and for every clip on every
track (nested stacks included, with times in the timeline's time) its start (from
trimmed_range_in_parent, through every enclosing item), duration, the in and out offsets of
transitions on either side, and its frame duration (1 / rate), so that the Swift tests need
no Python.
"""

import json
import math
import os
import shutil
import sys
import tempfile

import opentimelineio as otio

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "inputs")
OUTPUT = os.path.join(HERE, "otio")

RT = otio.opentime.RationalTime
TR = otio.opentime.TimeRange


def rng(start, duration, rate=24):
    return TR(RT(start, rate), RT(duration, rate))


def clip(name, url=None, start=0, duration=48, rate=24, reference=None):
    if reference is None:
        reference = otio.schema.ExternalReference(target_url=url) if url is not None else None
    return otio.schema.Clip(
        name=name, media_reference=reference, source_range=rng(start, duration, rate))


def gap(duration, rate=24):
    return otio.schema.Gap(source_range=rng(0, duration, rate))


def track(name, children, kind=otio.schema.TrackKind.Video):
    result = otio.schema.Track(name=name, kind=kind)
    for child in children:
        result.append(child)
    return result


def timeline(name, tracks):
    result = otio.schema.Timeline(name=name)
    for item in tracks:
        result.tracks.append(item)
    return result


# MARK: what Python OpenTimelineIO computes


def seconds(time):
    return time.value / time.rate


def clips_of(composition, root, records, track_path):
    """Every clip under `composition`, with its start in `root`'s time."""
    children = list(composition)
    for position, child in enumerate(children):
        if isinstance(child, otio.schema.Clip):
            trimmed = child.trimmed_range_in_parent()
            start = composition.transformed_time(trimmed.start_time, root)
            before = children[position - 1] if position > 0 else None
            after = children[position + 1] if position + 1 < len(children) else None
            handle_in = (
                seconds(before.in_offset) if isinstance(before, otio.schema.Transition) else 0)
            handle_out = (
                seconds(after.out_offset) if isinstance(after, otio.schema.Transition) else 0)
            records.append({
                "name": child.name,
                "track": track_path,
                "kind": composition.kind if isinstance(composition, otio.schema.Track) else "",
                "start": seconds(start),
                "duration": seconds(trimmed.duration),
                "handle_in": handle_in,
                "handle_out": handle_out,
                "frame": 1 / trimmed.duration.rate,
                "enabled": child.enabled,
                "reference": child.media_reference.schema_name(),
            })
        elif isinstance(child, (otio.schema.Stack, otio.schema.Track)):
            clips_of(child, root, records, track_path + [position])


def describe(item):
    if isinstance(item, otio.schema.SerializableCollection):
        timelines = [child for child in item if isinstance(child, otio.schema.Timeline)]
    else:
        timelines = [item]
    result = []
    for line in timelines:
        records = []
        for index, top in enumerate(line.tracks):
            clips_of(top, line.tracks, records, [index])
        video = [seconds(t.duration()) for t in line.video_tracks()]
        result.append({
            "name": line.name,
            "clips": len(records),
            "video_duration": max(video) if video else 0,
            "clip_records": records,
        })
    return {"otio_version": otio.__version__, "timelines": result}


def save(item, name, write=None):
    path = os.path.join(OUTPUT, name)
    if os.path.isdir(path):
        shutil.rmtree(path)
    elif os.path.exists(path):
        os.remove(path)
    (write or otio.adapters.write_to_file)(item, path)
    reread = otio.adapters.read_from_file(path)
    with open(os.path.join(OUTPUT, name + ".expected.json"), "w", encoding="utf-8") as handle:
        json.dump(describe(reread), handle, indent=2, sort_keys=True)
        handle.write("\n")
    print("wrote", name)


# MARK: the corpus


def converted():
    """The hand-written EDL and XML inputs, converted by the real adapters."""
    save(otio.adapters.read_from_file(os.path.join(INPUTS, "offline_edit.edl"), rate=24),
         "edl_offline_edit.otio")
    save(otio.adapters.read_from_file(os.path.join(INPUTS, "paths.edl"), rate=24),
         "edl_paths.otio")
    save(otio.adapters.read_from_file(os.path.join(INPUTS, "premiere_sequence.xml")),
         "fcp7_premiere_sequence.otio")
    save(otio.adapters.read_from_file(os.path.join(INPUTS, "fcpx_project.fcpxml")),
         "fcpx_library.otio")


def viewer_relative():
    """As OTIO viewers write them: media next to the .otio file, and an empty URL."""
    line = timeline("Viewer session", [
        track("V1", [
            clip("BART_2021-02-07", "BART_2021-02-07.m4v", 0, 72),
            gap(24),
            clip("sub/b", "media/b.mov", 12, 48),
            clip("empty url", "", 0, 24),
        ]),
        track("V2", [gap(48), clip("overlay", "overlay.mov", 0, 48)]),
    ])
    save(line, "viewer_relative_paths.otio")


def absolute_paths():
    """POSIX, Windows drive and UNC paths, file URLs with and without a host."""
    line = timeline("Paths", [
        track("V1", [
            clip("posix still", "/Users/editor/Pictures/x.png", 0, 24),
            clip("drive slash", "G:/media/a.mov", 0, 24),
            clip("drive backslash", "S:\\path\\to\\x.exr", 0, 24),
            clip("unc", "\\\\server\\share\\c.mov", 0, 24),
            clip("file url", "file:///Volumes/Media/d.mov", 0, 24),
            clip("localhost url", "file://localhost/Volumes/Media/e.mov", 0, 24),
            clip("windows file url", "file:///C:/Media/f.mov", 0, 24),
        ]),
    ])
    save(line, "absolute_paths.otio")


def offline_and_generated():
    """Clips without playable media, which keep their place."""
    sequence = otio.schema.ImageSequenceReference(
        target_url_base="file:///renders/shot_010/", name_prefix="shot_010.",
        name_suffix=".exr", start_frame=1001, frame_step=1, rate=24, frame_zero_padding=4,
        available_range=rng(0, 48))
    disabled = clip("disabled", "file:///media/disabled.mov", 0, 24)
    disabled.enabled = False
    line = timeline("Offline", [
        track("V1", [
            clip("offline", reference=otio.schema.MissingReference(), start=0, duration=48),
            clip("bars", reference=otio.schema.GeneratorReference(
                generator_kind="SMPTEBars", parameters={}), start=0, duration=24),
            clip("frames", reference=sequence, start=0, duration=48),
            disabled,
            clip("after", "file:///media/after.mov", 0, 24),
        ]),
    ])
    save(line, "offline_and_generated.otio")


def gaps_across_tracks():
    """Clips that line up across tracks, with gaps between and at the start of tracks."""
    line = timeline("Gaps", [
        track("V1", [gap(24), clip("a", "file:///m/a.mov", 0, 48), gap(48),
                     clip("b", "file:///m/b.mov", 0, 24)]),
        track("V2", [gap(72), clip("c", "file:///m/c.mov", 0, 24), gap(24),
                     clip("d", "file:///m/d.mov", 0, 24)]),
        track("A1", [gap(24), clip("music", "file:///m/music.wav", 240, 120)],
              otio.schema.TrackKind.Audio),
    ])
    save(line, "gaps_across_tracks.otio")


def nested_stacks():
    """A nested stack of two video tracks in a chain, and a stack on an audio track."""
    inner = otio.schema.Stack(name="picture in picture")
    inner.append(track("pip base", [clip("pip_a", "file:///m/pip_a.mov", 0, 48)]))
    inner.append(track("pip top", [gap(12), clip("pip_b", "file:///m/pip_b.mov", 0, 24)]))
    audio_stack = otio.schema.Stack(name="stems")
    audio_stack.append(track("stem 1", [clip("stem_1", "file:///m/stem_1.wav", 0, 48)],
                             otio.schema.TrackKind.Audio))
    audio_stack.append(track("stem 2", [gap(24), clip("stem_2", "file:///m/stem_2.wav", 0, 24)],
                             otio.schema.TrackKind.Audio))
    line = timeline("Nested", [
        track("V1", [clip("open", "file:///m/open.mov", 0, 24), inner,
                     clip("close", "file:///m/close.mov", 0, 24)]),
        track("A1", [gap(24), audio_stack], otio.schema.TrackKind.Audio),
    ])
    save(line, "nested_stacks.otio")


def dissolves():
    """Dissolves between clips, whose handles OpenTimelineIO keeps outside the cut."""
    line = timeline("Dissolves", [
        track("V1", [
            clip("one", "file:///m/one.mov", 100, 48),
            otio.schema.Transition(
                transition_type="SMPTE_Dissolve", in_offset=RT(12, 24), out_offset=RT(12, 24)),
            clip("two", "file:///m/two.mov", 100, 48),
            clip("three", "file:///m/three.mov", 0, 24),
        ]),
    ])
    save(line, "dissolves.otio")


def sequence_one():
    """`Sequence.1`, the name OpenTimelineIO still reads as a track."""
    line = timeline("Old schema", [
        track("V1", [clip("a", "file:///m/a.mov", 0, 24), gap(24),
                     clip("b", "file:///m/b.mov", 0, 24)]),
    ])

    def write(item, path):
        text = otio.adapters.write_to_string(item, "otio_json")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text.replace('"Track.1"', '"Sequence.1"'))
    save(line, "sequence_one.otio", write)


def non_finite_metadata():
    """`Inf`, `-Infinity` and `NaN` in metadata, as OpenTimelineIO writes and reads them."""
    first = clip("a", "file:///m/a.mov", 0, 24)
    first.metadata["levels"] = {"peak": math.inf, "floor": -math.inf, "ratio": math.nan}
    line = timeline("Levels", [track("V1", [first, clip("b", "file:///m/b.mov", 0, 24)])])
    line.metadata["gain"] = math.inf
    save(line, "non_finite_metadata.otio")


def collection():
    """A SerializableCollection of two timelines, as FCP X libraries and AAF files give."""
    first = timeline("Reel 1", [track("V1", [clip("a", "file:///m/a.mov", 0, 24)])])
    second = timeline("Reel 2", [track("V1", [clip("b", "file:///m/b.mov", 0, 48),
                                               clip("c", "file:///m/c.mov", 0, 24)])])
    save(otio.schema.SerializableCollection(name="Reels", children=[first, second]),
         "collection.otio")


def bundles():
    """An .otioz and an .otiod bundle, with their media, written by OpenTimelineIO's adapters."""
    media = tempfile.mkdtemp()
    try:
        paths = []
        for name, size in [("shot_a.mov", 64), ("shot_b.mov", 96)]:
            path = os.path.join(media, name)
            with open(path, "wb") as handle:
                handle.write(bytes(range(size % 256)) * 4)
            paths.append(path)
        line = timeline("Bundle", [
            track("V1", [
                clip("shot_a", "file://" + paths[0], 0, 48), gap(24),
                clip("shot_b", "file://" + paths[1], 0, 24),
                clip("offline", reference=otio.schema.MissingReference(), duration=24),
            ]),
        ])
        save(line, "bundle.otioz")
        save(line, "bundle.otiod")
    finally:
        shutil.rmtree(media)


def main():
    os.makedirs(OUTPUT, exist_ok=True)
    converted()
    viewer_relative()
    absolute_paths()
    offline_and_generated()
    gaps_across_tracks()
    nested_stacks()
    dissolves()
    sequence_one()
    non_finite_metadata()
    collection()
    bundles()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Measures a kadr-doc binary on the corpus: files imported with all their clips, clips kept over
clips in OpenTimelineIO, files whose video length matches OpenTimelineIO's within a frame, and
audio clips whose place, in-point and length come back through export-otio.

usage: python3 Tests/KadrOTIOTests/Corpus/measure.py PATH/TO/kadr-doc [CORPUS_DIR]

CORPUS_DIR (by default the committed corpus) holds the files and their NAME.expected.json, as
generate.py writes them. The audio measure needs the opentimelineio module (run with the
interpreter of .build/otio-venv).

Each timeline of a collection counts as a file. A clip is kept when it is in the document with
its media (video, image, title, audio track) or as an offline placeholder; gaps do not count.
"""

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "otio")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Python"))
PLACEHOLDER = "com.kadr.otio.placeholder"


def kept(clips):
    count = 0
    for clip in clips:
        (kind, body), = clip.items()
        payload = body.get("_0", {})
        if kind == "track":
            count += kept(payload.get("clips", []))
        elif kind == PLACEHOLDER:
            count += payload.get("role") == "offline"
        elif kind != "transition":
            count += 1
    return count


def audio_kept(source, roundtrip, index):
    """(audio clips, with an in-point, kept) of one timeline, or None without OpenTimelineIO."""
    try:
        import audio_in_points
    except ImportError:
        return None
    before = audio_in_points.audio_clips(audio_in_points.timeline_of(source, index))
    after = audio_in_points.audio_clips(audio_in_points.timeline_of(roundtrip, 0))
    kept = 0
    for clip in before:
        def near(a, b):
            return abs(a - b) <= clip["frame"] + 1e-9
        match = next((other for other in after if near(other["start"], clip["start"])
                      and near(other["in_point"], clip["in_point"])
                      and near(other["duration"], clip["duration"])), None)
        if match is not None:
            after.remove(match)
            kept += 1
    return len(before), sum(1 for clip in before if clip["in_point"] != 0), kept


def main(tool, here=HERE):
    global HERE
    HERE = here
    audio = [0, 0, 0]
    files = sorted(f for f in os.listdir(HERE) if f.endswith((".otio", ".otioz", ".otiod"))
                   and not f.endswith(".expected.json"))
    whole = total_files = matched = clips_kept = clips_all = 0
    with tempfile.TemporaryDirectory() as scratch:
        for name in files:
            with open(os.path.join(HERE, name + ".expected.json"), encoding="utf-8") as handle:
                expected = json.load(handle)
            for index, timeline in enumerate(expected["timelines"]):
                total_files += 1
                clips_all += timeline["clips"]
                out = os.path.join(scratch, f"{name}.{index}.kadr.json")
                arguments = [tool, "import-otio", os.path.join(HERE, name), "-o", out]
                if len(expected["timelines"]) > 1:
                    arguments += ["--timeline", str(index)]
                run = subprocess.run(arguments, capture_output=True, text=True)
                if run.returncode != 0 or not os.path.exists(out):
                    print(f"{name} #{index}: refused: {run.stderr.strip()[:160]}")
                    continue
                with open(out, encoding="utf-8") as handle:
                    document = json.load(handle)
                video = document["video"]
                count = kept(video["clips"]) + len(video.get("audioTracks", []))
                clips_kept += count
                whole += count == timeline["clips"]
                inspect = subprocess.run([tool, "inspect", "--json", out], capture_output=True,
                                         text=True)
                seconds = json.loads(inspect.stdout)["timelineSeconds"] if inspect.stdout else -1
                matched += abs(seconds - timeline["video_duration"]) <= 1 / 24 + 1e-9
                print(f"{name} #{index}: {count}/{timeline['clips']} clips, "
                      f"{seconds} s (OTIO {timeline['video_duration']} s)")
                back = out + ".otio"
                exported = subprocess.run([tool, "export-otio", out, "-o", back],
                                          capture_output=True, text=True)
                figures = (audio_kept(os.path.join(HERE, name), back, index)
                           if exported.returncode == 0 else None)
                if figures:
                    audio = [a + b for a, b in zip(audio, figures)]
    print(f"files with all their clips: {whole}/{total_files}")
    print(f"clips kept: {clips_kept}/{clips_all}")
    print(f"video length within a frame: {matched}/{total_files}")
    print(f"audio clips back through export-otio with place, in-point and length: "
          f"{audio[2]}/{audio[0]} ({audio[1]} start inside their file)")


if __name__ == "__main__":
    main(sys.argv[1], *sys.argv[2:3])

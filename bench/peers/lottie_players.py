#!/usr/bin/env python3
"""Times the reference Lottie players drawing frames, for flipbook-bench's Lottie section.

    lottie_players.py --frames N --width W --height H FILE

Prints one JSON object: frames per second of ThorVG (thorvg-python, its software canvas on one
thread) and of rlottie (rlottie-python), each drawing the same N frames of FILE — frame
(op − ip) × i ÷ N after the first for i in 0..<N, as flipbook-bench draws them (rlottie takes
whole frames: the same, rounded down) — at W × H pixels into its own buffer, cleared each frame
(rlottie-python's copy of each frame into a Python bytes object is inside its time: a few
milliseconds at 1080p, which favours neither Flipbook nor ThorVG). Loading the file and the first frame drawn (a warm-up, also
for the caches Flipbook's figure has warm) are not timed. Run once per file by the benchmark,
in a process of its own with a time limit, so that a player that hangs costs that file only.
"""

import argparse
import json
import os
import sys
import time

# The ThorVG player as the corpus comparison drives it.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import lottie_corpus  # noqa: E402


def frames(document, count):
    """The frames drawn, counted from the file's first (`ip`), as both players count them."""
    length = float(document["op"]) - float(document["ip"])
    return [length * index / count for index in range(count)]


def thorvg(path, size, numbers):
    import thorvg_python as tvg

    _, draw = lottie_corpus.thorvg_player(tvg.Engine(threads=0), path, size)
    draw(numbers[0])
    start = time.perf_counter()
    for frame in numbers:
        draw(frame)
    return len(numbers) / (time.perf_counter() - start)


def rlottie(path, size, numbers):
    from rlottie_python import LottieAnimation

    animation = LottieAnimation.from_file(path)
    whole = [int(frame) for frame in numbers]
    animation.lottie_animation_render(frame_num=whole[0], width=size[0], height=size[1])
    start = time.perf_counter()
    for frame in whole:
        animation.lottie_animation_render(frame_num=frame, width=size[0], height=size[1])
    return len(whole) / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--width", type=int, required=True)
    parser.add_argument("--height", type=int, required=True)
    options = parser.parse_args()
    with open(options.file, encoding="utf-8") as handle:
        document = json.load(handle)
    numbers = frames(document, options.frames)
    size = (options.width, options.height)
    print(json.dumps({"thorvg": thorvg(options.file, size, numbers), "rlottie": rlottie(options.file, size, numbers)}))


if __name__ == "__main__":
    main()

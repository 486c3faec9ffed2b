#!/usr/bin/env python3
"""Renders Lottie files with Flipbook and the two reference players and compares the frames.

For each file, frames at 0, 1/4, 1/2 and 3/4 of its length (whole frames, counted from its `ip`)
are rendered at the same size (the file's own, scaled down so its longer side is at most
--side pixels) by Flipbook (`flipbook still`), ThorVG (thorvg-python) and rlottie
(rlottie-python), each composited over the same white background. Reported per file: the mean
absolute difference, in 8-bit code values over R, G and B, of Flipbook to each player and of the
players to each other (the worst of the four frames), and whether Flipbook agrees: on frames
where the players agree within --tolerance, Flipbook must be within it of both.

    .build/tools/venv/bin/python bench/lottie_corpus.py Tests/Fixtures/lottie \\
        --flipbook .build/release/flipbook --markdown

Exits 1 when fewer than --required (a fraction) of the agreeing frames agree with Flipbook.
The players come from scripts/install-tools.sh; each wheel carries its own library.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

QUARTERS = (0.0, 0.25, 0.5, 0.75)


def lottie_files(paths):
    """Every .json file under `paths`, sorted by path."""
    found = []
    for path in paths:
        if os.path.isdir(path):
            for root, _, names in os.walk(path):
                found += [os.path.join(root, name) for name in names if name.endswith(".json")]
        else:
            found.append(path)
    return sorted(found)


def over_white(image, premultiplied=False):
    """RGB code values (float) of an RGBA image composited over white. Flipbook's PNGs hold
    straight colour; both players render premultiplied colour (ThorVG's ABGR8888 and rlottie's
    ARGB32), which read as straight would darken every translucent pixel."""
    rgba = np.asarray(image.convert("RGBA"), dtype=np.float64)
    alpha = rgba[..., 3:4] / 255.0
    color = rgba[..., :3] if premultiplied else rgba[..., :3] * alpha
    return color + 255.0 * (1.0 - alpha)


def render_flipbook(flipbook, path, frame, rate, size, scratch):
    out = os.path.join(scratch, "flipbook.png")
    command = [
        flipbook, "still", path, "--at", repr(frame / rate), "--size", f"{size[0]}x{size[1]}",
        "--background", "white", "-o", out,
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip().splitlines()[-1] if result.stderr.strip() else "failed")
    return Image.open(out)


def thorvg_player(engine, path, size):
    """A ThorVG canvas of `size` showing the animation in `path`, and a function that draws
    its frame `frame` (counted from its first) there, clearing the canvas first."""
    import thorvg_python as tvg

    canvas = tvg.SwCanvas(engine)
    canvas.set_target(size[0], size[1])
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(path)
    picture.set_size(size[0], size[1])
    canvas.add(picture)

    def draw(frame):
        animation.set_frame(frame)
        canvas.update()
        canvas.draw(True)
        canvas.sync()

    return canvas, draw


def render_thorvg(engine, path, frame, size):
    canvas, draw = thorvg_player(engine, path, size)
    draw(frame)
    image = canvas.get_pillow()
    canvas.destroy()
    return image


def render_rlottie(animation, frame, size):
    buffer = animation.lottie_animation_render(frame_num=int(frame), width=size[0], height=size[1])
    return Image.frombuffer("RGBA", size, buffer, "raw", "BGRA")


def mean_difference(a, b):
    return float(np.mean(np.abs(a - b)))


def compare(path, flipbook, side, engine):
    """The per-frame differences of one file: a dict with its frames, or its error."""
    from rlottie_python import LottieAnimation

    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    width, height = float(document["w"]), float(document["h"])
    scale = min(1.0, side / max(width, height))
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    rate = float(document["fr"])
    length = float(document["op"]) - float(document["ip"])
    player = LottieAnimation.from_file(path)
    frames = []
    with tempfile.TemporaryDirectory() as scratch:
        for quarter in QUARTERS:
            frame = int(length * quarter)
            ours = over_white(render_flipbook(flipbook, path, frame, rate, size, scratch))
            thorvg = over_white(render_thorvg(engine, path, frame, size), premultiplied=True)
            rlottie = over_white(render_rlottie(player, frame, size), premultiplied=True)
            frames.append({
                "frame": frame,
                "thorvg": mean_difference(ours, thorvg),
                "rlottie": mean_difference(ours, rlottie),
                "players": mean_difference(thorvg, rlottie),
            })
    return {"file": path, "size": size, "frames": frames}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", help="Lottie files or folders of them")
    parser.add_argument("--flipbook", default=".build/release/flipbook")
    parser.add_argument("--side", type=int, default=256, help="longest side rendered, in pixels")
    parser.add_argument("--tolerance", type=float, default=2.0, help="code values")
    parser.add_argument("--required", type=float, default=0.0, help="fraction of agreeing frames")
    parser.add_argument("--markdown", action="store_true", help="print a table for docs/lottie.md")
    parser.add_argument("--json", help="write every figure to this file")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per file, all renderers")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()

    if options.one:
        # One file in a process of its own, so that a player that hangs or crashes on it
        # costs that file only.
        import thorvg_python as tvg

        engine = tvg.Engine(threads=1)
        try:
            print(json.dumps(compare(options.paths[0], options.flipbook, options.side, engine)))
        except Exception as error:  # a file one renderer refuses is reported, not fatal
            print(json.dumps({"file": options.paths[0], "error": str(error)}))
        return 0

    results = []
    for path in lottie_files(options.paths):
        command = [sys.executable, __file__, "--one", path, "--flipbook", options.flipbook, "--side", str(options.side)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=options.timeout)
            lines = done.stdout.strip().splitlines()
            results.append(json.loads(lines[-1]) if lines else {"file": path, "error": f"a player crashed (status {done.returncode})"})
        except subprocess.TimeoutExpired:
            results.append({"file": path, "error": f"no result within {options.timeout:.0f} s"})
        print(f"{os.path.basename(path)}: {'error' if 'error' in results[-1] else 'compared'}", file=sys.stderr, flush=True)

    agreeing = [f for r in results for f in r.get("frames", []) if f["players"] <= options.tolerance]
    matched = [f for f in agreeing if max(f["thorvg"], f["rlottie"]) <= options.tolerance]
    if options.markdown:
        print("| file | Flipbook–ThorVG | Flipbook–rlottie | ThorVG–rlottie | agrees |")
        print("|------|----------------:|-----------------:|---------------:|--------|")
    root = options.paths[0] if len(options.paths) == 1 and os.path.isdir(options.paths[0]) else None
    for result in results:
        # Named within the folder compared, so that collections kept apart stay apart.
        name = os.path.relpath(result["file"], root) if root else os.path.basename(result["file"])
        if "error" in result:
            print(f"| {name} | — | — | — | error: {result['error']} |" if options.markdown
                  else f"{name}: error: {result['error']}")
            continue
        worst = {key: max(f[key] for f in result["frames"]) for key in ("thorvg", "rlottie", "players")}
        frames = [f for f in result["frames"] if f["players"] <= options.tolerance]
        ok = sum(max(f["thorvg"], f["rlottie"]) <= options.tolerance for f in frames)
        verdict = f"{ok}/{len(frames)} frames" if frames else "players differ"
        if options.markdown:
            print(f"| {name} | {worst['thorvg']:.2f} | {worst['rlottie']:.2f} | {worst['players']:.2f} | {verdict} |")
        else:
            print(f"{name}: flipbook-thorvg {worst['thorvg']:.2f}, flipbook-rlottie {worst['rlottie']:.2f}, "
                  f"thorvg-rlottie {worst['players']:.2f}; {verdict}")
    share = len(matched) / len(agreeing) if agreeing else 1.0
    print(f"\n{len(results)} files; the players agree on {len(agreeing)} frames; "
          f"Flipbook agrees with them on {len(matched)} ({share:.0%}).")
    if options.json:
        with open(options.json, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=1)
    return 0 if share >= options.required else 1


if __name__ == "__main__":
    sys.exit(main())

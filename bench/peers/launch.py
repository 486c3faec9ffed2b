"""Times skia-python drawing an element of the "launch" frame; prints one JSON object.

    launch.py --element empty|gradient|glow|blurred-glow|headline|shadowed-headline|confetti|frame
              [--seconds S]        draw again and again for at least S seconds (default 0.6)
              [--dump PATH]        also write the frame as raw premultiplied RGBA to PATH

The elements are those of Flipbook's LaunchScene (bench/scenes/README.md): CPU raster,
1920x1080, premultiplied RGBA, transparent clear first, dithered gradients, image filters for
the blur (sigma 40) and the drop shadow (sigma 12), DejaVu Sans Bold (what fontconfig gives
Flipbook for a bold system font), confetti as the built-in scene places it at t = 0.5 s.
"""
import argparse
import json
import math
import os
import time

import skia

from scenes import COLORS, load

WIDTH, HEIGHT = 1920, 1080
HEADLINE = "Flipbook 3.0 is out"


def color(r, g, b, a=1.0):
    return skia.Color4f(r / 255, g / 255, b / 255, a)


def gradient(canvas):
    paint = skia.Paint(AntiAlias=True, Dither=True)
    colors = [skia.Color(0x0B, 0x10, 0x26), skia.Color(0x3A, 0x1C, 0x71), skia.Color(0xD7, 0x6D, 0x77)]
    paint.setShader(skia.GradientShader.MakeLinear([(0, 0), (WIDTH, HEIGHT)], colors))
    canvas.drawRect(skia.Rect(0, 0, WIDTH, HEIGHT), paint)


def glow(canvas, blurred):
    paint = skia.Paint(AntiAlias=True, Dither=True)
    colors = [skia.Color(255, 220, 120, round(0.9 * 255)), skia.Color(255, 140, 60, 0)]
    paint.setShader(skia.GradientShader.MakeRadial((960, 420), 200, colors))
    if blurred:
        paint.setImageFilter(skia.ImageFilters.Blur(40, 40))
    canvas.drawOval(skia.Rect(760, 220, 1160, 620), paint)


def without_fontconfig_warnings(make):
    """The fontconfig inside skia-python's wheel is older than Debian's configuration and warns,
    once per process, about an element it does not know; the warnings say nothing about this
    run and buried make bench's tables, so stderr is closed while fontconfig loads."""
    saved, quiet = os.dup(2), os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 2)
    try:
        return make()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(quiet)


FONT = without_fontconfig_warnings(lambda: skia.Font(skia.Typeface("DejaVu Sans", skia.FontStyle.Bold()), 96))
# With its warnings silenced, fontconfig must still have found the font the scene specifies.
assert FONT.getTypeface().getFamilyName() == "DejaVu Sans" and FONT.getTypeface().fontStyle().weight() == 700


def headline(canvas, shadowed):
    paint = skia.Paint(AntiAlias=True, Color=skia.ColorWHITE)
    if shadowed:
        paint.setImageFilter(skia.ImageFilters.DropShadow(0, 6, 12, 12, skia.Color(0, 0, 0, 153)))
    blob = skia.TextBlob.MakeFromString(HEADLINE, FONT)
    width = FONT.measureText(HEADLINE)
    metrics = FONT.getMetrics()
    baseline = 700 - (metrics.fAscent + metrics.fDescent) / 2
    canvas.drawTextBlob(blob, 960 - width / 2, baseline, paint)


PARTICLES = None


def confetti(canvas):
    """300 pieces of the built-in confetti scene (seed 0x5EED) at t = 0.5 s, as the bench's
    confetti_2000 particle file lists them (its first 300 rows are the same pieces)."""
    global PARTICLES
    if PARTICLES is None:
        PARTICLES = load("confetti_2000")[:300]
    t = 0.5
    paint = skia.Paint(AntiAlias=True)
    for vx, vy, spin, ci in PARTICLES:
        x = 960 + vx * t
        y = 540 + vy * t + 0.5 * 600 * t * t
        r, g, b = COLORS[int(ci)]
        paint.setColor(skia.Color(r, g, b, round((1 - t / 3) * 255)))
        canvas.save()
        canvas.translate(x, y)
        canvas.rotate(spin * t)
        canvas.drawRect(skia.Rect(-5, -2.5, 5, 2.5), paint)
        canvas.restore()


ELEMENTS = {
    "empty": lambda c: None,
    "gradient": gradient,
    "glow": lambda c: glow(c, False),
    "blurred-glow": lambda c: glow(c, True),
    "headline": lambda c: headline(c, False),
    "shadowed-headline": lambda c: headline(c, True),
    "confetti": confetti,
    "frame": lambda c: (gradient(c), glow(c, True), confetti(c), headline(c, True)),
}

parser = argparse.ArgumentParser()
parser.add_argument("--element", required=True, choices=sorted(ELEMENTS))
parser.add_argument("--seconds", type=float, default=0.6)
parser.add_argument("--dump")
args = parser.parse_args()

surface = skia.Surface.MakeRaster(
    skia.ImageInfo.Make(WIDTH, HEIGHT, skia.ColorType.kRGBA_8888_ColorType, skia.AlphaType.kPremul_AlphaType))
canvas = surface.getCanvas()
draw = ELEMENTS[args.element]


def frame():
    canvas.clear(skia.ColorTRANSPARENT)
    draw(canvas)
    surface.flushAndSubmit()


frame()  # warm: fonts, shaders
elapsed, frames = 0.0, 0
while frames == 0 or elapsed < args.seconds:
    start = time.perf_counter()
    frame()
    elapsed += time.perf_counter() - start
    frames += 1

if args.dump:
    with open(args.dump, "wb") as f:
        f.write(surface.makeImageSnapshot().tobytes())

print(json.dumps({"element": args.element, "ms": elapsed / frames * 1000}))

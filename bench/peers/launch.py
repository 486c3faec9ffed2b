"""Times skia-python drawing an element of the "launch" frame; prints one JSON object.

    launch.py --element empty|gradient|glow|blurred-glow|headline|shadowed-headline|confetti|frame
              [--animated]         each frame at the next time of the animation (Flipbook's
                                   LaunchAnimation), which adds the elements outlined-headline,
                                   scaling-headline, radial-background, focal-background,
                                   angular-background and counter
              [--seconds S]        draw again and again for at least S seconds (default 0.6)
              [--frame N]          with --dump: the animation's frame N (default 0)
              [--dump PATH]        also write the frame as raw premultiplied RGBA to PATH
              [--text hinted|unhinted|paths]
                                   how Skia sets text: hinted (its defaults: glyphs hinted, their
                                   positions and advances rounded to whole pixels), unhinted
                                   (glyph masks unhinted, with unrounded advances, at subpixel
                                   positions: a quarter pixel across, whole pixels down), or
                                   paths (the unhinted glyphs' outlines filled and stroked as
                                   paths at their exact positions: the geometry Flipbook draws,
                                   without Skia's mask positions and contrast boost; only for
                                   --dump, the timed runs set text as masks)

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


def glow(canvas, blurred, cx=960, cy=420):
    paint = skia.Paint(AntiAlias=True, Dither=True)
    colors = [skia.Color(255, 220, 120, round(0.9 * 255)), skia.Color(255, 140, 60, 0)]
    # Flipbook interpolates gradient stops premultiplied (docs/rasterizer.md), as CSS does; Skia
    # by default mixes the unpremultiplied colours, which toward a transparent stop of another
    # hue gives a different ramp (up to 18 code values at mid-radius). Compared like with like.
    premultiplied = skia.GradientShader.kInterpolateColorsInPremul_Flag
    paint.setShader(skia.GradientShader.MakeRadial((cx, cy), 200, colors, None, skia.TileMode.kClamp, premultiplied))
    if blurred:
        paint.setImageFilter(skia.ImageFilters.Blur(40, 40))
    canvas.drawOval(skia.Rect(cx - 200, cy - 200, cx + 200, cy + 200), paint)


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


# Whether text is drawn as its glyphs' outlines (--text paths) rather than as glyph masks.
TEXT_AS_PATHS = False


def text_path(text, x, y):
    """The glyphs' outlines of `text` with its pen at (x, y), each at its exact position."""
    glyphs = FONT.textToGlyphs(text)
    path = skia.Path()
    for glyph, position in zip(glyphs, FONT.getPos(glyphs, (x, y))):
        outline = FONT.getPath(glyph)
        if outline is not None:
            path.addPath(outline, position.x(), position.y())
    return path


def headline(canvas, shadowed, text=HEADLINE, cx=960, cy=700, outline=0):
    paint = skia.Paint(AntiAlias=True, Color=skia.ColorWHITE)
    if shadowed:
        paint.setImageFilter(skia.ImageFilters.DropShadow(0, 6, 12, 12, skia.Color(0, 0, 0, 153)))
    width = FONT.measureText(text)
    metrics = FONT.getMetrics()
    baseline = cy - (metrics.fAscent + metrics.fDescent) / 2
    if TEXT_AS_PATHS:
        path = text_path(text, cx - width / 2, baseline)
        draw = lambda paint: canvas.drawPath(path, paint)
    else:
        blob = skia.TextBlob.MakeFromString(text, FONT)
        draw = lambda paint: canvas.drawTextBlob(blob, cx - width / 2, baseline, paint)
    if outline > 0:
        draw(skia.Paint(AntiAlias=True, Color=skia.ColorBLACK, Style=skia.Paint.kStroke_Style,
                        StrokeWidth=outline, StrokeJoin=skia.Paint.kRound_Join))
    draw(paint)


PARTICLES = None


def confetti(canvas, t=0.5):
    """300 pieces of the built-in confetti scene (seed 0x5EED) at t s (0.5 unless given), as
    the bench's confetti_2000 particle file lists them (its first 300 rows are the same pieces)."""
    global PARTICLES
    if PARTICLES is None:
        PARTICLES = load("confetti_2000")[:300]
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

BACKGROUND = [skia.Color(0x0B, 0x10, 0x26), skia.Color(0x3A, 0x1C, 0x71), skia.Color(0xD7, 0x6D, 0x77)]


def radial_background(canvas, t):
    cx, cy = 960 + 240 * math.cos(math.pi / 2 * t), 540 + 240 * math.sin(math.pi / 2 * t)
    paint = skia.Paint(AntiAlias=True, Dither=True)
    paint.setShader(skia.GradientShader.MakeRadial((cx, cy), 1100, list(reversed(BACKGROUND))))
    canvas.drawRect(skia.Rect(0, 0, WIDTH, HEIGHT), paint)


def focal_background(canvas, t):
    fx, fy = 960 + 400 * math.cos(math.pi / 2 * t), 540 + 250 * math.sin(math.pi / 2 * t)
    paint = skia.Paint(AntiAlias=True, Dither=True)
    paint.setShader(skia.GradientShader.MakeTwoPointConical(
        (fx, fy), 0, (960, 540), 1100, list(reversed(BACKGROUND))))
    canvas.drawRect(skia.Rect(0, 0, WIDTH, HEIGHT), paint)


def angular_background(canvas, t):
    paint = skia.Paint(AntiAlias=True, Dither=True)
    paint.setShader(skia.GradientShader.MakeSweep(
        960, 540, BACKGROUND + [BACKGROUND[0]], localMatrix=skia.Matrix.RotateDeg(90 * t, (960, 540))))
    canvas.drawRect(skia.Rect(0, 0, WIDTH, HEIGHT), paint)


# Flipbook's LaunchAnimation: frame i is at t = (i mod 60 + (i div 60 * phi mod 1)) / 30 s, each
# two seconds starting a fraction of a frame later than the last, so that no frame repeats.
def seconds_of_frame(i):
    return (i % 60 + (i // 60) * 0.6180339887498949 % 1) / 30


def scaling_headline(canvas, t):
    canvas.save()
    canvas.translate(960, 540)
    canvas.scale(0.5 + 0.25 * t, 0.5 + 0.25 * t)
    headline(canvas, False, cx=0, cy=0)
    canvas.restore()


def animated_frame(c, i, t):
    glow(c, True, 960 + 50 * t)
    confetti(c, 0.5 + t)
    headline(c, True, cy=700 - 20 * t)


ANIMATED = {
    "headline": lambda c, i, t: headline(c, False, cy=700 - 20 * t),
    "shadowed-headline": lambda c, i, t: headline(c, True, cy=700 - 20 * t),
    "outlined-headline": lambda c, i, t: headline(c, False, cy=700 - 20 * t, outline=6),
    "scaling-headline": lambda c, i, t: scaling_headline(c, t),
    "glow": lambda c, i, t: glow(c, False, 960 + 50 * t),
    "blurred-glow": lambda c, i, t: glow(c, True, 960 + 50 * t),
    "radial-background": lambda c, i, t: radial_background(c, t),
    "focal-background": lambda c, i, t: focal_background(c, t),
    "angular-background": lambda c, i, t: angular_background(c, t),
    "counter": lambda c, i, t: headline(c, False, str(1000 + 7 * i), cy=540),
    "confetti": lambda c, i, t: confetti(c, 0.5 + t),
    "frame": lambda c, i, t: (gradient(c), animated_frame(c, i, t)),
}

parser = argparse.ArgumentParser()
parser.add_argument("--element", required=True, choices=sorted(set(ELEMENTS) | set(ANIMATED)))
parser.add_argument("--animated", action="store_true")
parser.add_argument("--seconds", type=float, default=0.6)
parser.add_argument("--frame", type=int, default=0)
parser.add_argument("--dump")
parser.add_argument("--text", choices=["hinted", "unhinted", "paths"], default="hinted")
args = parser.parse_args()
if args.text != "hinted":
    FONT.setHinting(skia.FontHinting.kNone)
    FONT.setSubpixel(True)
    FONT.setLinearMetrics(True)
TEXT_AS_PATHS = args.text == "paths"
if args.element not in (ANIMATED if args.animated else ELEMENTS):
    parser.error(f"--element {args.element} is {'not ' if args.animated else 'only '}animated")

surface = skia.Surface.MakeRaster(
    skia.ImageInfo.Make(WIDTH, HEIGHT, skia.ColorType.kRGBA_8888_ColorType, skia.AlphaType.kPremul_AlphaType))
canvas = surface.getCanvas()


# Animated elements whose first drawing sets every pixel opaque: Flipbook's render stage skips
# its clear before such a frame (DisplayList.overwritesEveryPixel), and so does this peer. Before
# the others it clears the whole frame; Flipbook clears what its last frame drew, which Skia does
# not record.
COVERING = {"radial-background", "focal-background", "angular-background", "frame"}


def frame(index):
    if not (args.animated and args.element in COVERING):
        canvas.clear(skia.ColorTRANSPARENT)
    if args.animated:
        ANIMATED[args.element](canvas, index, seconds_of_frame(index))
    else:
        ELEMENTS[args.element](canvas)
    surface.flushAndSubmit()


frame(0)  # warm: fonts, shaders
elapsed, frames = 0.0, 0
while frames == 0 or elapsed < args.seconds:
    start = time.perf_counter()
    frame(frames + 1)
    elapsed += time.perf_counter() - start
    frames += 1
if args.dump:
    frame(args.frame)

if args.dump:
    with open(args.dump, "wb") as f:
        f.write(surface.makeImageSnapshot().tobytes())

print(json.dumps({"element": args.element, "ms": elapsed / frames * 1000}))

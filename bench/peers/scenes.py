"""The benchmark scenes of bench/scenes/README.md, drawn with Cairo, Skia and (confetti only)
Blend2D.

The peers draw exactly what Flipbook draws: 1920x1080, transparent clear before every frame,
anti-aliased, premultiplied RGBA, t = i / 60.
"""
import math
import os

WIDTH, HEIGHT = 1920, 1080
HERE = os.path.dirname(os.path.abspath(__file__))
SCENES = os.path.join(HERE, "..", "scenes")
COLORS = [(255, 59, 48), (255, 149, 0), (255, 204, 0), (52, 199, 89), (0, 122, 255), (175, 82, 222), (255, 45, 85)]
SPIRO_COLOR = (0, 122, 255)


def load(name):
    """Particles (vx, vy, spin_deg, color_index) or polyline points (x, y) of a scene."""
    rows = []
    with open(os.path.join(SCENES, name + ".txt")) as f:
        for line in f:
            values = [float(v) for v in line.split()]
            if values:
                rows.append(values)
    return rows


def confetti_state(particle, t):
    """Position, rotation (radians), opacity and colour of a particle at time t."""
    vx, vy, spin, ci = particle
    x = 960 + vx * t
    y = 540 + vy * t + 0.5 * 600 * t * t
    return x, y, math.radians(spin * t), 1 - t / 3, COLORS[int(ci)]


class CairoScene:
    def __init__(self, name):
        import cairo
        self.cairo = cairo
        self.name = name
        self.data = load(name)
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, WIDTH, HEIGHT)
        self.ctx = cairo.Context(self.surface)
        if not name.startswith("confetti"):
            # The polyline is built once (bench/scenes/README.md): 1885 line_to calls from
            # Python cost about an eighth of a frame, which is not Cairo's stroking.
            self.ctx.move_to(*self.data[0])
            for x, y in self.data[1:]:
                self.ctx.line_to(x, y)
            self.path = self.ctx.copy_path()
            self.ctx.new_path()

    def draw(self, t):
        cairo, ctx = self.cairo, self.ctx
        ctx.set_operator(cairo.OPERATOR_CLEAR)
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
        if self.name.startswith("confetti"):
            for particle in self.data:
                x, y, angle, opacity, (r, g, b) = confetti_state(particle, t)
                ctx.save()
                ctx.translate(x, y)
                ctx.rotate(angle)
                ctx.rectangle(-5, -2.5, 10, 5)
                ctx.set_source_rgba(r / 255, g / 255, b / 255, opacity)
                ctx.fill()
                ctx.restore()
        else:
            ctx.new_path()
            ctx.append_path(self.path)
            ctx.set_line_width(6)
            ctx.set_line_cap(cairo.LINE_CAP_BUTT)
            ctx.set_line_join(cairo.LINE_JOIN_MITER)
            ctx.set_miter_limit(10)
            r, g, b = SPIRO_COLOR
            ctx.set_source_rgb(r / 255, g / 255, b / 255)
            ctx.stroke()
        self.surface.flush()

    def bgra(self):
        """The frame as premultiplied BGRA bytes (Cairo's ARGB32 on little-endian machines)."""
        return bytes(self.surface.get_data())

    def rgba(self):
        import numpy
        pixels = numpy.frombuffer(self.bgra(), dtype=numpy.uint8).reshape(HEIGHT, WIDTH, 4)
        return pixels[:, :, [2, 1, 0, 3]].tobytes()


class SkiaScene:
    def __init__(self, name):
        import skia
        self.skia = skia
        self.name = name
        self.data = load(name)
        info = skia.ImageInfo.Make(WIDTH, HEIGHT, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
        self.surface = skia.Surface.MakeRaster(info)
        self.canvas = self.surface.getCanvas()
        self.paint = skia.Paint(AntiAlias=True)
        if not name.startswith("confetti"):
            path = skia.Path()
            path.moveTo(*self.data[0])
            for x, y in self.data[1:]:
                path.lineTo(x, y)
            self.path = path
            r, g, b = SPIRO_COLOR
            self.paint = skia.Paint(
                AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=6,
                StrokeCap=skia.Paint.kButt_Cap, StrokeJoin=skia.Paint.kMiter_Join, StrokeMiter=10,
                Color=skia.Color(r, g, b))

    def draw(self, t):
        skia, canvas, paint = self.skia, self.canvas, self.paint
        canvas.clear(skia.ColorTRANSPARENT)
        if self.name.startswith("confetti"):
            rect = skia.Rect.MakeXYWH(-5, -2.5, 10, 5)
            for particle in self.data:
                x, y, angle, opacity, (r, g, b) = confetti_state(particle, t)
                canvas.save()
                canvas.translate(x, y)
                canvas.rotate(math.degrees(angle))
                paint.setColor4f(skia.Color4f(r / 255, g / 255, b / 255, opacity))
                canvas.drawRect(rect, paint)
                canvas.restore()
        else:
            canvas.drawPath(self.path, paint)
        self.surface.flushAndSubmit()

    def rgba(self):
        info = self.skia.ImageInfo.Make(WIDTH, HEIGHT, self.skia.kRGBA_8888_ColorType, self.skia.kPremul_AlphaType)
        pixels = bytearray(WIDTH * HEIGHT * 4)
        self.surface.readPixels(info, pixels, WIDTH * 4, 0, 0)
        return bytes(pixels)


class Blend2DScene:
    """Confetti with Blend2D (blend2d-py; a JIT-compiled fixed-point rasterizer, the fastest CPU
    engine measured here), synchronous rendering on one thread. Its Python binding fills
    rectangles and paths but cannot stroke, so it has no spirograph.

    `calls_only` makes every Python call of a frame's pieces but fills each rectangle far
    outside the image, which Blend2D culls, and does not clear: the time of those frames is what
    Python costs, and subtracting it from the drawing frames' time leaves Blend2D's own work,
    the clear of the whole frame included, as the scene asks of every peer."""

    def __init__(self, name, calls_only=False):
        import blend2d
        if not name.startswith("confetti"):
            raise SystemExit("blend2d-py cannot stroke: no " + name)
        self.blend2d = blend2d
        self.data = load(name)
        self.image = blend2d.Image(WIDTH, HEIGHT)
        self.ctx = blend2d.Context(self.image)
        self.calls_only = calls_only
        self.rect = (-5e6, -2.5e6, 10, 5) if calls_only else (-5, -2.5, 10, 5)

    def draw(self, t):
        blend2d, ctx, rect = self.blend2d, self.ctx, self.rect
        if not self.calls_only:
            ctx.set_comp_op(blend2d.CompOp.SRC_COPY)
            ctx.set_fill_style_rgba(0, 0, 0, 0)
            ctx.fill_all()
            ctx.set_comp_op(blend2d.CompOp.SRC_OVER)
        for particle in self.data:
            x, y, angle, opacity, (r, g, b) = confetti_state(particle, t)
            ctx.save()
            ctx.translate(x, y)
            ctx.rotate(angle)
            ctx.set_fill_style_rgba(r, g, b, round(opacity * 255))
            ctx.fill_rect(*rect)
            ctx.restore()


ENGINES = {"cairo": CairoScene, "skia": SkiaScene}

#!/usr/bin/env python3
"""Builds presets/assets/FlipbookPixel.ttf and FlipbookPixel-Bold.ttf, the family "Flipbook
Pixel": a 5 x 7 dot-matrix display face made for this repository (capitals, which lower case
maps to, digits, common punctuation and a full block U+2588), used by the arcade example preset
and by the tests of a composition's own font files. Each lit dot is a 100-unit square on a
1000-unit em (the bold's dots are 120 units wide), a row's run of dots one rectangle, so the
outlines are exact to the pixel at 100 px (ten device pixels a dot).

Run with fontTools (PyPI: `pip install fonttools`); the output is deterministic, and the font
is committed, so nothing else needs fontTools.
"""
import sys
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

DOT, COLUMNS, ROWS, ADVANCE = 100, 5, 7, 600
# How much wider than a dot the bold face draws each run of dots.
BOLD_EXTRA = 20

GLYPHS = {
    "A": ".###.|#...#|#...#|#####|#...#|#...#|#...#",
    "B": "####.|#...#|#...#|####.|#...#|#...#|####.",
    "C": ".###.|#...#|#....|#....|#....|#...#|.###.",
    "D": "####.|#...#|#...#|#...#|#...#|#...#|####.",
    "E": "#####|#....|#....|####.|#....|#....|#####",
    "F": "#####|#....|#....|####.|#....|#....|#....",
    "G": ".###.|#...#|#....|#.###|#...#|#...#|.####",
    "H": "#...#|#...#|#...#|#####|#...#|#...#|#...#",
    "I": ".###.|..#..|..#..|..#..|..#..|..#..|.###.",
    "J": "..###|...#.|...#.|...#.|...#.|#..#.|.##..",
    "K": "#...#|#..#.|#.#..|##...|#.#..|#..#.|#...#",
    "L": "#....|#....|#....|#....|#....|#....|#####",
    "M": "#...#|##.##|#.#.#|#.#.#|#...#|#...#|#...#",
    "N": "#...#|#...#|##..#|#.#.#|#..##|#...#|#...#",
    "O": ".###.|#...#|#...#|#...#|#...#|#...#|.###.",
    "P": "####.|#...#|#...#|####.|#....|#....|#....",
    "Q": ".###.|#...#|#...#|#...#|#.#.#|#..#.|.##.#",
    "R": "####.|#...#|#...#|####.|#.#..|#..#.|#...#",
    "S": ".####|#....|#....|.###.|....#|....#|####.",
    "T": "#####|..#..|..#..|..#..|..#..|..#..|..#..",
    "U": "#...#|#...#|#...#|#...#|#...#|#...#|.###.",
    "V": "#...#|#...#|#...#|#...#|#...#|.#.#.|..#..",
    "W": "#...#|#...#|#...#|#.#.#|#.#.#|#.#.#|.#.#.",
    "X": "#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#",
    "Y": "#...#|#...#|.#.#.|..#..|..#..|..#..|..#..",
    "Z": "#####|....#|...#.|..#..|.#...|#....|#####",
    "0": ".###.|#...#|#..##|#.#.#|##..#|#...#|.###.",
    "1": "..#..|.##..|..#..|..#..|..#..|..#..|.###.",
    "2": ".###.|#...#|....#|...#.|..#..|.#...|#####",
    "3": "#####|...#.|..#..|...#.|....#|#...#|.###.",
    "4": "...#.|..##.|.#.#.|#..#.|#####|...#.|...#.",
    "5": "#####|#....|####.|....#|....#|#...#|.###.",
    "6": "..##.|.#...|#....|####.|#...#|#...#|.###.",
    "7": "#####|....#|...#.|..#..|.#...|.#...|.#...",
    "8": ".###.|#...#|#...#|.###.|#...#|#...#|.###.",
    "9": ".###.|#...#|#...#|.####|....#|...#.|.##..",
    "!": "..#..|..#..|..#..|..#..|..#..|.....|..#..",
    "?": ".###.|#...#|....#|...#.|..#..|.....|..#..",
    ".": ".....|.....|.....|.....|.....|.##..|.##..",
    ",": ".....|.....|.....|.....|.##..|..#..|.#...",
    ":": ".....|.##..|.##..|.....|.##..|.##..|.....",
    "-": ".....|.....|.....|#####|.....|.....|.....",
    "+": ".....|..#..|..#..|#####|..#..|..#..|.....",
    "%": "##...|##..#|...#.|..#..|.#...|#..##|...##",
    "'": "..#..|..#..|.#...|.....|.....|.....|.....",
    "/": ".....|....#|...#.|..#..|.#...|#....|.....",
    "&": ".##..|#..#.|#.#..|.#...|#.#.#|#..#.|.##.#",
    "#": ".#.#.|.#.#.|#####|.#.#.|#####|.#.#.|.#.#.",
    "\u2588": "#####|#####|#####|#####|#####|#####|#####",
}


def glyph_name(char):
    return "uni%04X" % ord(char)


def draw(pattern, extra=0):
    """The glyph's outline: one clockwise rectangle per run of lit dots in a row (y up), `extra`
    units wider."""
    pen = TTGlyphPen(None)
    for row, dots in enumerate(pattern.split("|")):
        top = (ROWS - row) * DOT
        column = 0
        while column < COLUMNS:
            if dots[column] != "#":
                column += 1
                continue
            start = column
            while column < COLUMNS and dots[column] == "#":
                column += 1
            left, right = start * DOT, column * DOT + extra
            pen.moveTo((left, top - DOT))
            pen.lineTo((left, top))
            pen.lineTo((right, top))
            pen.lineTo((right, top - DOT))
            pen.closePath()
    return pen.glyph()


def build(output, style, weight, extra):
    order = [".notdef", "space"] + [glyph_name(c) for c in GLYPHS]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(order)
    cmap = {32: "space"}
    for char in GLYPHS:
        cmap[ord(char)] = glyph_name(char)
        if char.isalpha() and char.isascii():
            cmap[ord(char.lower())] = glyph_name(char)
    builder.setupCharacterMap(cmap)
    glyphs = {".notdef": draw("#####|#...#|#...#|#...#|#...#|#...#|#####", extra), "space": TTGlyphPen(None).glyph()}
    for char, pattern in GLYPHS.items():
        glyphs[glyph_name(char)] = draw(pattern, extra)
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({name: (ADVANCE, 0) for name in order})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Flipbook Pixel", "styleName": style})
    bold = 0x20 if weight >= 700 else 0x40  # fsSelection: BOLD, or REGULAR
    builder.setupOS2(
        sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, usWeightClass=weight,
        fsSelection=bold)
    builder.setupPost()
    # A fixed creation date, so that every run writes the same bytes.
    builder.updateHead(created=0, modified=0, macStyle=1 if weight >= 700 else 0)
    builder.save(output)


def main(folder):
    build(f"{folder}/FlipbookPixel.ttf", "Regular", 400, 0)
    build(f"{folder}/FlipbookPixel-Bold.ttf", "Bold", 700, BOLD_EXTRA)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "presets/assets")

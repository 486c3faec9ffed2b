#!/usr/bin/env python3
"""Writes the Unicode tables FlipbookText's algorithms read, from the Unicode Character Database
that Debian's unicode-data package installs in /usr/share/unicode:

- Sources/FlipbookText/BidiClass+Table.swift: every code point's bidirectional class other than
  L (left-to-right), as ranges, and the paired brackets (UAX #9);
- Sources/FlipbookText/LineBreakClass+Table.swift: every code point's line breaking class other
  than AL (alphabetic), resolved as UAX #14's rule LB1 does by default, with the distinctions
  rules LB30 and LB30b make (wide brackets, reserved pictographs); and the code points of class
  SA (Thai, Lao, Khmer, Myanmar…: words without spaces between them), which LB1 resolves to AL
  and CM but whose runs `DictionaryBreaks` breaks between words;
- Sources/FlipbookText/EastAsianWidth+Table.swift: the code points whose East Asian width is W
  (wide) or F (fullwidth), with the defaults UAX #11 gives unassigned CJK code points (W): the
  characters that take two columns of a terminal (`EastAsianWidth.columns(of:)`).

    apt-get install unicode-data && python3 scripts/make-unicode-tables.py

Unassigned code points get the classes the database gives them (the Hebrew and Arabic blocks'
reserved code points are right to left). The tables are committed, so building needs neither
Python nor the package; run this again against a newer package to move to a newer Unicode
version.
"""
import pathlib
import re
import sys

DATABASE = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode")
SOURCES = pathlib.Path(__file__).resolve().parent.parent / "Sources/FlipbookText"
BIDI_ORDER = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
              "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]
# The order of LineBreakClass's cases; OPW and CPW are OP and CP of East Asian width F, W or H,
# and EPR an unassigned Extended_Pictographic code point (ID otherwise).
BREAK_ORDER = ["AL", "BK", "CR", "LF", "NL", "SP", "ZW", "ZWJ", "CM", "WJ", "GL", "BA", "BB",
               "B2", "HY", "CB", "CL", "CP", "CPW", "EX", "IN", "NS", "OP", "OPW", "QU", "IS",
               "NU", "PO", "PR", "SY", "HL", "ID", "EB", "EM", "H2", "H3", "JL", "JV", "JT", "RI",
               "EPR"]
# The East Asian widths of two terminal columns, as the table numbers them.
WIDE_ORDER = ["W", "F"]
LONG_NAMES = {"Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL",
              "European_Terminator": "ET", "Boundary_Neutral": "BN"}


def code_points(field):
    """The code points of a field like `0590..05FF` or `2065`."""
    first, _, last = field.strip().partition("..")
    return range(int(first, 16), int(last or first, 16) + 1)


def records(name):
    """The fields of each data line of a database file, comments dropped."""
    for line in (DATABASE / name).read_text().splitlines():
        data = line.split("#")[0]
        if data.strip():
            yield [field.strip() for field in data.split(";")]


def property_values(name, default):
    """Every code point's value of the property a file lists, `default` where it lists none."""
    values = [default] * 0x110000
    for field, value, *_ in records(name):
        for code in code_points(field):
            values[code] = value
    return values


def version_of(name):
    return re.search(r"-([0-9.]+)\.txt", (DATABASE / name).read_text()).group(1)


def ranges_except(values, common):
    """Runs of equal values other than `common`: [first, last, value]."""
    ranges = []
    for code, value in enumerate(values):
        if value == common:
            continue
        if ranges and ranges[-1][2] == value and ranges[-1][1] == code - 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code, value])
    return ranges


def write(path, header, name, doc, ranges, order, extra=()):
    lines = [header, "", "extension " + name + " {", *doc,
             "    static let ranges: UnicodeRangeTable = ["]
    for first, last, kind in ranges:
        lines.append(f"        (0x{first:04X}, 0x{last:04X}, {order.index(kind)}),  // {kind}")
    lines += ["    ]", *extra, "}", ""]
    (SOURCES / path).write_text("\n".join(lines))
    print(f"wrote {path}: {len(ranges)} ranges")


def bidi_table():
    derived = (DATABASE / "extracted/DerivedBidiClass.txt").read_text()
    classes = ["L"] * 0x110000
    # Defaults for unassigned code points first (the whole range, then the blocks that
    # differ), then every listed code point.
    for missing in re.finditer(r"# @missing: ([0-9A-F.]+); (\w+)", derived):
        for code in code_points(missing.group(1)):
            classes[code] = LONG_NAMES[missing.group(2)]
    for field, kind in records("extracted/DerivedBidiClass.txt"):
        for code in code_points(field):
            classes[code] = kind
    pairs = [(int(bracket, 16), int(partner, 16))
             for bracket, partner, kind in records("BidiBrackets.txt") if kind == "o"]
    extra = ["", "    /// Every paired bracket (Unicode's `Bidi_Paired_Bracket`): opening, closing.",
             "    static let bracketPairs: [(opening: UInt32, closing: UInt32)] = ["]
    extra += [f"        (0x{o:04X}, 0x{c:04X}),  // {chr(o)} {chr(c)}" for o, c in pairs]
    extra += ["    ]"]
    write("BidiClass+Table.swift",
          f"// Generated by scripts/make-unicode-tables.py from Unicode {version_of('extracted/DerivedBidiClass.txt')}; do not edit.",
          "BidiClass",
          ["    /// Every code point whose class is not `leftToRight`: first, last, class (its raw value),",
           "    /// in ascending order."],
          ranges_except(classes, "L"), BIDI_ORDER, extra)


def line_break_table():
    classes = ["XX"] * 0x110000
    # The defaults LineBreak.txt's header gives unassigned code points, then its data.
    for first, last, kind in [(0x3400, 0x4DBF, "ID"), (0x4E00, 0x9FFF, "ID"), (0xF900, 0xFAFF, "ID"),
                              (0x20000, 0x2FFFD, "ID"), (0x30000, 0x3FFFD, "ID"),
                              (0x1F000, 0x1FAFF, "ID"), (0x1FC00, 0x1FFFD, "ID"),
                              (0x20A0, 0x20CF, "PR")]:
        classes[first:last + 1] = [kind] * (last + 1 - first)
    for field, kind in records("LineBreak.txt"):
        for code in code_points(field):
            classes[code] = kind
    category = property_values("extracted/DerivedGeneralCategory.txt", "Cn")
    width = property_values("EastAsianWidth.txt", "N")
    pictographic = [False] * 0x110000
    for field, value in records("emoji/emoji-data.txt"):
        if value == "Extended_Pictographic":
            for code in code_points(field):
                pictographic[code] = True
    complex_context = [kind == "SA" for kind in classes]
    for code, kind in enumerate(classes):
        # LB1's default resolution.
        if kind in ("AI", "SG", "XX"):
            kind = "AL"
        elif kind == "SA":
            kind = "CM" if category[code] in ("Mn", "Mc") else "AL"
        elif kind == "CJ":
            kind = "NS"
        # What LB30 and LB30b tell apart.
        if kind in ("OP", "CP") and width[code] in ("F", "W", "H"):
            kind += "W"
        if pictographic[code] and category[code] == "Cn":
            assert kind == "ID", hex(code)
            kind = "EPR"
        classes[code] = kind
    write("LineBreakClass+Table.swift",
          f"// Generated by scripts/make-unicode-tables.py from Unicode {version_of('LineBreak.txt')}; do not edit.",
          "LineBreakClass",
          ["    /// Every code point whose class is not `alphabetic`: first, last, class (its raw",
           "    /// value), in ascending order."],
          ranges_except(classes, "AL"), BREAK_ORDER, complex_context_table(complex_context))


def complex_context_table(flags):
    """The lines of `complexContextRanges`: the code points of class SA, as ranges."""
    lines = ["", "    /// The code points of class SA (complex context: South-East Asian scripts, whose",
             "    /// words have no spaces between them), as ranges (kind 0).",
             "    static let complexContextRanges: UnicodeRangeTable = ["]
    for first, last, _ in ranges_except(["SA" if flag else "" for flag in flags], ""):
        lines.append(f"        (0x{first:04X}, 0x{last:04X}, 0),")
    return lines + ["    ]"]


def east_asian_width_table():
    widths = ["N"] * 0x110000
    # The defaults EastAsianWidth.txt's header gives unassigned code points, then its data.
    for first, last in [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2FFFD),
                        (0x30000, 0x3FFFD)]:
        widths[first:last + 1] = ["W"] * (last + 1 - first)
    for field, value in records("EastAsianWidth.txt"):
        for code in code_points(field):
            widths[code] = value
    wide = [value if value in WIDE_ORDER else "N" for value in widths]
    write("EastAsianWidth+Table.swift",
          f"// Generated by scripts/make-unicode-tables.py from Unicode {version_of('EastAsianWidth.txt')}; do not edit.",
          "EastAsianWidth",
          ["    /// Every code point that is wide (0) or fullwidth (1): first, last, width, in ascending",
           "    /// order."],
          ranges_except(wide, "N"), WIDE_ORDER)


bidi_table()
line_break_table()
east_asian_width_table()

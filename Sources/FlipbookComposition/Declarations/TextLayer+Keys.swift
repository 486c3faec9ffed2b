import FlipbookCanvas
import FlipbookJSON
import FlipbookText

extension TextLayer {
    /// A text layer's own keys. Its counters and captions are read first: its templates'
    /// placeholders are checked against them.
    static let keys = ObjectDeclaration<CompositionDecoder, TextLayer>(
        "text",
        [
            .key(
                "text", .template, default: .absent,
                doc:
                    "the text, with `{placeholders}`; `\\n` breaks a line (so do `\\r\\n`, `\\r`, `\\u2028` and `\\u2029`)"
            ) { (text, template, _, _) in
                text.runs = [Run(template: template, font: FontSpec(), paint: nil)]
                text.stylesCaptions = false
            },
            .key(
                "runs", .array(of: .object(Run.keys, from: Run.empty), count: 1...1000, "runs"),
                default: .absent,
                doc:
                    "instead of `text`: runs of differently styled text in one paragraph, each overriding the layer's style ([Runs](#runs))"
            ) { (text, runs, _, _) in
                text.runs = runs
                text.stylesCaptions = false
            }.checked(.excludes("text")),
            .key(
                "font", \.font, .font, default: "Inter, 17 pt",
                doc:
                    "the font ([Fonts](#fonts)): `{\"family\", \"size\", \"weight\", \"design\", \"italic\"}`"
            ),
            .key(
                "fill", \.paint, .paint, default: "`white`", explain: "fill",
                doc: "a colour or a gradient laid across the layer's box"),
            .key(
                "alignment", \.alignment, .choice, default: "`leading`",
                doc: "`leading`, `center` or `trailing`: the lines within the box"),
            .key(
                "verticalAlignment", \.verticalAlignment, .choice, default: "`top`",
                doc:
                    "`top`, `center`, `bottom` or `firstBaseline`: the lines within a box taller or shorter than they are (the layer's `size`); `firstBaseline` sets the first line's baseline on the box's bottom edge, as SwiftUI's `.firstTextBaseline` in a frame, so texts of different sizes in boxes of one height share a baseline ([Fitting](#fitting-text-in-its-box))"
            ),
            .key(
                "textWrap", \.wrap, .choice, default: "`wrap`",
                doc:
                    "`wrap`: as many words on each line as fit; `balance`: as many lines as that takes, their lengths as equal as they can be (CSS's `text-wrap: balance`), for headlines ([Fitting](#fitting-text-in-its-box))"
            ),
            .key(
                "maxWidth", \.maxWidth, .extent, default: "the box's width",
                doc:
                    "lines wrap at this width where Unicode's line breaking (UAX #14) allows: after spaces, hyphens and dashes, at a soft hyphen (`\\u00AD`, shown as a hyphen only where the line breaks), between Chinese and Japanese characters (never before closing punctuation, a small kana or a full stop, nor after opening punctuation), between the words of Thai, Lao, Khmer and Myanmar, which have no spaces between them (found by the dictionaries of ICU, the toolchain's own: bring a font for the script, e.g. in `fonts`); never at a no-break space (`\\u00A0`), inside a number with its sign, currency or percent (`$12.50`, `-3`, `(3%)`), nor between Korean syllables (Korean breaks at spaces); a longer word breaks between its characters, as in SwiftUI"
            ),
            .key(
                "lineSpacing", \.lineSpacing, .length, default: "`0`",
                doc: "extra space between lines (negative tightens)"),
            .key(
                "letterSpacing", \.letterSpacing, .points(-1000...1000), default: "`0`", type: "points",
                doc: "extra space after every character"),
            .key(
                "stroke", \.stroke, .stroke(join: .round), default: .absent,
                doc:
                    "an outline around every letter, as a shape's `stroke` ([Strokes](#strokes)) but with round joins unless `join` says otherwise, centred on the letters' edges and drawn under them, so half its width shows and the letters keep their shapes — `{\"paint\": \"black\", \"width\": 8}` rims white captions with 4 points of black. Colour emoji and underlines are not outlined"
            ),
            .key(
                "underline", \.underline, .lineStyle, default: "`false`",
                doc:
                    "a line under the text, at the font's own position and thickness: `true` draws it in the text's paint, an object in a pattern and a colour ([Lines](#lines)); a run's own value replaces the layer's (`false` turns it off for the run); under a typewriter it runs under the typed characters only"
            ),
            .key(
                "strikethrough", \.strikethrough, .lineStyle, default: "`false`",
                doc: "a line through the text, as `underline` draws one under it"),
            .key(
                "counters", .counters, default: .absent,
                doc:
                    "numbers that change over time, for placeholders: `{\"n\": [{\"t\": 0, \"value\": 0}, {\"t\": 2, \"value\": 12500}]}`; a number may be `\"{name}\"`, a number variable's value (`\"value\": \"{users}\"`), so that a variant sets where it counts to"
            ) { (text, counters, _, decoder) in
                text.counters = counters
                decoder.textCounters = counters
                (text.counterVariables, decoder.counterVariables) = (decoder.counterVariables, [])
            }.read(.first),
            .key(
                "captions", .captions, default: .absent,
                doc:
                    "a SubRip (`.srt`) or WebVTT (`.vtt`) file: `{caption}` is the text of the cues showing (without their markup, with character references such as `&amp;`, `&rlm;` and `&#x1F600;` written out), timed from the layer's start; without `text` or `runs` the layer shows the cues itself, with their italics, bold, underlines and colours (below), and nothing between cues"
            ) { (text, captions, _, decoder) in
                text.captions = captions
                text.runs = [
                    Run(
                        template: TextTemplate(parts: [.placeholder(name: captionName, format: .plain)]),
                        font: FontSpec(), paint: nil)
                ]
                text.stylesCaptions = true
                decoder.textIsCaptioned = true
            }.read(.first),
            .key(
                "highlight", .highlight, default: .absent,
                doc:
                    "karaoke captions: on a layer that shows its cues itself, words light up in this colour as the WebVTT timestamps before them pass (`<00:00:01.500>`, as transcription tools such as Whisper write for each word). A colour lights every word spoken so far; `{\"color\": \"#FFD60A\", \"words\": \"current\"}` only the words since the last timestamp passed. Words before a cue's first timestamp count as spoken when it appears; cues without timestamps are left as they are"
            ) { (text, highlight, field, _) throws(PresetError) in
                guard text.stylesCaptions else {
                    throw field.error(
                        "colours the words of captions a layer shows itself: give \"captions\" and no \"text\" or \"runs\""
                    )
                }
                text.captionHighlight = highlight
            },
            .key(
                "lineLimit", \.lineLimit, .integer(1...1000), default: .absent,
                doc:
                    "at most this many lines (1…1000): the last holds what fits of the rest, with \"…\" where it was cut (SwiftUI's `lineLimit`)"
            ),
            .key(
                "textCase", \.textCase, .choice, default: .absent,
                doc:
                    "`uppercase` or `lowercase`: every letter in capitals or small letters, by the composition's `locale` (Turkish \"i\" → \"İ\"), whatever a variable holds (SwiftUI's `textCase`)"
            ),
            .key(
                "truncationMode", \.truncationMode, .choice, default: "`tail`",
                doc:
                    "where text cut at `lineLimit` loses characters: `tail` (\"A long headl…\"), `head` (\"…ong headline\") or `middle` (\"A long…dline\"), as SwiftUI's `truncationMode` — `middle` keeps a file name's extension, `head` a path's last folder"
            ),
            .key(
                "minimumScaleFactor", \.minimumScaleFactor, .number(0.01...1), default: "`1`", type: "number",
                doc:
                    "text that does not fit — wider than `maxWidth` (a word would break), taller than the layer's `size`, or past `lineLimit` — is set smaller, down to this share of its size (0.01…1), before it is cut (SwiftUI's `minimumScaleFactor`)"
            ),
        ])
}

extension TextLayer.Run {
    /// A run before its keys are read.
    static let empty = TextLayer.Run(template: TextTemplate(parts: []), font: FontSpec(), paint: nil)

    /// A run's keys: its text and the style it overrides.
    static let keys = ObjectDeclaration<CompositionDecoder, TextLayer.Run>(
        "run",
        [
            .key("text", \.template, .template, default: .required, doc: "its text, with `{placeholders}`"),
            .key(
                "font", \.font, .font, default: "the layer's",
                doc: "its font; the keys it gives replace the layer's"),
            .key("fill", \.paint, .paint, default: "the layer's", doc: "its paint"),
            .key(
                "letterSpacing", \.letterSpacing, .points(-1000...1000), default: "the layer's",
                type: "points",
                doc: "extra space after every character"),
            .key("underline", \.underline, .lineStyle, default: "the layer's", doc: "a line under it"),
            .key(
                "strikethrough", \.strikethrough, .lineStyle, default: "the layer's", doc: "a line through it"
            ),
        ])
}

extension FontSpec {
    /// A font's keys, each optional: a run's replace its layer's.
    static let keys = ObjectDeclaration<CompositionDecoder, FontSpec>(
        "font",
        [
            .key(
                "family", \.family, .string, default: "Inter",
                doc:
                    "a font family of the composition's `fonts`, or installed on the machine (fontconfig); without one, Inter (DejaVu Sans where Inter is not installed)"
            ),
            .key(
                "size", \.size, .extent, default: "17 points",
                doc: "the em size: a length, relative to the layer's box"),
            .key(
                "weight", \.weight, .fontWeight, default: "`regular`",
                doc:
                    "`ultraLight` (100), `thin` (200), `light` (300), `regular` (400), `medium` (500), `semibold` (600), `bold` (700), `heavy` (800), `black` (900), or 1…1000: a variable font's exact weight, else its family's nearest face (with a warning when 100 or more away, or when a bold is made up)"
            ),
            .key(
                "design", \.design, .choice([.default, .serif, .monospaced, .rounded]), default: "`default`",
                doc: "`default`, `serif`, `monospaced` or `rounded`"),
            .key(
                "italic", \.italic, .bool, default: "`false`",
                doc: "slanted: the family's italic face, else its upright face slanted (with a warning)"),
        ])
}

extension Text.LineStyle {
    /// An underline's or strikethrough's keys, as an object: drawn, in a pattern and a colour.
    static let keys = ObjectDeclaration<CompositionDecoder, Text.LineStyle>(
        "line",
        [
            .key(
                "pattern", \.pattern, .choice, default: "`solid`",
                doc: "`solid`, `dot`, `dash`, `dashDot` or `dashDotDot`, sized by the line's thickness"),
            .key("color", \.color, .color, default: "the text's paint", doc: "the line's colour"),
        ])
}

extension CaptionHighlight {
    /// A caption highlight's keys, as an object: its colour, and which words it lights.
    static let keys = ObjectDeclaration<CompositionDecoder, CaptionHighlight>(
        "highlight",
        [
            .key("color", .color, default: .required, doc: "the colour of the words lit") {
                (highlight, color, _, _) in highlight.color = packed(color)
            },
            .key(
                "words", .choice(["spoken", "current"]), default: "`spoken`",
                doc:
                    "`spoken`: every word spoken so far; `current`: only those since the last timestamp passed"
            ) { (highlight, words, _, _) in highlight.currentOnly = words == "current" },
        ])

    /// `color` as 0xRRGGBB.
    static func packed(_ color: Color) -> UInt32 {
        let byte = { (value: Double) in UInt32((min(max(value, 0), 1) * 255).rounded()) }
        return byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
    }
}

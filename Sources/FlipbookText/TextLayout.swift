import FlipbookGeometry
import Foundation

/// Text shaped and laid out in lines: runs of differently styled text (font, size, tracking)
/// in one paragraph flow, glyphs from the best font that has them (fontconfig's fallback
/// order, then any installed font that covers the character, colour emoji included), placed by
/// HarfBuzz (kerning, ligatures, marks), broken into lines at `\n` and — given a width —
/// between words, and each line aligned (leading, center, trailing) within the widest.
///
/// Coordinates are points with y down; the layout box starts at (0, 0), the first baseline at
/// its line's ascent. `path` is every outline glyph at its place, ready to fill; colour glyphs
/// (emoji) are in `colorGlyphs`, to be drawn as pictures.
package struct TextLayout: Sendable {
    /// How text is set.
    package struct Style: Hashable, Sendable {
        package var font: FontDescriptor
        /// Em size in points.
        package var size: Double
        /// Extra space after every glyph, in points (SwiftUI's `kerning`/`tracking`).
        package var tracking: Double
        /// HarfBuzz features, e.g. `["-kern"]` to turn kerning off.
        package var features: [String]
        /// How far the run sits above the line's baseline, in points (negative: below).
        package var baselineOffset: Double
        /// Whether the digits 0–9 all take the width of the widest (the font's tabular figures
        /// where it has them), so counting numbers do not jiggle.
        package var monospacedDigit: Bool

        package init(
            font: FontDescriptor = FontDescriptor(), size: Double = 17, tracking: Double = 0,
            features: [String] = [], baselineOffset: Double = 0, monospacedDigit: Bool = false
        ) {
            (self.font, self.size, self.tracking, self.features) = (font, size, tracking, features)
            (self.baselineOffset, self.monospacedDigit) = (baselineOffset, monospacedDigit)
        }
    }

    /// A stretch of text in one style.
    package struct Run: Hashable, Sendable {
        package var text: String
        package var style: Style

        package init(_ text: String, style: Style) {
            (self.text, self.style) = (text, style)
        }
    }

    /// Where lines sit within the layout's width (SwiftUI's `TextAlignment`).
    package enum Alignment: String, CaseIterable, Hashable, Sendable {
        case leading, center, trailing
    }

    /// Where text cut short at its line limit loses characters.
    package typealias TruncationMode = TextTruncationMode

    /// How lines wrap at a width (CSS's `text-wrap`): as many words on each line as fit
    /// (`wrap`), or as many lines as that takes with lengths as equal as they can be
    /// (`balance`): a headline of two lines is not one long line and a word.
    package enum Wrap: String, CaseIterable, Hashable, Sendable {
        case wrap, balance
    }

    /// One glyph at its pen position (on the baseline), with the run it belongs to and the
    /// index of its character in the whole text (counting characters of all runs in order).
    package struct PlacedGlyph: Sendable {
        package let face: FontFace
        package let glyph: UInt32
        package var position: CGPoint
        package let run: Int
        package let character: Int
        /// The em size it is set at.
        package let size: Double
        /// How far the pen moves after it, in points (tracking not included).
        package let advance: Double
    }

    /// A stretch of one run on one line, from its first glyph's pen position to its last
    /// glyph's advance: where an underline or a strikethrough of the run goes.
    package struct RunSpan: Sendable {
        package var run: Int
        package var line: Int
        package var minX: Double
        package var maxX: Double
        /// The run's own baseline (the line's, moved by the run's baseline offset).
        package var baseline: Double
        /// The face whose decoration metrics apply, and the em size.
        package var face: FontFace
        package var size: Double
    }

    /// One line: its glyphs, its advance width, its baseline's y, and its extent above and
    /// below the baseline. Glyph positions include the line's alignment offset `x`.
    package struct Line: Sendable {
        package var glyphs: [PlacedGlyph]
        /// The characters it shows, in logical order: a line cut short at the line limit ends
        /// (or starts, or has in its middle) its "…", a line broken after a soft hyphen its "-".
        package var text: String
        package var width: Double
        package var baseline: Double
        package var ascent: Double
        package var descent: Double
        /// How far alignment moved the line from the leading edge.
        package var x: Double = 0
    }

    package let runs: [Run]
    package private(set) var lines: [Line] = []
    /// The first run's font: above and below the baseline, and from one baseline to the next,
    /// in points (each line uses the tallest of its own runs).
    package let ascent: Double
    package let descent: Double
    package let lineHeight: Double
    /// Glyphs the fonts could not provide (drawn as the font's missing-glyph box).
    package private(set) var missingCharacters: [Character] = []
    /// Whether the text did not fit: a word broke between its characters, or the line limit
    /// cut it short (its last line then ends in "…").
    package private(set) var overflowed = false
    /// Whether the line limit cut the text short: its last line ends in "…".
    package private(set) var truncated = false
    /// Each face that drew glyphs, with the run whose glyphs it drew, each pair once in the
    /// order first drawn: what the text is set in, fallbacks included, for messages that say
    /// which face stood in for a weight or style (`FontFace.styleChanges(from:)`).
    package private(set) var facesUsed: [(run: Int, face: FontFace)] = []
    /// The share of its runs' sizes the text is set at: below 1 when a minimum scale factor
    /// set it smaller to fit.
    package private(set) var scale = 1.0
    /// Whether the text did not fit even at its minimum scale factor — it would have to be set
    /// smaller still — and is set at that scale, cut or running out of its box.
    package private(set) var needsSmallerScale = false

    /// The style of a single-run layout (the first run's).
    package var style: Style { runs.first?.style ?? Style() }

    /// Lays out `text` in one style; with `maxWidth`, lines break between words to stay within
    /// it (a word wider than the width gets a line of its own).
    package init(_ text: String, style: Style, maxWidth: Double? = nil, library: FontLibrary = .shared) {
        self.init(runs: [Run(text, style: style)], maxWidth: maxWidth, library: library)
    }

    /// Lays out `runs` as one text: lines break at `\n` and, with `maxWidth`, between words;
    /// `lineSpacing` points are added between lines; lines are aligned within the widest.
    ///
    /// Text that does not fit — more lines than `lineLimit`, taller than `maxHeight`, or a word
    /// wider than `maxWidth` — is first set smaller, down to `minimumScaleFactor` of its sizes
    /// (the largest scale that fits, as SwiftUI's `minimumScaleFactor`), and then, past the
    /// line limit, cut short with "…" where `truncationMode` says (SwiftUI's `lineLimit` and
    /// `truncationMode`): the last line allowed holds what fits of the rest.
    ///
    /// With `wrap` `.balance`, the lines are then made as equal in length as they can be
    /// without taking more of them (`LineBreaker.balancedLines`).
    ///
    /// Shaping happens once per distinct text and settings: later layouts of the same come from
    /// `TextLayoutCache`, so a headline drawn on every frame calls HarfBuzz once.
    package init(
        runs: [Run], maxWidth: Double? = nil, alignment: Alignment = .leading, lineSpacing: Double = 0,
        lineLimit: Int? = nil, truncationMode: TruncationMode = .tail, minimumScaleFactor: Double = 1,
        maxHeight: Double? = nil, wrap: Wrap = .wrap, library: FontLibrary = .shared
    ) {
        self.init(
            Request(
                runs: runs, maxWidth: maxWidth, alignment: alignment, lineSpacing: lineSpacing,
                lineLimit: lineLimit, truncationMode: truncationMode, minimumScaleFactor: minimumScaleFactor,
                maxHeight: maxHeight, wrap: wrap),
            library: library)
    }

    /// Lays out the text `request` describes, as `init(runs:maxWidth:…)` does.
    package init(_ request: Request, library: FontLibrary = .shared) {
        let key = request.essential
        if let cached = TextLayoutCache.shared.layout(for: key) {
            self = cached
            // Said again to whoever draws it now: another preset (or row) of a batch shares the
            // cache — the characters no font has, and the fonts substituted (`faces(for:)`).
            Self.warnAboutMissing(missingCharacters)
            for run in runs { _ = library.faces(for: run.style.font) }
            return
        }
        let (runs, maxWidth, alignment, lineSpacing) = (
            key.runs, key.maxWidth, key.alignment, key.lineSpacing
        )
        let (lineLimit, truncationMode, minimumScaleFactor, maxHeight) = (
            key.lineLimit, request.truncationMode, key.minimumScaleFactor, key.maxHeight
        )
        let wrap = key.wrap
        let limit = lineLimit.map { max($0, 1) }
        func layout(_ scale: Double, lineLimit: Int?) -> TextLayout {
            var laidOut = TextLayout(
                shaping: Self.scaled(runs, by: scale), maxWidth: maxWidth, alignment: alignment,
                lineSpacing: lineSpacing * scale, lineLimit: lineLimit, truncationMode: truncationMode,
                wrap: wrap, library: library)
            laidOut.scale = scale
            return laidOut
        }
        let smallest = min(max(minimumScaleFactor, 0.01), 1)
        // Set smaller: the layout at the largest scale that fits (to within 1 % of the size),
        // which the line limit would not change; `nil` when even the smallest does not fit.
        var fitted: TextLayout?
        if smallest < 1 {
            func fitting(_ scale: Double) -> TextLayout? {
                let laidOut = layout(scale, lineLimit: nil)
                let fits =
                    !laidOut.overflowed && limit.map { laidOut.lines.count <= $0 } ?? true
                    && maxHeight.map { laidOut.size.height <= $0 } ?? true
                return fits ? laidOut : nil
            }
            fitted = fitting(1)
            if fitted == nil, var best = fitting(smallest) {
                var (fits, tooLarge) = (smallest, 1.0)
                while tooLarge - fits > 0.01 {
                    let middle = (fits + tooLarge) / 2
                    if let laidOut = fitting(middle) {
                        (fits, best) = (middle, laidOut)
                    } else {
                        tooLarge = middle
                    }
                }
                fitted = best
            }
        }
        self = fitted ?? layout(smallest, lineLimit: limit)
        needsSmallerScale = smallest < 1 && fitted == nil
        TextLayoutCache.shared.store(self, for: key)
    }

    /// `runs` with their sizes, tracking and baseline offsets times `scale`.
    private static func scaled(_ runs: [Run], by scale: Double) -> [Run] {
        guard scale != 1 else { return runs }
        return runs.map { run in
            var style = run.style
            (style.size, style.tracking, style.baselineOffset) = (
                style.size * scale, style.tracking * scale, style.baselineOffset * scale
            )
            return Run(run.text, style: style)
        }
    }

    /// Shapes and lays out `runs` (the work the cache saves).
    private init(
        shaping runs: [Run], maxWidth: Double?, alignment: Alignment, lineSpacing: Double, lineLimit: Int?,
        truncationMode: TruncationMode, wrap: Wrap, library: FontLibrary
    ) {
        self.runs = runs
        let metrics = runs.map { LineMetrics(style: $0.style, library: library) }
        let first = metrics.first ?? LineMetrics(style: Style(), library: library)
        (ascent, descent) = (first.ascent, first.descent)
        lineHeight = first.ascent + first.descent + first.gap
        var breaker = LineBreaker(runs: runs, library: library)
        let wrapWidth = maxWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        var previous: (baseline: Double, descent: Double, gap: Double)?
        let pieceLines = breaker.lines(
            maxWidth: wrapWidth, lineLimit: lineLimit, truncation: truncationMode, balanced: wrap == .balance)
        (overflowed, truncated) = (breaker.overflowed, breaker.truncated)
        for pieces in pieceLines {
            var line = breaker.place(pieces)
            missingCharacters += line.missing
            let used = Set(pieces.map(\.run)).sorted().map { metrics[$0] }
            // An empty line takes its run's metrics; a layout of no runs at all, the default style's.
            let run = pieces.first?.run ?? breaker.lastRun
            let lineMetrics = used.isEmpty ? [metrics.indices.contains(run) ? metrics[run] : first] : used
            let lineAscent = lineMetrics.map(\.ascent).max() ?? first.ascent
            let lineDescent = lineMetrics.map(\.descent).max() ?? first.descent
            let baseline =
                previous.map { $0.baseline + $0.descent + $0.gap + lineSpacing + lineAscent } ?? lineAscent
            for i in line.glyphs.indices { line.glyphs[i].position.y += baseline }
            lines.append(
                Line(
                    glyphs: line.glyphs, text: pieces.map(\.text).joined(), width: line.width,
                    baseline: baseline, ascent: lineAscent,
                    descent: lineDescent))
            previous = (baseline, lineDescent, lineMetrics.map(\.gap).max() ?? 0)
        }
        align(alignment)
        for glyph in lines.lazy.flatMap(\.glyphs)
        where !facesUsed.contains(where: { $0.run == glyph.run && $0.face === glyph.face }) {
            facesUsed.append((glyph.run, glyph.face))
        }
        glyphRun = Self.glyphRun(of: lines.lazy.flatMap(\.glyphs))
        Self.warnAboutMissing(missingCharacters)
    }

    /// Warns (once per set of characters) that no font had `characters`, which are drawn as
    /// empty boxes: a silent box in a rendered video is worse than a line on stderr. Spaces and
    /// invisible format characters, which need no glyph, are left out.
    private static func warnAboutMissing(_ characters: [Character]) {
        guard !characters.isEmpty else { return }
        var seen: Set<Character> = []
        let visible = characters.filter { character in
            guard let scalar = character.unicodeScalars.first else { return false }
            let category = scalar.properties.generalCategory
            return !character.isWhitespace && category != .format && category != .control
                && seen.insert(character).inserted
        }
        guard !visible.isEmpty else { return }
        let shown = visible.prefix(8).map { character in
            let code = String(character.unicodeScalars.first!.value, radix: 16, uppercase: true)
            return "\"\(character)\" (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))"
        }
        let more = visible.count > 8 ? " and \(visible.count - 8) more" : ""
        WarningSink.current.report(
            .missingGlyphs,
            "no installed font has \(shown.joined(separator: ", "))\(more): drawn as empty boxes; "
                + "install a font that covers them (Debian: fonts-noto-core for most scripts, fonts-noto-cjk for "
                + "Chinese, Japanese and Korean, fonts-thai-tlwg for Thai)"
        )
    }

    /// Moves each line within the widest line's width.
    private mutating func align(_ alignment: Alignment) {
        let width = size.width
        for i in lines.indices {
            let offset: Double
            switch alignment {
            case .leading: offset = 0
            case .center: offset = (width - lines[i].width) / 2
            case .trailing: offset = width - lines[i].width
            }
            lines[i].x = offset
            for g in lines[i].glyphs.indices { lines[i].glyphs[g].position.x += offset }
        }
    }

    /// The size of the layout box: the widest line by the lines' height (first line's top to
    /// last line's bottom).
    package var size: CGSize {
        guard let last = lines.last else { return CGSize(width: 0, height: 0) }
        return CGSize(width: lines.map(\.width).max() ?? 0, height: last.baseline + last.descent)
    }

    /// Every outline glyph at its place, in points, with which glyph is where (built once per
    /// layout).
    package private(set) var glyphRun = GlyphRun([])

    /// Every outline glyph at its place, in points.
    package var path: Path { glyphRun.path }

    /// The outline glyphs of run `run`.
    package func path(ofRun run: Int) -> Path { path { $0.run == run } }

    /// The outline glyphs that `include` accepts (e.g. the first n characters, for a typewriter).
    package func path(where include: (PlacedGlyph) -> Bool) -> Path {
        glyphRun(where: include).path
    }

    /// The outline glyphs that `include` accepts, as a run to fill glyph by glyph.
    package func glyphRun(where include: (PlacedGlyph) -> Bool) -> GlyphRun {
        Self.glyphRun(of: lines.lazy.flatMap(\.glyphs).filter(include))
    }

    /// The outline glyphs among `glyphs` (placed glyphs of a layout; colour glyphs left out) as a
    /// run the rasterizer can cache glyph by glyph — a part of a text found once, such as one
    /// word of many, without a pass over the whole text; its `path` is their outlines.
    package static func glyphRun(of glyphs: some Sequence<PlacedGlyph>) -> GlyphRun {
        GlyphRun(
            glyphs.lazy.filter { !$0.face.hasColor }.map { placed in
                GlyphRun.Glyph(
                    face: placed.face.identifier, glyph: placed.glyph,
                    scale: placed.size / placed.face.unitsPerEm,
                    outline: placed.face.outline(of: placed.glyph), position: placed.position)
            })
    }

    /// The box `glyphs` cover, in points: their outlines' bounds, grown by the em box (from
    /// 0.8 em above the baseline to 0.2 below, one advance wide) of each glyph that has no
    /// outline — a colour emoji, a space — so that a unit of text made only of such glyphs
    /// still has a finite box to scale and turn about (`.null`, whose middle is not a number,
    /// used to make every transform of it NaN). `.null` only for no glyphs.
    package static func bounds(of glyphs: [PlacedGlyph]) -> CGRect {
        var box = glyphRun(of: glyphs).path.boundingRect
        for placed in glyphs where placed.face.hasColor || box.isNull {
            box = box.union(
                CGRect(
                    x: placed.position.x, y: placed.position.y - 0.8 * placed.size,
                    width: max(placed.advance, 0),
                    height: placed.size))
        }
        return box
    }

    /// Every colour glyph (emoji) with the rectangle its picture fills, in points.
    package var colorGlyphs: [(glyph: PlacedGlyph, bitmap: ColorGlyph, rect: CGRect)] {
        Self.colorGlyphs(of: lines.flatMap(\.glyphs))
    }

    /// The colour glyphs among `glyphs`, each with the rectangle its picture fills, in points.
    package static func colorGlyphs(
        of glyphs: some Sequence<PlacedGlyph>
    ) -> [(glyph: PlacedGlyph, bitmap: ColorGlyph, rect: CGRect)] {
        glyphs.compactMap { placed in
            guard placed.face.hasColor, let bitmap = placed.face.colorGlyph(placed.glyph) else { return nil }
            let scale = placed.size / bitmap.pixelsPerEm
            return (
                placed, bitmap,
                CGRect(
                    x: placed.position.x + bitmap.left * scale, y: placed.position.y - bitmap.top * scale,
                    width: Double(bitmap.width) * scale, height: Double(bitmap.height) * scale)
            )
        }
    }

    /// Each run's stretches, line by line, in order, over the glyphs `include` accepts (those a
    /// typewriter has shown, say): where their underlines and strikethroughs go.
    package func runSpans(where include: (PlacedGlyph) -> Bool = { _ in true }) -> [RunSpan] {
        var spans: [RunSpan] = []
        for (index, line) in lines.enumerated() {
            for placed in line.glyphs where include(placed) {
                let end = placed.position.x + placed.advance
                if var last = spans.last, last.line == index, last.run == placed.run {
                    (last.minX, last.maxX) = (min(last.minX, placed.position.x), max(last.maxX, end))
                    spans[spans.count - 1] = last
                } else {
                    spans.append(
                        RunSpan(
                            run: placed.run, line: index, minX: placed.position.x, maxX: end,
                            baseline: line.baseline - runs[placed.run].style.baselineOffset,
                            face: placed.face,
                            size: placed.size))
                }
            }
        }
        return spans
    }

    /// How many characters the text has (what `PlacedGlyph.character` counts).
    package var characterCount: Int { runs.reduce(0) { $0 + $1.text.count } }
}

/// A style's vertical metrics in points, from its primary face.
private struct LineMetrics {
    var ascent: Double
    var descent: Double
    var gap: Double

    init(style: TextLayout.Style, library: FontLibrary) {
        let primary = library.faces(for: style.font).first
        let scale = style.size / (primary?.unitsPerEm ?? 1000)
        ascent = (primary?.ascender ?? 800) * scale + max(0, style.baselineOffset)
        descent = -(primary?.descender ?? -200) * scale + max(0, -style.baselineOffset)
        gap = (primary?.lineGap ?? 0) * scale
    }
}

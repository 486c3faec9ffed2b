import FlipbookGeometry
import Foundation

/// Breaks styled runs into lines and shapes each line: at every mandatory break (`\n`, `\r`,
/// U+2028, …), and — given a width — greedily where Unicode's line breaking allows
/// (`LineBreaks`: after spaces and hyphens, between Chinese and Japanese characters); a word
/// wider than the width starts a line and breaks between its characters, as SwiftUI's `Text`
/// does, rather than running out of its box. Shaping is per piece of one run; a character no face of its run's
/// font has is taken from any installed font that covers it (`FontLibrary.face(covering:)`), so
/// emoji and other scripts appear; right-to-left text is ordered by `BidiLevels`.
struct LineBreaker {
    /// A stretch of one run's text within a line, and the index of its first character in the
    /// whole text.
    struct Piece {
        var run: Int
        var text: String
        var firstCharacter: Int
    }

    /// A line's shaped glyphs (baseline at y = 0), its width and the characters no font had.
    struct ShapedLine {
        var glyphs: [TextLayout.PlacedGlyph] = []
        var width = 0.0
        var missing: [Character] = []
    }

    let runs: [TextLayout.Run]
    let library: FontLibrary
    /// Each run's faces (`FontLibrary.faces(for:)`), looked up once rather than per piece
    /// and per word.
    let runFaces: [[FontFace]]
    private var widths: [String: Double] = [:]
    /// The run the text ends in (an empty last line takes its metrics).
    private(set) var lastRun = 0
    /// Whether the last `lines` call broke a word between its characters (it was wider than
    /// the width), or cut the text short at its line limit: the text did not fit.
    private(set) var overflowed = false
    /// Whether the last `lines` call cut the text short at its line limit.
    private(set) var truncated = false
    /// What ends a line cut short at the line limit.
    static let ellipsis: Character = "\u{2026}"
    /// A soft hyphen (U+00AD): invisible, unless a line breaks after it — then a hyphen.
    static let softHyphen: Character = "\u{00AD}"

    init(runs: [TextLayout.Run], library: FontLibrary) {
        (self.runs, self.library) = (runs, library)
        runFaces = runs.map { library.faces(for: $0.style.font) }
        lastRun = max(runs.count - 1, 0)
        var paragraphs: [(start: Int, level: UInt8)] = []
        var levels: [UInt8] = []
        var reordered = false
        var (start, index, text) = (0, 0, [Character]())
        var characters: [Character] = []
        func endParagraph() {
            let level = BidiLevels.paragraphLevel(of: text)
            paragraphs.append((start, level))
            if text.contains(where: { BidiClass($0).needsReordering }) {
                reordered = true
                levels += BidiLevels.paragraphLevels(of: text, base: level)
            } else {
                levels += repeatElement(level, count: text.count)
            }
        }
        for character in runs.lazy.flatMap(\.text) {
            index += 1
            characters.append(character)
            guard LineBreaks.isMandatory(character) else {
                text.append(character)
                continue
            }
            endParagraph()
            levels.append(paragraphs[paragraphs.count - 1].level)
            (start, text) = (index, [])
        }
        endParagraph()
        paragraphLevels = paragraphs
        characterLevels = reordered ? levels : nil
        self.characters = characters
    }

    /// The whole text's characters, line breaks included.
    private let characters: [Character]

    /// Each paragraph's first character (its index in the whole text) and direction, from its
    /// first letter that has one outside isolates: 1 right to left (Hebrew, Arabic), 0 left to
    /// right.
    private let paragraphLevels: [(start: Int, level: UInt8)]

    /// Each character's level in its paragraph (`BidiLevels.paragraphLevels`), by its index in
    /// the whole text — resolved over whole paragraphs, so that an override or isolate that a
    /// line break cuts still holds on the next line; nil when no paragraph has anything right
    /// to left in it, and every line keeps its pieces' order.
    let characterLevels: [UInt8]?

    /// The direction of the paragraph holding character `index` of the whole text.
    func paragraphLevel(at index: Int) -> UInt8 {
        paragraphLevels.last { $0.start <= index }?.level ?? 0
    }

    /// One character of the text, with its run and its index in the whole text.
    typealias Item = (run: Int, character: Character, index: Int)

    /// The text's lines as pieces: at most `lineLimit` of them, the last then holding as much of
    /// the rest of the text as fits with an ellipsis ("…") where the cut is, at the end, the
    /// start or the middle by `truncation` (SwiftUI's `truncationMode`). `balanced` lines that
    /// fit whole are made as equal as they can be (`balancedLines`).
    mutating func lines(
        maxWidth: Double?, lineLimit: Int? = nil, truncation: TextLayout.TruncationMode = .tail,
        balanced: Bool = false
    ) -> [[Piece]] {
        (overflowed, truncated) = (false, false)
        var lines = itemLines(maxWidth: maxWidth)
        if balanced, let maxWidth, lines.count > 1, !overflowed, lines.count <= lineLimit ?? .max {
            lines = balancedLines(count: lines.count, within: maxWidth, greedy: lines)
        }
        if let lineLimit, lineLimit >= 1, lines.count > lineLimit {
            (overflowed, truncated) = (true, true)
            let rest = Array(lines[(lineLimit - 1)...])
            lines = Array(lines.prefix(lineLimit - 1)) + [truncated(rest, by: truncation, within: maxWidth)]
        }
        return lines.map(Self.pieces)
    }

    /// The lines `rest` (two or more) made into one with an ellipsis where `mode` cuts them.
    /// Without a width: the first of them then the ellipsis (tail), the ellipsis then the last
    /// (head), or both around it (middle). With one: as many of all their characters as fit
    /// with the ellipsis, a space where a line broke at a space or a line break (none where it
    /// broke inside a word) — the first ones (tail), the last ones (head), or the first half
    /// and the last half (middle, one more before the cut when odd).
    private mutating func truncated(
        _ rest: [[Item]], by mode: TextLayout.TruncationMode, within maxWidth: Double?
    ) -> [Item] {
        var items: [Item] = []
        for line in rest {
            if let last = items.last, let first = line.first {
                if first.index > last.index + 1 {
                    // A space where the line broke after a space or at a line break (the
                    // character after the last one stood there) …
                    items.append((last.run, " ", last.index + 1))
                } else if characters[last.index] == Self.softHyphen {
                    // … none where it broke inside a word, and a soft hyphen shown as a
                    // hyphen at the line's end is invisible again.
                    items[items.count - 1].character = Self.softHyphen
                }
            }
            items += line
        }
        /// The first `before` and last `after` items with the ellipsis between them, spaces
        /// next to the ellipsis dropped. It takes the run of the character before it (after it
        /// when none is kept before) and the index after that character's (else the first
        /// character's it stands for), so that it is shaped with the characters before it.
        func cut(keeping before: Int, _ after: Int) -> [Item] {
            var head = Array(items.prefix(before))
            while head.last?.character == " " { head.removeLast() }
            let tail = Array(items.suffix(after).drop { $0.character == " " })
            let standsFor = before < items.count ? items[before] : items.last
            let run = head.last?.run ?? tail.first?.run ?? standsFor?.run ?? 0
            let index = head.last.map { $0.index + 1 } ?? standsFor?.index ?? 0
            return head + [(run, Self.ellipsis, index)] + tail
        }
        func ending(_ count: Int) -> [Item] {
            switch mode {
            case .tail: cut(keeping: count, 0)
            case .head: cut(keeping: 0, count)
            case .middle: cut(keeping: (count + 1) / 2, count / 2)
            }
        }
        guard let maxWidth else {
            let (first, last) = (rest.first?.count ?? 0, rest.last?.count ?? 0)
            switch mode {
            case .tail: return cut(keeping: first, 0)
            case .head: return cut(keeping: 0, last)
            case .middle: return cut(keeping: first, last)
            }
        }
        // The most characters that fit: widths grow with the count, so a binary search.
        var (fits, tooLong) = (0, items.count + 1)
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            if measure(Self.pieces(ending(middle))) <= maxWidth { fits = middle } else { tooLong = middle }
        }
        return ending(fits)
    }

    /// How close the balanced width comes to the narrowest that keeps the line count, in
    /// points: half a point is below what a viewer sees at any size.
    static let balanceTolerance = 0.5

    /// The text's lines wrapped at the narrowest width that still takes `count` lines (those of
    /// `greedy`, wrapped at `maxWidth`) without breaking a word — CSS's `text-wrap: balance`:
    /// the same lines, their lengths as equal as greedy wrapping makes them at any width. The
    /// width is found by bisection (a narrower width never takes fewer lines), from the average
    /// line's width, which no narrower width can hold.
    private mutating func balancedLines(count: Int, within maxWidth: Double, greedy: [[Item]]) -> [[Item]] {
        let total = greedy.reduce(0.0) { $0 + measure(Self.pieces($1)) }
        func keepsCount(_ width: Double) -> [[Item]]? {
            overflowed = false
            let lines = itemLines(maxWidth: width)
            return lines.count == count && !overflowed ? lines : nil
        }
        var (fits, tooNarrow) = (
            (width: maxWidth, lines: greedy), total / Double(count) - Self.balanceTolerance
        )
        while fits.width - tooNarrow > Self.balanceTolerance {
            let middle = (fits.width + tooNarrow) / 2
            if let lines = keepsCount(middle) { fits = (middle, lines) } else { tooNarrow = middle }
        }
        overflowed = false
        return fits.lines
    }

    /// The text's lines, as characters with their runs and indices.
    private mutating func itemLines(maxWidth: Double?) -> [[Item]] {
        var paragraphs: [[Item]] = [[]]
        var index = 0
        for (run, item) in runs.enumerated() {
            for character in item.text {
                if LineBreaks.isMandatory(character) {
                    paragraphs.append([])
                } else {
                    paragraphs[paragraphs.count - 1].append((run, character, index))
                }
                index += 1
            }
        }
        var lines: [[Item]] = []
        for paragraph in paragraphs {
            guard let maxWidth else {
                lines.append(paragraph)
                continue
            }
            // Words end where Unicode's line breaking lets a line break (`LineBreaks`). The spaces
            // before a break start the next word, so that a line ending there leaves them out
            // and one starting there trims them.
            let breaks = LineBreaks.opportunities(between: paragraph.map(\.character))
            var startsWord = [Bool](repeating: false, count: paragraph.count)
            for index in paragraph.indices where breaks[index] {
                var start = index
                while start > 0, paragraph[start - 1].character == " " { start -= 1 }
                startsWord[start] = true
            }
            var words: [[Item]] = [[]]
            for (index, item) in paragraph.enumerated() {
                if startsWord[index] { words.append([]) }
                words[words.count - 1].append(item)
            }
            var current: [Item] = []
            var width = 0.0
            for word in words {
                let wordWidth = measure(Self.pieces(word))
                let trimmedWord = Array(word.drop { $0.character == " " })
                if wordWidth > maxWidth, measure(Self.pieces(trimmedWord)) > maxWidth {
                    // Wider than a line on its own: the text does not fit. A word of several
                    // characters is cut between them.
                    overflowed = true
                    if trimmedWord.count > 1 {
                        if !current.isEmpty { endLine(current, width: width, within: maxWidth, into: &lines) }
                        let parts = split(trimmedWord, within: maxWidth)
                        lines += parts.dropLast()
                        current = parts.last ?? []
                        width = measure(Self.pieces(current))
                        continue
                    }
                }
                // A word with a character its run's fonts lack takes a fallback face that can
                // depend on the text before it: the line is measured with it, as it will be set.
                let widthWith =
                    current.isEmpty || !needsFallback(word)
                    ? width + wordWidth : measure(Self.pieces(current + word))
                // A word ending in a soft hyphen leaves room for the hyphen it shows when the
                // line ends after it.
                if !current.isEmpty, widthWith + hyphenWidth(ending: word) > maxWidth {
                    endLine(current, width: width, within: maxWidth, into: &lines)
                    current = trimmedWord
                    width = measure(Self.pieces(trimmedWord))
                } else {
                    current += word
                    width = widthWith
                }
            }
            // The last line is checked as `endLine` checks the others: a paragraph's own leading
            // spaces stay on its first line and can make it wider than `maxWidth`.
            if width > maxWidth { overflowed = true }
            lines.append(current)
        }
        return lines
    }

    /// Adds `line`, `width` wide, to `lines` as a line that a break ends: a soft hyphen ending
    /// it is shown as a hyphen, and a line that is then wider than `maxWidth` overflows.
    private mutating func endLine(
        _ line: [Item], width: Double, within maxWidth: Double, into lines: inout [[Item]]
    ) {
        if width + hyphenWidth(ending: line) > maxWidth { overflowed = true }
        guard let last = line.last, last.character == Self.softHyphen else { return lines.append(line) }
        lines.append(line.dropLast() + [(last.run, "-", last.index)])
    }

    /// Whether a character of `items` is missing from the first face of its run's font, so
    /// that the face it is set in is a fallback.
    private func needsFallback(_ items: [Item]) -> Bool {
        items.contains { item in
            guard let face = runFaces[item.run].first else { return false }
            return item.character.unicodeScalars.contains { face.glyph(for: $0) == nil }
        }
    }

    /// The width of the hyphen `items` show when a line ends after them: that of a hyphen in
    /// the last item's run when it is a soft hyphen, else 0.
    private mutating func hyphenWidth(ending items: [Item]) -> Double {
        guard let last = items.last, last.character == Self.softHyphen else { return 0 }
        return measure(Self.pieces([(last.run, "-", last.index)]))
    }

    /// `word` (wider than `maxWidth`) cut between characters into parts that each fit, the
    /// last holding the rest; every part has at least one character. Widths are summed per
    /// character, so that a long word costs one shaping per distinct character.
    private mutating func split(
        _ word: [Item], within maxWidth: Double
    )
        -> [[Item]]
    {
        var parts: [[Item]] = [[]]
        var width = 0.0
        for item in word {
            let characterWidth = measure(Self.pieces([item]))
            if !parts[parts.count - 1].isEmpty, width + characterWidth > maxWidth {
                parts.append([])
                width = 0
            }
            parts[parts.count - 1].append(item)
            width += characterWidth
        }
        return parts
    }

    /// Consecutive characters of one run grouped into pieces. A gap in the indices (the
    /// characters a head or middle cut left out) starts a new piece, so that every glyph keeps
    /// its own character's index.
    private static func pieces(_ items: [Item]) -> [Piece] {
        var pieces: [Piece] = []
        var previous = Int.min
        for item in items {
            if let last = pieces.last, last.run == item.run, item.index == previous &+ 1 {
                pieces[pieces.count - 1].text.append(item.character)
            } else {
                pieces.append(Piece(run: item.run, text: String(item.character), firstCharacter: item.index))
            }
            previous = item.index
        }
        return pieces
    }

    /// The advance width of `pieces` set on one line (cached per piece).
    private mutating func measure(_ pieces: [Piece]) -> Double {
        pieces.reduce(0) { total, piece in
            let key = "\(piece.run)\u{0}\(piece.text)"
            if let width = widths[key] { return total + width }
            let width = shape([piece]).width
            widths[key] = width
            return total + width
        }
    }
}

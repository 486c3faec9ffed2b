import Foundation

/// SubRip's and WebVTT's cue markup, read into pieces of one style each (`Caption.Span`).
///
/// Tags in angle brackets (a `<` followed by a letter, `/` or digit) and SubRip's `{\…}`
/// overrides set the style of the text after them:
/// `<i>`, `<b>`, `<u>` (and `{\i1}`, `{\b1}`, `{\u1}`, turned off by `{\i0}` …), a colour from
/// `<font color="…">` (`#RRGGBB`, `#RGB` or an HTML colour name) or from WebVTT's colour classes
/// (`<c.yellow>`), and a WebVTT timestamp (`<00:00:01.500>`) the time the words after it are
/// spoken. Every other tag — a voice (`<v Ana>`), a language, ruby, a position override
/// (`{\an8}`) — is dropped and its text kept. Character references are
/// written out (`&amp;`, `&rlm;`, `&#x1F600;`).
package enum CaptionMarkup {
    /// The styled pieces of a cue's text, with each line's ends trimmed and the cue's, and
    /// neighbouring pieces of one style joined.
    package static func spans(_ text: String) -> [Caption.Span] {
        var state = State()
        var styled: [(character: Character, style: Caption.Style)] = []
        var pending = ""
        func flush() {
            for character in charactersReferenced(in: pending) { styled.append((character, state.style)) }
            pending = ""
        }
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            // A tag starts with a name, a closing slash or a timestamp's digit ("2 < 3" is text);
            // an override with a backslash. Each ends before the next opening, so a search
            // stops there: an unclosed opening costs no more than the text up to the next.
            let opens =
                character == "<"
                ? next.isLetter || next.isNumber || next == "/" : character == "{" && next == "\\"
            let closer: Character = character == "<" ? ">" : "}"
            if opens,
                let end = characters[(index + 1)...].firstIndex(where: { $0 == closer || $0 == character }),
                characters[end] == closer
            {
                flush()
                let inside = String(characters[(index + 1)..<end])
                if character == "<" { state.apply(tag: inside) } else { state.apply(overrides: inside) }
                index = end + 1
                continue
            }
            pending.append(character)
            index += 1
        }
        flush()
        return joined(trimmed(styled))
    }

    /// `styled` with each line's leading and trailing spaces removed, then the blank lines and
    /// spaces at its start and end.
    private static func trimmed(_ styled: [(character: Character, style: Caption.Style)]) -> [(
        character: Character, style: Caption.Style
    )] {
        func isSpace(_ character: Character) -> Bool {
            character.unicodeScalars.allSatisfy { CharacterSet.whitespaces.contains($0) }
        }
        var lines = styled.split(omittingEmptySubsequences: false) { $0.character == "\n" }.map { line in
            line.drop { isSpace($0.character) }.reversed().drop { isSpace($0.character) }.reversed()
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        var result: [(character: Character, style: Caption.Style)] = []
        for line in lines {
            // A line break takes the style of the text before it, so it starts no piece of its own.
            if !result.isEmpty { result.append(("\n", result[result.count - 1].style)) }
            result += line
        }
        return result
    }

    /// Runs of characters of one style, as spans.
    private static func joined(_ styled: [(character: Character, style: Caption.Style)]) -> [Caption.Span] {
        var spans: [Caption.Span] = []
        for (character, style) in styled {
            if spans.last?.style == style {
                spans[spans.count - 1].text.append(character)
            } else {
                spans.append(Caption.Span(String(character), style: style))
            }
        }
        return spans
    }

    /// The style where the text has got to: how many italic, bold and underline tags are open,
    /// and the colours of the open colour tags.
    private struct State {
        var italic = 0
        var bold = 0
        var underline = 0
        /// One entry per open `<font>` or `<c>` tag: its colour, or the one around it.
        var colors: [UInt32?] = []
        /// The last timestamp's time.
        var time: Double?

        var style: Caption.Style {
            var style = Caption.Style(
                italic: italic > 0, bold: bold > 0, underline: underline > 0, color: colors.last ?? nil)
            style.time = time
            return style
        }

        /// Opens or closes the tag whose inside (between `<` and `>`) is `tag`.
        mutating func apply(tag: String) {
            if tag.first?.isNumber == true {
                time = CaptionMarkup.timestamp(tag) ?? time
                return
            }
            let closing = tag.hasPrefix("/")
            let body = closing ? tag.dropFirst() : Substring(tag)
            let name = body.prefix { $0.isLetter }.lowercased()
            func count(_ open: inout Int) { open = closing ? max(0, open - 1) : open + 1 }
            switch name {
            case "i": count(&italic)
            case "b": count(&bold)
            case "u": count(&underline)
            case "font", "c":
                if closing {
                    _ = colors.popLast()
                } else {
                    let color =
                        name == "font"
                        ? CaptionMarkup.attribute("color", of: body).flatMap(CaptionMarkup.color)
                        : body.split(separator: ".").dropFirst().lazy.compactMap {
                            CaptionMarkup.color(String($0))
                        }.first
                    colors.append(color ?? colors.last ?? nil)
                }
            default: break
            }
        }

        /// Applies SubRip's (ASS's) override codes, the inside of `{…}`: `\i1`, `\b0`, `\u1` …
        mutating func apply(overrides: String) {
            for code in overrides.split(separator: "\\") {
                guard let letter = code.first, let value = Int(code.dropFirst()) else { continue }
                switch letter {
                case "i": italic = value > 0 ? max(italic, 1) : 0
                case "b": bold = value > 0 ? max(bold, 1) : 0
                case "u": underline = value > 0 ? max(underline, 1) : 0
                default: break
                }
            }
        }
    }

    /// Seconds from a WebVTT timestamp, `hh:mm:ss.ttt` or `mm:ss.ttt`; `nil` for anything else.
    static func timestamp(_ text: String) -> Double? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), fields.allSatisfy({ !$0.isEmpty && $0.count <= 6 }),
            let seconds = Double(fields[fields.count - 1]), seconds >= 0, seconds < 60,
            fields.dropLast().allSatisfy({ $0.allSatisfy(\.isNumber) })
        else { return nil }
        let minutes = Double(fields[fields.count - 2]) ?? 0
        let hours = fields.count == 3 ? Double(fields[0]) ?? 0 : 0
        return hours * 3600 + minutes * 60 + seconds
    }

    /// The value of the attribute `name` in a tag's inside (`font color="#FF0"`), quoted or not.
    static func attribute(_ name: String, of tag: Substring) -> String? {
        guard let range = tag.range(of: name + "=", options: .caseInsensitive) else { return nil }
        let rest = tag[range.upperBound...]
        if let quote = rest.first, quote == "\"" || quote == "'" {
            return String(rest.dropFirst().prefix { $0 != quote })
        }
        return String(rest.prefix { !$0.isWhitespace })
    }

    /// An sRGB colour, 0xRRGGBB, from `#RRGGBB`, `#RGB`, six hex digits or an HTML colour name
    /// (WebVTT's colour classes are among them); `nil` for anything else.
    static func color(_ text: String) -> UInt32? {
        let name = text.lowercased()
        if let named = namedColors[name] { return named }
        let digits = name.hasPrefix("#") ? name.dropFirst() : Substring(name)
        guard digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 6: return value
        case 3 where name.hasPrefix("#"):
            let (red, green, blue) = (value >> 8, value >> 4 & 0xF, value & 0xF)
            return (red * 17) << 16 | (green * 17) << 8 | blue * 17
        default: return nil
        }
    }

    /// HTML's basic colour names, which include WebVTT's colour classes (white, lime, cyan, red,
    /// yellow, magenta, blue, black).
    private static let namedColors: [String: UInt32] = [
        "black": 0x000000, "silver": 0xC0C0C0, "gray": 0x808080, "grey": 0x808080, "white": 0xFFFFFF,
        "maroon": 0x800000, "red": 0xFF0000, "purple": 0x800080, "fuchsia": 0xFF00FF, "magenta": 0xFF00FF,
        "green": 0x008000, "lime": 0x00FF00, "olive": 0x808000, "yellow": 0xFFFF00, "navy": 0x000080,
        "blue": 0x0000FF, "teal": 0x008080, "aqua": 0x00FFFF, "cyan": 0x00FFFF, "orange": 0xFFA500,
    ]

    /// The characters WebVTT's and HTML's common named references stand for.
    private static let namedReferences: [Substring: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "lrm": "\u{200E}", "rlm": "\u{200F}",
    ]

    /// `text` with each character reference — `&amp;`, `&lrm;`, `&#233;`, `&#x1F600;` — replaced
    /// by its character, in one pass (so `&amp;lt;` is the text `&lt;`). A reference to no
    /// character (an unknown name, a surrogate, past U+10FFFF) stays as written.
    static func charactersReferenced(in text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            let name = rest.dropFirst().prefix { $0 != ";" && $0 != "&" && !$0.isWhitespace }
            guard name.count <= 10, name.endIndex < rest.endIndex, rest[name.endIndex] == ";",
                let character = referencedCharacter(name)
            else {
                result.append("&")
                rest = rest.dropFirst()
                continue
            }
            result.append(character)
            rest = rest[rest.index(after: name.endIndex)...]
        }
        return result + rest
    }

    /// The character of a reference's name (`amp`, `#233`, `#x1F600`), or nil.
    private static func referencedCharacter(_ name: Substring) -> Character? {
        guard name.first == "#" else { return namedReferences[name] }
        let number = name.dropFirst()
        let value =
            number.first == "x" || number.first == "X"
            ? UInt32(number.dropFirst(), radix: 16) : UInt32(number, radix: 10)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return Character(scalar)
    }
}

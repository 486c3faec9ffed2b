extension Caption {
    /// WebVTT's colour classes, which every player styles, by the colour they name.
    private static let colorClasses: [UInt32: String] = [
        0xFFFFFF: "white", 0x00FF00: "lime", 0x00FFFF: "cyan", 0xFF0000: "red", 0xFFFF00: "yellow",
        0xFF00FF: "magenta", 0x0000FF: "blue", 0x000000: "black",
    ]

    /// The characters cue text writes as character references: `&` and `<` would start a
    /// reference or a tag, and with `>` written so, no `-->` is left in the text to be taken
    /// for a timing line's arrow.
    private static let references: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;"]

    /// The caption as WebVTT cue text: its pieces in `<i>`, `<b>`, `<u>` and, for a colour of
    /// WebVTT's classes, `<c.yellow>` (others are left to the player), each after the timestamp
    /// of its words where that moves on within the cue (`<00:00:01.500>`: players that style
    /// the words spoken, and karaoke captions, use them); `&`, `<` and `>` written as
    /// references, so that "Tom & Jerry <3" and "-->" stay text; blank lines, which would end
    /// the cue, closed up.
    package var webVTTCueText: String {
        var text = ""
        var stamped = start
        for span in spans {
            // WebVTT wants a cue's timestamps inside it and rising.
            if let time = span.style.time, time > stamped, time < end {
                text += "<\(Self.timestamp(time))>"
                stamped = time
            }
            let escaped = span.text.map { Self.references[$0] ?? String($0) }.joined()
            let style = span.style
            var tags: [(open: String, close: String)] = []
            if style.italic { tags.append(("<i>", "</i>")) }
            if style.bold { tags.append(("<b>", "</b>")) }
            if style.underline { tags.append(("<u>", "</u>")) }
            if let name = style.color.flatMap({ Self.colorClasses[$0] }) {
                tags.append(("<c.\(name)>", "</c>"))
            }
            text += tags.map(\.open).joined() + escaped + tags.reversed().map(\.close).joined()
        }
        return text.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "\n")
    }

    /// `HH:MM:SS.mmm` for `seconds`.
    private static func timestamp(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        let (hours, minutes) = (milliseconds / 3_600_000, milliseconds / 60_000 % 60)
        let (whole, fraction) = (milliseconds / 1000 % 60, milliseconds % 1000)
        func padded(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return "\(padded(hours, 2)):\(padded(minutes, 2)):\(padded(whole, 2)).\(padded(fraction, 3))"
    }
}

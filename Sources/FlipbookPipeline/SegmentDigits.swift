import FlipbookGeometry
import Foundation

/// Time stamps drawn as seven-segment digits: strokes for `0`–`9`, `:` and `.`, so that contact
/// sheets can be labelled without a font.
enum SegmentDigits {
    /// Segments a–g of each digit, as in a seven-segment display (a top, b top right,
    /// c bottom right, d bottom, e bottom left, f top left, g middle).
    private static let segments: [Character: String] = [
        "0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd", "6": "afgedc",
        "7": "abc", "8": "abcdefg", "9": "abcdfg",
    ]

    /// The advance of a digit, in units of the text height.
    static let digitAdvance = 0.75

    /// The centre lines of `text` with its top-left corner at `origin`, `height` tall; stroke
    /// them with round caps. Characters other than digits, `:` and `.` advance without ink.
    static func path(for text: String, at origin: CGPoint, height: Double) -> Path {
        var path = Path()
        var x = origin.x
        let width = height / 2
        for character in text {
            let (left, right) = (x, x + width)
            let (top, middle, bottom) = (origin.y, origin.y + height / 2, origin.y + height)
            let ends: [Character: (CGPoint, CGPoint)] = [
                "a": (CGPoint(x: left, y: top), CGPoint(x: right, y: top)),
                "b": (CGPoint(x: right, y: top), CGPoint(x: right, y: middle)),
                "c": (CGPoint(x: right, y: middle), CGPoint(x: right, y: bottom)),
                "d": (CGPoint(x: left, y: bottom), CGPoint(x: right, y: bottom)),
                "e": (CGPoint(x: left, y: middle), CGPoint(x: left, y: bottom)),
                "f": (CGPoint(x: left, y: top), CGPoint(x: left, y: middle)),
                "g": (CGPoint(x: left, y: middle), CGPoint(x: right, y: middle)),
            ]
            if let lit = segments[character] {
                for segment in lit {
                    guard let (start, end) = ends[segment] else { continue }
                    path.move(to: start)
                    path.addLine(to: end)
                }
                x += height * digitAdvance
            } else if character == ":" || character == "." {
                let dots = character == ":" ? [origin.y + height * 0.3, bottom] : [bottom]
                for y in dots {
                    path.move(to: CGPoint(x: left, y: y))
                    path.addLine(to: CGPoint(x: left, y: y))
                }
                x += height * 0.3
            } else {
                x += height * digitAdvance
            }
        }
        return path
    }
}

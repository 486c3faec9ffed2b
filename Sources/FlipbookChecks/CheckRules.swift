/// What `flipbook check` holds a video to: the WCAG level of contrast, the smallest text, the
/// title-safe margin, the reading rate and the loudness target. Each default is the standard
/// it comes from (docs/ship.md).
package struct CheckRules: Sendable, Equatable {
    /// WCAG 2.2's contrast levels: AA (success criterion 1.4.3) or AAA (1.4.6).
    package enum ContrastLevel: String, Sendable, CaseIterable {
        case aa, aaa

        /// The ratio text needs against what is behind it, large or not.
        func required(large: Bool) -> Double {
            switch self {
            case .aa: large ? 3 : 4.5
            case .aaa: large ? 4.5 : 7
            }
        }
    }

    package var contrast = ContrastLevel.aa
    /// The smallest em size text may have at the output size, in pixels; `nil`: 2.5 % of the
    /// output's shorter side (27 px for 1080p), Flipbook's own default.
    package var minimumTextSize: Double?
    /// The share of the width and height kept clear at each edge: EBU R 95's graphics-safe
    /// area (also SMPTE RP 2046-1's title-safe), 5 %.
    package var titleSafeMargin = 0.05
    /// Words a viewer reads in a second: a text must show for its words ÷ this. 3 (180 words a
    /// minute) is the top of the 160–180 the BBC's subtitle guidelines recommend.
    package var wordsPerSecond = 3.0
    package var loudness = LoudnessStandard.ebuR128

    package init() {}

    /// The smallest text size for an output of `width` × `height` pixels.
    func minimumTextSize(width: Int, height: Int) -> Double {
        minimumTextSize ?? 0.025 * Double(min(width, height))
    }

    /// WCAG's large text: 18 point (24 px) or more, or 14 point (18.67 px) bold.
    static func isLarge(size: Double, weight: Double) -> Bool {
        size >= 24 || (size >= 18.66 && weight >= 700)
    }
}

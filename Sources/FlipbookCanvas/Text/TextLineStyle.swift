extension Text {
    /// An underline or strikethrough, as SwiftUI's `Text.LineStyle`.
    public struct LineStyle: Hashable, Sendable {
        /// Whether the line is drawn (`false` keeps joined text's outer modifier from adding it).
        public var isActive: Bool
        public var pattern: Pattern
        /// The line's colour; `nil` for the text's own.
        public var color: Color?

        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.init(isActive: true, pattern: pattern, color: color)
        }

        public init(isActive: Bool, pattern: Pattern = .solid, color: Color? = nil) {
            (self.isActive, self.pattern, self.color) = (isActive, pattern, color)
        }

        public static let single = LineStyle()

        /// SwiftUI's line patterns; dashes and dots are sized by the line's thickness.
        public enum Pattern: String, CaseIterable, Hashable, Sendable {
            case solid, dot, dash, dashDot, dashDotDot

            /// On/off lengths in multiples of the line's thickness; empty for solid.
            public var dashes: [Double] {
                switch self {
                case .solid: []
                case .dot: [1, 2]
                case .dash: [4, 2]
                case .dashDot: [4, 2, 1, 2]
                case .dashDotDot: [4, 2, 1, 2, 1, 2]
                }
            }
        }
    }
}

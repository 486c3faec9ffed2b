extension StackLayout {
    /// How a row's layers line up vertically, or a column's horizontally: at the start (top,
    /// leading), centre or end of the row's height (column's width) — or, in a row, on the first
    /// baseline of their text (SwiftUI's `firstTextBaseline`; a layer without text sits on its
    /// bottom edge).
    public enum Alignment: String, CaseIterable, Hashable, Sendable {
        case start, center, end, baseline

        /// Where in `room` (the row's height or column's width) a layer `length` long starts.
        func offset(of length: Double, in room: Double) -> Double {
            switch self {
            case .start, .baseline: 0
            case .center: (room - length) / 2
            case .end: room - length
            }
        }
    }
}

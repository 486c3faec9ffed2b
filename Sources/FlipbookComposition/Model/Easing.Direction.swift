extension Easing {
    /// Which end of a segment a back, elastic or bounce curve shapes: its start (`in`), its end
    /// (`out`), or both (`inOut`), as easings.net's `easeInBack`, `easeOutBack` and
    /// `easeInOutBack` do.
    public enum Direction: CaseIterable, Hashable, Sendable {
        case `in`, out, inOut

        /// The start of the curve's name in files: `easeIn`, `easeOut`, `easeInOut`.
        var prefix: String {
            switch self {
            case .in: "easeIn"
            case .out: "easeOut"
            case .inOut: "easeInOut"
            }
        }

        /// The curve of this direction among a family's three, exactly 0 at 0 and 1 at 1 (the
        /// formulas reach them only to rounding, or — elastic's — not at all).
        func curve(
            _ in: @escaping (Double) -> Double, out: @escaping (Double) -> Double,
            inOut: @escaping (Double) -> Double
        ) -> (Double) -> Double {
            let curve =
                switch self {
                case .in: `in`
                case .out: out
                case .inOut: inOut
                }
            return { x in x <= 0 ? 0 : x >= 1 ? 1 : curve(x) }
        }
    }
}

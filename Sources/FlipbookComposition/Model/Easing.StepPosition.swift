extension Easing {
    /// Where CSS's `steps(n, position)` puts its jumps (CSS Easing Functions Level 2, §4.1
    /// "Step easing functions"): at the start of each interval (`jump-start`), at its end
    /// (`jump-end`, the default), at neither end of the segment (`jump-none`: n − 1 jumps, the
    /// first and last intervals holding 0 and 1) or at both (`jump-both`: n + 1 jumps).
    public enum StepPosition: String, CaseIterable, Hashable, Sendable {
        case jumpStart = "jump-start"
        case jumpEnd = "jump-end"
        case jumpNone = "jump-none"
        case jumpBoth = "jump-both"

        /// The output at progress `x` in 0…1, as CSS's algorithm computes it (§4.1, "To
        /// calculate the output progress value"): step = ⌊x × n⌋, plus one where the position
        /// jumps at the start; clamped to 0…jumps; divided by jumps — n, or n + 1 for
        /// `jump-both`, n − 1 for `jump-none`. At a step's boundary the output is already the
        /// next step's, and at x = 1 it is 1. (Files cannot write fewer than one step, nor one
        /// `jump-none` step, which would make no jump; given in code, they hold 0 to the end.)
        func progress(_ x: Double, steps: Int) -> Double {
            let steps = max(steps, 1)
            var step = Int((x * Double(steps)).rounded(.down))
            if self == .jumpStart || self == .jumpBoth { step += 1 }
            let jumps =
                switch self {
                case .jumpStart, .jumpEnd: steps
                case .jumpNone: max(steps - 1, 1)
                case .jumpBoth: steps + 1
                }
            return Double(min(max(step, 0), jumps)) / Double(jumps)
        }
    }
}

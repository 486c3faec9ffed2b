/// How the sweep turns an accumulated winding into a pixel's coverage — a fill rule, with or
/// without anti-aliasing — as a type, so that `CoverageAccumulator.sweep` is compiled once per
/// rule with a branch-free inner loop. (With the rule as a runtime value the compiler evaluated
/// every rule's formula for every pixel and picked one.)
protocol WindingCoverage {
    static func coverage(_ winding: Float) -> Float
}

/// `FillRule.nonZero`, anti-aliased.
enum NonZeroCoverage: WindingCoverage {
    @inline(__always)
    static func coverage(_ winding: Float) -> Float { FillRule.nonZero.coverage(winding) }
}

/// `FillRule.evenOdd`, anti-aliased.
enum EvenOddCoverage: WindingCoverage {
    @inline(__always)
    static func coverage(_ winding: Float) -> Float { FillRule.evenOdd.coverage(winding) }
}

/// `Rule` without anti-aliasing: a pixel at least half covered is fully covered.
enum AliasedCoverage<Rule: WindingCoverage>: WindingCoverage {
    @inline(__always)
    static func coverage(_ winding: Float) -> Float { Rule.coverage(winding) >= 0.5 ? 1 : 0 }
}

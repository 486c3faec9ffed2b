/// How the sweep turns an accumulated winding into a pixel's coverage — a fill rule, with or
/// without anti-aliasing — as a type, so that `CoverageAccumulator.sweep` is compiled once per
/// rule with a branch-free inner loop. (With the rule as a runtime value the compiler evaluated
/// every rule's formula for every pixel and picked one.)
protocol WindingCoverage {
    static func coverage(_ winding: Float) -> Float
    /// `coverage` of four windings at once.
    static func coverage(_ windings: SIMD4<Float>) -> SIMD4<Float>
}

extension WindingCoverage {
    /// Lane by lane, for rules without a cheaper vector form.
    @inline(__always)
    static func coverage(_ windings: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(coverage(windings[0]), coverage(windings[1]), coverage(windings[2]), coverage(windings[3]))
    }
}

/// `FillRule.nonZero`, anti-aliased.
enum NonZeroCoverage: WindingCoverage {
    @inline(__always)
    static func coverage(_ winding: Float) -> Float { FillRule.nonZero.coverage(winding) }

    /// min(|w|, 1) in lanes: the magnitude by clearing sign bits (a NaN stays NaN, as in the
    /// scalar form).
    @inline(__always)
    static func coverage(_ windings: SIMD4<Float>) -> SIMD4<Float> {
        let magnitude = unsafeBitCast(
            unsafeBitCast(windings, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
        return magnitude.replacing(with: 1, where: magnitude .> 1)
    }
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

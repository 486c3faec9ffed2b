import CLanes
import FlipbookGeometry
import Foundation

/// The circles of a two-point conical gradient (Skia's `MakeTwoPointConical`, Core Graphics'
/// `drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)`, the HTML
/// canvas's `createRadialGradient`): circle(t) has centre c₀ + t·(c₁ − c₀) and radius
/// r₀ + t·(r₁ − r₀), and a point takes the ramp position of the largest t whose circle passes
/// through it with a radius ≥ 0. Where no such circle passes, nothing is painted.
///
/// For a point p, with d = p − c₀, Δc = c₁ − c₀ and Δr = r₁ − r₀, |d − t·Δc| = r₀ + t·Δr is the
/// quadratic a·t² − 2b·t + c = 0 with
///
///     a = Δc·Δc − Δr²,   b = d·Δc + r₀·Δr,   c = d·d − r₀²,
///
/// whose roots are (b ± √(b² − a·c)) / a. When one circle lies inside the other without touching
/// it (|Δc| < |Δr|, so a < 0), the circles nest and fill the plane: every point lies on exactly
/// one circle of radius ≥ 0 — the larger root when the radius grows along the cone, the smaller
/// when it shrinks — and `GradientSpan` shades it in lanes (`laneConstants`). Otherwise (a cone
/// seen from the side) part of the plane lies on no circle and stays unpainted.
///
/// The focal form that SwiftUI's and Lottie's radial highlights need is r₀ = 0 with the focal
/// point c₀ inside the end circle: a nested cone.
struct TwoPointCone {
    /// Δc, from the start centre to the end centre.
    let axis: (x: Double, y: Double)
    /// r₀ and Δr.
    let startRadius: Double, radiusChange: Double
    /// a = Δc·Δc − Δr².
    let a: Double

    init(startCenter: CGPoint, startRadius: Double, endCenter: CGPoint, endRadius: Double) {
        axis = (endCenter.x - startCenter.x, endCenter.y - startCenter.y)
        self.startRadius = startRadius
        radiusChange = endRadius - startRadius
        a = axis.x * axis.x + axis.y * axis.y - radiusChange * radiusChange
    }

    /// Whether every point of the plane lies on a circle of the cone: one circle strictly inside
    /// the other, both radii ≥ 0 and every value finite.
    var fillsThePlane: Bool {
        a < 0 && a.isFinite && startRadius >= 0 && startRadius + radiusChange >= 0
    }

    /// The ramp position of the point `d` (from the start centre), before spreading, or `nil`
    /// where no circle of radius ≥ 0 passes through it.
    @inline(__always)
    func position(x: Double, y: Double) -> Double? {
        let b = x * axis.x + y * axis.y + startRadius * radiusChange
        let c = x * x + y * y - startRadius * startRadius
        func onCone(_ t: Double) -> Double? { startRadius + t * radiusChange >= 0 ? t : nil }
        guard a != 0 else {
            // The focal point on the end circle: a·t² vanishes, and −2b·t + c = 0 has one root.
            return b != 0 ? onCone(c / (2 * b)) : nil
        }
        let discriminant = b * b - a * c
        guard discriminant >= 0 else { return nil }
        let root = discriminant.squareRoot()
        let (first, second) = ((b + root) / a, (b - root) / a)
        return onCone(max(first, second)) ?? onCone(min(first, second))
    }

    /// The constants of the lanes' arithmetic (`flipbook_two_point_span_wide`), with lengths in
    /// units of the larger radius, and that unit; `nil` unless the cone `fillsThePlane` and its
    /// radii differ by at least 1/256 of the larger (a thinner band of circles leaves `Float`'s
    /// positions more than an eighth of a table entry from the exact ones, and the `Double`
    /// loop draws it).
    ///
    /// With s = sign(Δr), the circle of radius ≥ 0 is the root (b − s·√D) / a, D = b² − a·c;
    /// written with b′ = s·b and a′ = s·a as (b′ − √D) / a′ where b′ ≤ 0 and as
    /// s·c / (b′ + √D) where b′ > 0, so that neither form subtracts nearly equal numbers.
    var laneConstants: (cone: flipbook_cone, unit: Double)? {
        let unit = max(startRadius, startRadius + radiusChange)
        guard fillsThePlane, unit > 0, abs(radiusChange) * 256 >= unit else { return nil }
        let sign: Double = radiusChange > 0 ? 1 : -1
        let (ax, ay, r0, dr) = (axis.x / unit, axis.y / unit, startRadius / unit, radiusChange / unit)
        let cone = flipbook_cone(
            axis_x: Float(sign * ax), axis_y: Float(sign * ay), offset: Float(sign * r0 * dr),
            start_radius_squared: Float(r0 * r0), a: Float(a / (unit * unit)),
            signed_a: Float(sign * a / (unit * unit)), sign: Float(sign))
        return (cone, unit)
    }
}

import FlipbookGeometry
import Foundation

/// A colour ramp laid out along a line, around circles, along a cone of circles or around a point.
///
/// Colours are interpolated between stops in premultiplied RGBA (as CSS and SwiftUI's Metal
/// renderer do), so a fade to `.clear` has no dark fringe. Rendered with ordered dithering
/// (`GradientShader`), so an 8-bit video of a slow ramp shows no bands.
package struct GradientPaint: Hashable, Sendable {
    /// One colour of the ramp at `location` (0…1), as straight sRGB components in 0…1.
    package struct Stop: Hashable, Sendable {
        package var red: Double
        package var green: Double
        package var blue: Double
        package var opacity: Double
        package var location: Double

        package init(red: Double, green: Double, blue: Double, opacity: Double = 1, location: Double) {
            (self.red, self.green, self.blue, self.opacity, self.location) = (
                red, green, blue, opacity, location
            )
        }
    }

    /// Where the ramp runs.
    package enum Geometry: Hashable, Sendable {
        /// From `start` (location 0) to `end` (location 1); constant along perpendiculars.
        case linear(start: CGPoint, end: CGPoint)
        /// Concentric circles about `center`, from `startRadius` to `endRadius` (SwiftUI's
        /// `RadialGradient`).
        case radial(center: CGPoint, startRadius: Double, endRadius: Double)
        /// Circles moving from (`startCenter`, `startRadius`) at location 0 to (`endCenter`,
        /// `endRadius`) at location 1 and beyond (`TwoPointCone`): Skia's two-point conical
        /// gradient, and with a start radius of 0 a radial gradient seen from a focal point.
        /// Where no circle of radius ≥ 0 passes, nothing is painted.
        case twoPoint(startCenter: CGPoint, startRadius: Double, endCenter: CGPoint, endRadius: Double)
        /// Around `center`, clockwise on screen from `startAngle` to `endAngle` in radians (0 points
        /// right), as SwiftUI's `AngularGradient`; a full turn when they are 2π apart. Outside a
        /// partial range each side takes the colour of its nearer end.
        case conic(center: CGPoint, startAngle: Double, endAngle: Double)
    }

    /// What happens beyond locations 0 and 1.
    package enum Spread: Hashable, Sendable {
        /// The end colours continue.
        case pad
        /// The ramp starts again.
        case `repeat`
        /// The ramp runs back and forth.
        case mirror
    }

    package var stops: [Stop]
    package var geometry: Geometry
    package var spread: Spread

    package init(stops: [Stop], geometry: Geometry, spread: Spread = .pad) {
        // Locations clamped to 0…1 (NaN counts as 0), then sorted (stably, so equal locations
        // keep their order: a hard edge).
        let clamped = stops.map { stop in
            var stop = stop
            stop.location = stop.location.isNaN ? 0 : min(max(stop.location, 0), 1)
            return stop
        }
        self.stops = clamped.enumerated().sorted {
            ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
        }
        .map(\.element)
        self.geometry = geometry
        self.spread = spread
    }

    /// Whether the gradient paints every point of the plane (every kind but a two-point cone
    /// whose circles do not nest).
    package var paintsEveryPoint: Bool {
        guard case .twoPoint(let c0, let r0, let c1, let r1) = geometry else { return true }
        return TwoPointCone(startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1).fillsThePlane
    }

    /// The ramp position of user-space point `point`, before spreading; NaN where the gradient
    /// paints nothing.
    @inline(__always)
    func position(of point: CGPoint) -> Double {
        switch geometry {
        case .linear(let start, let end):
            let (dx, dy) = (end.x - start.x, end.y - start.y)
            let length = dx * dx + dy * dy
            guard length > 0 else { return 1 }
            return ((point.x - start.x) * dx + (point.y - start.y) * dy) / length
        case .radial(let center, let startRadius, let endRadius):
            let distance =
                ((point.x - center.x) * (point.x - center.x) + (point.y - center.y) * (point.y - center.y))
                .squareRoot()
            guard endRadius != startRadius else { return distance < startRadius ? 0 : 1 }
            return (distance - startRadius) / (endRadius - startRadius)
        case .twoPoint(let startCenter, let startRadius, let endCenter, let endRadius):
            let cone = TwoPointCone(
                startCenter: startCenter, startRadius: startRadius, endCenter: endCenter, endRadius: endRadius
            )
            return cone.position(x: point.x - startCenter.x, y: point.y - startCenter.y) ?? .nan
        case .conic(let center, let startAngle, let endAngle):
            let sweep = endAngle - startAngle
            guard sweep != 0 else { return 0 }
            let turn = 2 * Double.pi
            var angle = atan2(point.y - center.y, point.x - center.x) - startAngle
            angle -= (angle / turn).rounded(.down) * turn
            let t = angle / abs(sweep)
            // Beyond a partial range, the gap is split between the two ends.
            if t > 1 { return (angle - abs(sweep)) < (turn - abs(sweep)) / 2 ? 1 : 0 }
            return sweep > 0 ? t : 1 - t
        }
    }

    /// The premultiplied colour at ramp position `t` in 0…1, channels in 0…255.
    func color(at t: Double) -> SIMD4<Float> {
        guard let first = stops.first, let last = stops.last else { return .zero }
        if stops.count == 1 || !t.isFinite || t <= first.location { return Self.premultiplied(first) }
        if t >= last.location { return Self.premultiplied(last) }
        var index = 1
        while index < stops.count - 1, stops[index].location < t { index += 1 }
        let (low, high) = (stops[index - 1], stops[index])
        let span = high.location - low.location
        let f = Float(span > 0 ? (t - low.location) / span : 1)
        return Self.premultiplied(low) * (1 - f) + Self.premultiplied(high) * f
    }

    private static func premultiplied(_ stop: Stop) -> SIMD4<Float> {
        func unit(_ value: Double) -> Float { value.isNaN ? 0 : Float(min(max(value, 0), 1)) }
        let alpha = unit(stop.opacity)
        return SIMD4(unit(stop.red) * alpha, unit(stop.green) * alpha, unit(stop.blue) * alpha, alpha) * 255
    }
}

import Foundation

/// SwiftUI's `UnitCurve`: a function from progress 0…1 to progress, independent of time — the
/// shape of `Animation.easeIn` and friends, usable on its own (`value(at:)`).
public struct UnitCurve: Hashable, Sendable {
    let animation: Animation

    public static let linear = UnitCurve(animation: .linear(duration: 1))
    public static let easeIn = UnitCurve(animation: .easeIn(duration: 1))
    public static let easeOut = UnitCurve(animation: .easeOut(duration: 1))
    public static let easeInOut = UnitCurve(animation: .easeInOut(duration: 1))

    /// The cubic Bézier from (0, 0) to (1, 1) with these control points (CSS's timing
    /// functions, `Animation.timingCurve`).
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(
            animation: .timingCurve(
                startControlPoint.x, startControlPoint.y, endControlPoint.x, endControlPoint.y, duration: 1))
    }

    /// The curve's value at `progress` (0…1; clamped).
    public func value(at progress: Double) -> Double {
        animation.progress(at: min(max(progress, 0), 1))
    }
}

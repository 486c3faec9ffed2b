/// `Angle` arithmetic as SwiftUI's `Angle` allows it (it is `VectorArithmetic` there): sums and
/// differences of angles, scaling by a number, division, negation.
extension Angle: AdditiveArithmetic {
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
    public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }
    public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians * rhs) }
    public static func * (lhs: Double, rhs: Angle) -> Angle { Angle(radians: lhs * rhs.radians) }
    public static func / (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians / rhs) }
    public static func += (lhs: inout Angle, rhs: Angle) { lhs = lhs + rhs }
    public static func -= (lhs: inout Angle, rhs: Angle) { lhs = lhs - rhs }
    public static func *= (lhs: inout Angle, rhs: Double) { lhs = lhs * rhs }
    public static func /= (lhs: inout Angle, rhs: Double) { lhs = lhs / rhs }
}

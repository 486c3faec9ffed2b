import Foundation

/// A two-dimensional vector, as CoreGraphics' `CGVector`.
///
/// Foundation on Linux has `CGPoint`, `CGSize` and `CGRect` but not `CGVector`, which SwiftUI code
/// uses for velocities (the confetti lesson's `Particle.velocity`).
public struct CGVector: Hashable, Sendable {
    public var dx: Double
    public var dy: Double

    public init() {
        dx = 0
        dy = 0
    }
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = CGVector()
}

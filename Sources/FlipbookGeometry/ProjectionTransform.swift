import Foundation

/// A projective transform of the plane, as SwiftUI's `ProjectionTransform`: a 3 × 3 matrix in
/// CoreGraphics' row-vector layout. A point maps as
/// ```
/// w  = m13·x + m23·y + m33
/// x' = (m11·x + m21·y + m31) / w
/// y' = (m12·x + m22·y + m32) / w
/// ```
/// so an affine transform is the matrix with m13 = m23 = 0 and m33 = 1, and m13, m23 give
/// perspective (a card turning away from the viewer). `t1.concatenating(t2)` applies `t1`
/// first, then `t2`.
public struct ProjectionTransform: Hashable, Sendable {
    public var m11 = 1.0, m12 = 0.0, m13 = 0.0
    public var m21 = 0.0, m22 = 1.0, m23 = 0.0
    public var m31 = 0.0, m32 = 0.0, m33 = 1.0

    /// The identity.
    public init() {}

    /// The affine transform `m`.
    public init(_ m: CGAffineTransform) {
        (m11, m12, m21, m22, m31, m32) = (m.a, m.b, m.c, m.d, m.tx, m.ty)
    }

    /// The projection of `m` onto the plane z = 0, as SwiftUI's: points start at z = 0 and
    /// their z afterwards is dropped, so the third row and column go.
    public init(_ m: CATransform3D) {
        (m11, m12, m13) = (m.m11, m.m12, m.m14)
        (m21, m22, m23) = (m.m21, m.m22, m.m24)
        (m31, m32, m33) = (m.m41, m.m42, m.m44)
    }

    public var isIdentity: Bool { self == ProjectionTransform() }

    /// Whether the transform has no perspective.
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The determinant; 0 when the transform flattens the plane onto a line.
    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// `self`, then `other`.
    public func concatenating(_ other: ProjectionTransform) -> ProjectionTransform {
        let (a, b) = (self, other)
        var product = ProjectionTransform()
        product.m11 = a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31
        product.m12 = a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32
        product.m13 = a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33
        product.m21 = a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31
        product.m22 = a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32
        product.m23 = a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33
        product.m31 = a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31
        product.m32 = a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32
        product.m33 = a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33
        return product
    }

    /// Inverts the transform in place; returns `false` and leaves it unchanged when it has no
    /// inverse, as SwiftUI's `invert()`.
    @discardableResult
    public mutating func invert() -> Bool {
        let det = determinant
        guard det != 0, det.isFinite else { return false }
        let inverse = ProjectionTransform(
            m11: (m22 * m33 - m23 * m32) / det, m12: (m13 * m32 - m12 * m33) / det,
            m13: (m12 * m23 - m13 * m22) / det,
            m21: (m23 * m31 - m21 * m33) / det, m22: (m11 * m33 - m13 * m31) / det,
            m23: (m13 * m21 - m11 * m23) / det,
            m31: (m21 * m32 - m22 * m31) / det, m32: (m12 * m31 - m11 * m32) / det,
            m33: (m11 * m22 - m12 * m21) / det)
        self = inverse
        return true
    }

    /// The inverse, or the transform itself when it has none, as SwiftUI's `inverted()`.
    public func inverted() -> ProjectionTransform {
        var copy = self
        copy.invert()
        return copy
    }

    /// The point's homogeneous image: x′·w, y′·w and w. A w of 0 or below means the point
    /// went to infinity or behind the viewer.
    public func homogeneous(_ point: CGPoint) -> (x: Double, y: Double, w: Double) {
        let (x, y) = (Double(point.x), Double(point.y))
        return (m11 * x + m21 * y + m31, m12 * x + m22 * y + m32, m13 * x + m23 * y + m33)
    }

    private init(
        m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double,
        m32: Double, m33: Double
    ) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }
}

extension CGPoint {
    /// The point mapped by the projection `m` (SwiftUI's `applying(_:)`).
    public func applying(_ m: ProjectionTransform) -> CGPoint {
        let (x, y, w) = m.homogeneous(self)
        return CGPoint(x: x / w, y: y / w)
    }
}

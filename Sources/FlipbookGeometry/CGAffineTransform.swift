import CSineCosine
import Foundation

/// A 2D affine transform with CoreGraphics' layout and conventions.
///
/// Foundation on Linux lacks `CGAffineTransform`; this one keeps its names so that SwiftUI code
/// ports unchanged. A point maps as
/// ```
/// x' = a·x + c·y + tx
/// y' = b·x + d·y + ty
/// ```
/// `t1.concatenating(t2)` applies `t1` first, then `t2`. The `…By` methods (`translatedBy`,
/// `rotated`, `scaledBy`) prepend, so the new operation acts in the transform's own (user) space —
/// which is how `GraphicsContext.translateBy(x:y:)` composes.
public struct CGAffineTransform: Hashable, Sendable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public init() { self = .identity }

    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive angles turn +x towards +y (clockwise on a y-down
    /// canvas, as in SwiftUI).
    public init(rotationAngle angle: Double) {
        var (s, c) = (0.0, 0.0)
        flipbook_sincos(angle, &s, &c)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `other`.
    public func concatenating(_ other: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    public func translatedBy(x: Double, y: Double) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    public func scaledBy(x: Double, y: Double) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    public func rotated(by angle: Double) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// Whether the transform has an inverse: its determinant is neither 0 nor infinite (nor NaN).
    public var isInvertible: Bool {
        let determinant = a * d - b * c
        return determinant != 0 && determinant.isFinite
    }

    /// The inverse, or `self` unchanged when the transform is singular (as CoreGraphics does).
    public func inverted() -> CGAffineTransform {
        guard isInvertible else { return self }
        let determinant = a * d - b * c
        return CGAffineTransform(
            a: d / determinant, b: -b / determinant,
            c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant,
            ty: (b * tx - a * ty) / determinant)
    }
}

extension CGPoint {
    /// This point mapped through `transform`.
    public func applying(_ transform: CGAffineTransform) -> CGPoint {
        CGPoint(
            x: transform.a * x + transform.c * y + transform.tx,
            y: transform.b * x + transform.d * y + transform.ty)
    }
}

extension CGAffineTransform {
    /// The largest factor by which the transform stretches any direction (its largest singular
    /// value): how many device pixels one user-space unit can become. Used to turn a device-space
    /// tolerance into a user-space one.
    public var maximumScale: Double {
        let sum = (a * a + b * b + c * c + d * d) / 2
        let difference = (a * a + b * b - c * c - d * d) / 2
        let shear = a * c + b * d
        return (sum + (difference * difference + shear * shear).squareRoot()).squareRoot()
    }
}

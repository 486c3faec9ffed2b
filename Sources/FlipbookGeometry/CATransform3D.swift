// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The names are Core Animation's, so that code written for it ports unchanged.

import CSineCosine
import Foundation

/// A 3D transform with Core Animation's layout, names and conventions, so that perspective code
/// written for `ProjectionTransform(CATransform3D…)` ports unchanged: QuartzCore does not exist
/// on Linux. Row-vector layout: a point (x, y, z, 1) maps to (x, y, z, 1) · M, and m34 = −1/d
/// gives the perspective of an eye d points in front of the plane.
public struct CATransform3D: Hashable, Sendable {
    public var m11 = 1.0, m12 = 0.0, m13 = 0.0, m14 = 0.0
    public var m21 = 0.0, m22 = 1.0, m23 = 0.0, m24 = 0.0
    public var m31 = 0.0, m32 = 0.0, m33 = 1.0, m34 = 0.0
    public var m41 = 0.0, m42 = 0.0, m43 = 0.0, m44 = 1.0

    public init() {}

    /// The rows, each of four values.
    var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    init(rows: [[Double]]) {
        (m11, m12, m13, m14) = (rows[0][0], rows[0][1], rows[0][2], rows[0][3])
        (m21, m22, m23, m24) = (rows[1][0], rows[1][1], rows[1][2], rows[1][3])
        (m31, m32, m33, m34) = (rows[2][0], rows[2][1], rows[2][2], rows[2][3])
        (m41, m42, m43, m44) = (rows[3][0], rows[3][1], rows[3][2], rows[3][3])
    }
}

public let CATransform3DIdentity = CATransform3D()

/// `a`, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let (left, right) = (a.rows, b.rows)
    return CATransform3D(
        rows: (0..<4).map { row in
            (0..<4).map { column in (0..<4).reduce(0.0) { $0 + left[row][$1] * right[$1][column] } }
        })
}

public func CATransform3DMakeTranslation(_ tx: Double, _ ty: Double, _ tz: Double) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

public func CATransform3DMakeScale(_ sx: Double, _ sy: Double, _ sz: Double) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// A rotation by `angle` radians about the axis (`x`, `y`, `z`), as Core Animation's: the
/// identity when the axis is zero.
public func CATransform3DMakeRotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double)
    -> CATransform3D
{
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return CATransform3DIdentity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    var (s, c) = (0.0, 0.0)
    flipbook_sincos(angle, &s, &c)
    let k = 1 - c
    var t = CATransform3DIdentity
    (t.m11, t.m12, t.m13) = (c + k * ux * ux, k * ux * uy + s * uz, k * ux * uz - s * uy)
    (t.m21, t.m22, t.m23) = (k * ux * uy - s * uz, c + k * uy * uy, k * uy * uz + s * ux)
    (t.m31, t.m32, t.m33) = (k * ux * uz + s * uy, k * uy * uz - s * ux, c + k * uz * uz)
    return t
}

/// `t` with a translation applied first, in its own space (Core Animation's convention).
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: Double, _ ty: Double, _ tz: Double)
    -> CATransform3D
{
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// `t` with a scale applied first, in its own space.
public func CATransform3DScale(_ t: CATransform3D, _ sx: Double, _ sy: Double, _ sz: Double) -> CATransform3D
{
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// `t` with a rotation applied first, in its own space.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: Double, _ x: Double, _ y: Double, _ z: Double)
    -> CATransform3D
{
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

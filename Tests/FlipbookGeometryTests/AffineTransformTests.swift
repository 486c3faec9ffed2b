import FlipbookGeometry
import Foundation
import Testing

@Test func translatedByActsInUserSpaceBeforeTheExistingTransform() {
    let scaled = CGAffineTransform(scaleX: 2, y: 2)
    let point = CGPoint(x: 1, y: 1).applying(scaled.translatedBy(x: 10, y: 0))
    #expect(point == CGPoint(x: 22, y: 2))
}

@Test func rotationByNinetyDegreesTurnsXTowardsY() {
    let point = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
    #expect(abs(point.x) < 1e-12)
    #expect(abs(point.y - 1) < 1e-12)
}

/// A rotation takes its sine and cosine from one `sincos` call; they must be the very values
/// `sin` and `cos` give, or every rotated drawing's pixels would change with the build.
@Test func rotationEntriesAreExactlySineAndCosine() {
    var angles: [Double] = [0, -0.0, .pi, -.pi / 2, 1e-310, 1e22, -3.5e15, .greatestFiniteMagnitude]
    // Steps across ±100 radians, and random bits with exponents from 2⁰ to 2⁶⁰ (a fixed LCG).
    var state: UInt64 = 0x5EED
    for step in 0..<20_000 {
        angles.append(-100 + Double(step) * 0.01)
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let exponent = (0x3FF + (state >> 58)) << 52
        angles.append(Double(bitPattern: state & (1 << 63 | (1 << 52 - 1)) | exponent))
    }
    for angle in angles {
        let rotation = CGAffineTransform(rotationAngle: angle)
        #expect(
            rotation.a.bitPattern == cos(angle).bitPattern && rotation.b.bitPattern == sin(angle).bitPattern)
        #expect(rotation.c == -rotation.b && rotation.d == rotation.a)
    }
}

@Test func invertedUndoesTheTransform() {
    let transform = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 3, y: -2).translatedBy(x: 5, y: 9)
    let point = CGPoint(x: 12.5, y: -4).applying(transform).applying(transform.inverted())
    #expect(abs(point.x - 12.5) < 1e-9 && abs(point.y + 4) < 1e-9)
}

@Test func angleConvertsBetweenDegreesAndRadians() {
    #expect(abs(Angle.degrees(180).radians - .pi) < 1e-15)
    #expect(abs(Angle.radians(.pi / 2).degrees - 90) < 1e-12)
}

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

@Test func invertedUndoesTheTransform() {
    let transform = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 3, y: -2).translatedBy(x: 5, y: 9)
    let point = CGPoint(x: 12.5, y: -4).applying(transform).applying(transform.inverted())
    #expect(abs(point.x - 12.5) < 1e-9 && abs(point.y + 4) < 1e-9)
}

@Test func angleConvertsBetweenDegreesAndRadians() {
    #expect(abs(Angle.degrees(180).radians - .pi) < 1e-15)
    #expect(abs(Angle.radians(.pi / 2).degrees - 90) < 1e-12)
}

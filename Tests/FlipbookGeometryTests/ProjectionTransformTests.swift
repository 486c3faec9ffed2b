import FlipbookGeometry
import Foundation
import Testing

/// `ProjectionTransform` and the Core Animation functions that build one, by numbers.
@Suite struct ProjectionTransformTests {
    private func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func anAffineProjectionMapsAsItsAffineTransform() {
        let affine = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 5, y: -2).scaledBy(x: 2, y: 0.5)
        let projection = ProjectionTransform(affine)
        #expect(projection.isAffine && !projection.isIdentity && ProjectionTransform().isIdentity)
        let point = CGPoint(x: 3, y: 7)
        #expect(close(point.applying(projection), point.applying(affine)))
    }

    @Test func concatenationAppliesTheLeftFirstAndTheInverseUndoes() {
        var perspective = ProjectionTransform()
        (perspective.m13, perspective.m23) = (0.002, -0.001)
        let moved = ProjectionTransform(CGAffineTransform(translationX: 10, y: 20))
        let point = CGPoint(x: 30, y: 40)
        #expect(
            close(
                point.applying(moved.concatenating(perspective)), point.applying(moved).applying(perspective))
        )
        let both = moved.concatenating(perspective)
        #expect(close(point.applying(both).applying(both.inverted()), point))
        var flat = ProjectionTransform()
        flat.m22 = 0
        #expect(!flat.invert() && flat.m22 == 0 && flat.inverted() == flat)
    }

    @Test func coreAnimationRotationsAndPerspective() {
        // About z: the same turn as CGAffineTransform's.
        let z = ProjectionTransform(CATransform3DMakeRotation(0.7, 0, 0, 2))
        let point = CGPoint(x: 4, y: 1)
        #expect(close(point.applying(z), point.applying(CGAffineTransform(rotationAngle: 0.7))))
        // About y by 60°, no perspective: x shrinks by cos 60°.
        let y = ProjectionTransform(CATransform3DMakeRotation(.pi / 3, 0, 1, 0))
        #expect(close(CGPoint(x: 10, y: 3).applying(y), CGPoint(x: 5, y: 3)))
        // With the eye 100 points away (m34 = −1/100), a turn rotates first, then projects: the
        // edge at x = 10 goes away (z = −10·sin 60°) and shrinks by 100 / (100 + 8.66).
        var eye = CATransform3DIdentity
        eye.m34 = -0.01
        let turned = ProjectionTransform(CATransform3DRotate(eye, .pi / 3, 0, 1, 0))
        let far = CGPoint(x: 10, y: 10).applying(turned)
        let shrunk = 100 / (100 + 10 * sin(Double.pi / 3))
        #expect(abs(far.x - 5 * shrunk) < 1e-9 && abs(far.y - 10 * shrunk) < 1e-9)
        // Translate and scale prepend, in the transform's own space.
        let scaled = CATransform3DTranslate(CATransform3DMakeScale(2, 3, 1), 1, 1, 0)
        #expect(close(CGPoint(x: 0, y: 0).applying(ProjectionTransform(scaled)), CGPoint(x: 2, y: 3)))
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)
        #expect(CATransform3DScale(CATransform3DIdentity, 2, 2, 2) == CATransform3DMakeScale(2, 2, 2))
    }
}

import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import FlipbookTimeline
import Foundation
import Testing

/// `Filter.projectionTransform`: what is drawn moves through a projective map of the canvas's
/// points, affine or in perspective.
@Suite struct ProjectionFilterTests {
    /// A white 20 × 20 point card at (30, 30) on a 80 × 80 canvas, drawn under `transform`.
    private static func card(_ transform: ProjectionTransform, scale: Double = 1) -> PixelProbe {
        let canvas = Canvas { context, _ in
            context.addFilter(.projectionTransform(transform))
            context.fill(Path(CGRect(x: 30, y: 30, width: 20, height: 20)), with: .color(.white))
        }
        let side = Int(80 * scale)
        return PixelProbe(
            pixmap: ScaledScene(scene: canvas.scene, size: CGSize(width: 80, height: 80), scale: scale)
                .renderedFrame(
                    at: FrameTime(index: 0, seconds: 0), width: side, height: side, background: .clear))
    }

    /// A turn of `degrees` about the vertical line through the card's centre, seen from
    /// `distance` points away.
    private static func turn(_ degrees: Double, distance: Double = 100) -> ProjectionTransform {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / distance
        let turned = CATransform3DConcat(
            CATransform3DMakeRotation(degrees * .pi / 180, 0, 1, 0), perspective)
        let centred = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeTranslation(-40, -40, 0), turned),
            CATransform3DMakeTranslation(40, 40, 0))
        return ProjectionTransform(centred)
    }

    @Test func anAffineTransformMovesAndScalesExactly() {
        let moved = Self.card(ProjectionTransform(CGAffineTransform(translationX: 10, y: -5)))
        #expect(moved.inkBounds()! == (minX: 40, minY: 25, maxX: 59, maxY: 44))
        #expect(moved.pixmap[45, 30] == PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))
        let doubled = Self.card(ProjectionTransform(CGAffineTransform(scaleX: 2, y: 2)))
        #expect(doubled.inkBounds()! == (minX: 60, minY: 60, maxX: 79, maxY: 79))  // cut at the edge
    }

    @Test func perspectiveMakesTheNearEdgeTallerThanTheFar() throws {
        let turned = Self.card(Self.turn(50))
        let bounds = try #require(turned.inkBounds())
        // Narrower than the card, still about its centre.
        #expect(bounds.maxX - bounds.minX + 1 < 18 && bounds.maxX - bounds.minX + 1 > 8)
        #expect(abs(Double(bounds.minX + bounds.maxX) / 2 - 39.5) < 3)
        // Turned about the vertical axis by a positive angle, the right edge goes away from
        // the viewer (+x turns towards −z, as Core Animation's) and the left comes nearer.
        func height(_ column: Int) -> Int { (0..<80).filter { turned.pixmap[column, $0].alpha > 128 }.count }
        // Its 20-point edges 10·sin 50° nearer and further: 20 · 100 / (100 ∓ 7.66) points.
        let (near, far) = (2000 / (100 - 10 * sin(0.8727)), 2000 / (100 + 10 * sin(0.8727)))
        #expect(
            abs(Double(height(bounds.minX + 1)) - near) < 1.5
                && abs(Double(height(bounds.maxX - 1)) - far) < 1.5)
        // Mirrored for the opposite turn.
        let other = try #require(Self.card(Self.turn(-50)).inkBounds())
        #expect(other.minX == 79 - bounds.maxX && other.maxX == 79 - bounds.minX)
    }

    @Test func aPlaneTurnedEdgeOnOrAwayDrawsNothing() {
        // Edge-on, without perspective: the plane flattens onto a line.
        let flat = ProjectionTransform(CATransform3DMakeRotation(.pi / 2, 0, 1, 0))
        #expect(Self.card(flat).inkBounds(threshold: 0) == nil)
        // Everything behind the viewer: w < 0 everywhere.
        var behind = ProjectionTransform()
        behind.m33 = -1
        #expect(Self.card(behind).inkBounds(threshold: 0) == nil)
    }

    @Test func theTransformIsInPointsAtEveryScale() {
        let transform = ProjectionTransform(CGAffineTransform(translationX: 10, y: 0))
        #expect(Self.card(transform, scale: 2).inkBounds()! == (minX: 80, minY: 60, maxX: 119, maxY: 99))
        let single = Self.card(Self.turn(40))
        let double = Self.card(Self.turn(40), scale: 2)
        let (a, b) = (single.inkBounds()!, double.inkBounds()!)
        #expect(abs(b.minX - 2 * a.minX) <= 2 && abs(b.maxX - 2 * a.maxX - 1) <= 2)
    }

    /// A card of one-point black and white stripes turned almost edge-on: each pixel spans
    /// several stripes, and averages them to grey, where one bilinear sample would land on a
    /// stripe or between two, at random as the card turns.
    @Test func aCardSeenAlmostEdgeOnAveragesWhatEachPixelCovers() throws {
        let canvas = Canvas { context, _ in
            context.addFilter(.projectionTransform(Self.turn(78, distance: 400)))
            context.drawLayer { card in
                card.fill(Path(CGRect(x: 20, y: 20, width: 40, height: 40)), with: .color(.white))
                for stripe in stride(from: 20, to: 60, by: 2) {
                    card.fill(Path(CGRect(x: stripe, y: 20, width: 1, height: 40)), with: .color(.black))
                }
            }
        }
        let pixmap = canvas.scene.renderedFrame(
            at: FrameTime(index: 0, seconds: 0), width: 80, height: 80, background: .clear)
        let probe = PixelProbe(pixmap: pixmap)
        let bounds = try #require(probe.inkBounds())
        #expect(bounds.maxX - bounds.minX < 16, "turned almost edge-on: \(bounds)")
        var greys: [Int] = []
        for y in 35..<45 {
            for x in (bounds.minX + 2)...(bounds.maxX - 2) { greys.append(Int(pixmap[x, y].red)) }
        }
        #expect(!greys.isEmpty)
        #expect(greys.allSatisfy { (60...195).contains($0) }, "\(greys)")
    }
}

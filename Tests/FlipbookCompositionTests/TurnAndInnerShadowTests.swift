import FlipbookCanvas
import FlipbookComposition
import FlipbookRaster
import Foundation
import Testing

/// A layer's 3D turns (`rotationX`, `rotationY`, `perspective`) and its inner shadow, decoded
/// from JSON and measured in the rendered frame.
@Suite struct TurnAndInnerShadowTests {
    /// A white 80 × 60 card at the centre of a 200 × 100 canvas, with `extra` members.
    private static func card(_ extra: String, scale: Double = 1) throws -> Pixmap {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "shape", "shape": "rect", "size": [80, 60], "position": [100, 50], "fill": "white", \(extra)}]
            """)
        // As `--scale` draws it: the composition laid out at 200 × 100 points, `scale` pixels each.
        return ScaledScene(scene: preset.scene, size: CGSize(width: 200, height: 100), scale: scale)
            .renderedFrame(
                at: .init(index: 0, seconds: 0), width: Int(200 * scale), height: Int(100 * scale),
                background: .black)
    }

    /// The rows of column `x` lit above half.
    private static func height(_ frame: Pixmap, column x: Int) -> Int {
        (0..<frame.height).filter { frame[x, $0].red > 128 }.count
    }

    private static func litColumns(_ frame: Pixmap, row y: Int) -> [Int] {
        (0..<frame.width).filter { frame[$0, y].red > 128 }
    }

    @Test func aTurnAboutTheVerticalLineSendsTheRightEdgeAway() throws {
        let frame = try Self.card(#""rotationY": 60, "perspective": 300"#)
        let lit = Self.litColumns(frame, row: 50)
        let (left, right) = (try #require(lit.first), try #require(lit.last))
        // 40 points of half-width at cos 60°, nearer on the left (+7 %) than on the right.
        let (near, far) = (300 / (300 - 40 * sin(Double.pi / 3)), 300 / (300 + 40 * sin(Double.pi / 3)))
        #expect(abs(Double(100 - left) - 20 * near) <= 1.5 && abs(Double(right + 1 - 100) - 20 * far) <= 1.5)
        // Heights: 60 points times the same factors.
        #expect(abs(Double(Self.height(frame, column: left + 1)) - 60 * near) <= 2)
        #expect(abs(Double(Self.height(frame, column: right - 1)) - 60 * far) <= 2)
    }

    @Test func aTurnAboutTheHorizontalLineSendsTheTopEdgeAway() throws {
        let frame = try Self.card(#""rotationX": 50"#)
        let top = Self.litColumns(frame, row: 32).count
        let bottom = Self.litColumns(frame, row: 67).count
        #expect(top < bottom && top > 50, "\(top) \(bottom)")
    }

    @Test func aTurnIsTheSamePictureAtEveryScale() throws {
        let single = try Self.card(#""rotationY": -35"#)
        let double = try Self.card(#""rotationY": -35"#, scale: 2)
        let (a, b) = (Self.litColumns(single, row: 50), Self.litColumns(double, row: 100))
        let (aFirst, aLast) = (try #require(a.first), try #require(a.last))
        let (bFirst, bLast) = (try #require(b.first), try #require(b.last))
        #expect(abs(bFirst - 2 * aFirst) <= 2 && abs(bLast - 2 * aLast - 1) <= 2)
    }

    @Test func anInnerShadowFallsInsideFromTheEdgesItIsOffsetFrom() throws {
        let frame = try Self.card(
            ##""shadow": {"inner": true, "radius": 0, "x": 6, "y": 4, "color": "#000000"}"##)
        // The card spans (60, 20) to (140, 80): shaded along its left and top edges only.
        #expect(frame[62, 50].red == 0 && frame[100, 22].red == 0)
        #expect(frame[100, 50].red == 255 && frame[138, 78].red == 255)
        // Nothing outside the card.
        #expect(frame[55, 50].red == 0 && frame[145, 85].red == 0 && frame[145, 85].alpha == 255)
    }

    @Test func aFlipEntranceTurnsTheLayerInFromEdgeOn() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "shape", "shape": "rect", "size": [80, 60], "position": [100, 50], "fill": "white",
              "enter": {"effect": "flip", "edge": "trailing", "duration": 1, "easing": "linear"}}]
            """)
        func lit(_ index: Int) -> [Int] {
            Self.litColumns(CompositionFixture.frame(preset, index: index), row: 50)
        }
        // Edge-on at the start: nothing; flat at the end: the whole card.
        #expect(lit(0).isEmpty)
        #expect(lit(30).count == 80)
        // Halfway, turned 45° with its trailing (right) edge away: narrower, and shorter on
        // the right than on the left.
        let halfway = CompositionFixture.frame(preset, index: 15)
        let columns = Self.litColumns(halfway, row: 50)
        let (left, right) = (try #require(columns.first), try #require(columns.last))
        #expect(columns.count > 50 && columns.count < 62, "\(columns.count)")
        #expect(Self.height(halfway, column: left + 1) > Self.height(halfway, column: right - 1))
    }

    @Test func theNewKeysAreChecked() {
        let problems = CompositionFixture.problems(
            """
            {"width": 100, "height": 100, "fps": 30, "duration": 1, "layers": [
              {"type": "shape", "shape": "rect", "rotationY": "far", "perspective": 10,
               "shadow": {"inner": "yes"}, "enter": {"effect": "flip", "turn": 400}}]}
            """)
        #expect(problems.contains { $0.contains("layers[0].rotationY") }, "\(problems)")
        #expect(
            problems.contains { $0.contains("layers[0].perspective") && $0.contains("50") }, "\(problems)")
        #expect(problems.contains { $0.contains("layers[0].shadow.inner") }, "\(problems)")
        #expect(problems.contains { $0.contains("layers[0].enter.turn") }, "\(problems)")
    }
}

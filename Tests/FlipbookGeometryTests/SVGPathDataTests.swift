import FlipbookGeometry
import Foundation
import Testing

/// SVG path data: every command, relative and absolute, implicit repeats, compact numbers,
/// arcs, and located errors.
@Suite struct SVGPathDataTests {
    @Test func linesAndRelativeCommandsLandWhereSVGSays() throws {
        let path = try Path(svgData: "M10 10 h 80 v80 H10 z m 5,5 l10-5")
        let bounds = path.boundingRect
        #expect(bounds == CGRect(x: 10, y: 10, width: 80, height: 80))
        #expect(path.contains(CGPoint(x: 50, y: 50)))
        #expect(path.currentPoint == CGPoint(x: 25, y: 10))
    }

    @Test func compactNumbersAndImplicitRepeats() throws {
        let compact = try Path(svgData: "M0-5.5.5.5L1e1,0 20 0")
        #expect(compact.currentPoint == CGPoint(x: 20, y: 0))
        #expect(compact.boundingRect.minY == -5.5)
    }

    @Test func curvesAndTheirSmoothForms() throws {
        let path = try Path(svgData: "M0 0 C 0 10, 10 10, 10 0 S 20 -10, 20 0 Q 25 10, 30 0 T 40 0")
        #expect(path.currentPoint == CGPoint(x: 40, y: 0))
        let bounds = path.boundingRect
        #expect(bounds.minX == 0 && bounds.maxX == 40 && bounds.maxY > 5 && bounds.minY < -5)
    }

    @Test func arcsFollowTheEllipse() throws {
        // A half circle of radius 50 from (0, 50) to (100, 50), bulging up (sweep 1 on a y-down canvas).
        let path = try Path(svgData: "M0 50 A 50 50 0 0 1 100 50")
        let bounds = path.boundingRect
        #expect(abs(bounds.minY) < 0.1 && abs(bounds.maxY - 50) < 0.01)
        #expect(abs(bounds.minX) < 0.01 && abs(bounds.maxX - 100) < 0.01)
        // Too small a radius is scaled up to just reach (SVG's out-of-range rule).
        let scaled = try Path(svgData: "M0 0 a1 1 0 0 0 10 0")
        #expect(abs(scaled.boundingRect.width - 10) < 0.01 && abs(scaled.boundingRect.height - 5) < 0.1)
    }

    @Test func mistakesSayWhatAndWhere() {
        #expect {
            try Path(svgData: "L 10 10")
        } throws: { error in
            "\(error)" == "path data must start with a move (M or m) at character 1"
        }
        #expect {
            try Path(svgData: "M0 0 X")
        } throws: { error in
            "\(error)" == "unknown path command \"X\" at character 6"
        }
        #expect(throws: Path.SVGDataError.self) { try Path(svgData: "M0 0 L 5") }
        #expect(throws: Path.SVGDataError.self) { try Path(svgData: "M0 0 A 1 1 0 2 0 5 5") }
    }
}

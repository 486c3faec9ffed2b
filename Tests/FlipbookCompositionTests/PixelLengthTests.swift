import FlipbookComposition
import Foundation
import Testing

/// Lengths and points written as CSS pixels: `"24px"` is 24 points wherever a length or a
/// number of points is taken, and a unit that is not one is refused with the forms accepted.
@Suite struct PixelLengthTests {
    @Test func pixelsArePoints() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "shape", "shape": "rect", "position": ["24px", " 12.5px "], "size": ["10px", "50%"],
              "shadow": {"radius": "6px", "x": "-2px"}, "blur": "3px",
              "stroke": {"paint": "white", "width": "1.5px"}}]
            """)
        let layer = CompositionFixture.composition(preset).layers[0]
        #expect(layer.position?.values == [LengthPair(Length(24), Length(12.5))])
        #expect(layer.size?.values == [LengthPair(Length(10), Length(50, .percent))])
        #expect(layer.shadow?.radius.value(at: 0) == 6)
        #expect(layer.shadow?.x.value(at: 0) == -2)
        #expect(layer.blur.value(at: 0) == 3)
        guard case .shape(let shape) = layer.content else {
            Issue.record("not a shape: \(layer.content)")
            return
        }
        #expect(shape.stroke?.width.value(at: 0) == 1.5)
    }

    @Test(arguments: [
        (
            #""position": ["24pt", 0]"#,
            #"layers[0].position[0]: must be a length: points (120 or "120px"), or relative: "50%" of the parent's box, "10vw", "10vh", "5vmin" or "5vmax" of the canvas (got "24pt")"#
        ),
        (#""size": ["-4px", 4]"#, #"layers[0].size[0]: must not be negative (got "-4px")"#),
        (
            #""blur": "3 px""#,
            #"layers[0].blur: must be points from 0 to 500: a number (24) or pixels ("24px") (got "3 px")"#
        ),
        (
            #""shadow": {"radius": "600px"}"#,
            #"layers[0].shadow.radius: must be points from 0 to 500: a number (24) or pixels ("24px") (got "600px")"#
        ),
    ])
    func otherUnitsAreRefused(member: String, expected: String) {
        let problems = CompositionFixture.problems(
            #"{"width": 16, "height": 16, "duration": 1, "layers": [{"type": "shape", "shape": "rect", \#(member)}]}"#
        )
        #expect(problems.contains { $0.contains(expected) }, "\(expected) not in \(problems)")
    }
}

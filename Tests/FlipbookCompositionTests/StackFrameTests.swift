import FlipbookComposition
import FlipbookPresets
import FlipbookTestSupport
import FlipbookText
import Foundation
import Testing

/// Frames size a stack's layers as SwiftUI's `frame`, `layoutPriority` and `Spacer` do, with
/// CSS's flexible lengths: each case's boxes worked out by hand, on 16:9, 9:16 and 1:1 canvases.
@Suite struct StackFrameTests {
    private static func box(_ name: String, _ width: Double, _ height: Double) -> String {
        StackLayoutTests.box(name, width, height)
    }

    private static func same(_ a: CGRect?, _ b: CGRect) -> Bool { StackLayoutTests.same(a, b) }

    /// `layers` in a row as wide as the canvas and 40 tall, 10 points apart, their boxes.
    private func row(_ layers: [String], canvas: (width: Int, height: Int), file: String = "test.json") throws
        -> LayerBoxes
    {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "axis": "row", "size": ["100%", 40], "position": [0, 0], "anchor": "topLeading",
              "spacing": 10, "alignment": "start", "layers": [\(layers.joined(separator: ", "))]}]
            """, width: canvas.width, height: canvas.height, file: file)
        return LayerBoxes(preset, at: 0)
    }

    /// Flexible layers share what the others leave in proportion to their `flex`; a shape with
    /// no width of its own takes a share of 1.
    @Test(arguments: StackLayoutTests.canvases)
    func flexibleLayersShareWhatIsLeft(canvas: (width: Int, height: Int)) throws {
        let boxes = try row(
            [
                Self.box("A", 40, 20),
                #"{"type": "shape", "name": "B", "shape": "rect", "frame": {"flex": 1, "height": 20}}"#,
                #"{"type": "shape", "name": "C", "shape": "rect", "frame": {"flex": 2, "height": 20}}"#,
                #"{"type": "shape", "name": "D", "shape": "rect", "frame": {"height": 20}}"#,
            ], canvas: canvas)
        let share = (Double(canvas.width) - 40 - 30) / 4
        #expect(Self.same(boxes["B"], CGRect(x: 50, y: 0, width: share, height: 20)))
        #expect(Self.same(boxes["C"], CGRect(x: 60 + share, y: 0, width: 2 * share, height: 20)))
        #expect(Self.same(boxes["D"], CGRect(x: 70 + 3 * share, y: 0, width: share, height: 20)))
    }

    /// A flexible layer held to its `maxWidth` leaves the rest to the others, and one held to its
    /// `minWidth` takes at least that.
    @Test(arguments: StackLayoutTests.canvases)
    func flexibleLayersKeepToTheirBounds(canvas: (width: Int, height: Int)) throws {
        let boxes = try row(
            [
                #"{"type": "shape", "name": "A", "shape": "rect", "frame": {"flex": 1, "maxWidth": 30, "height": 10}}"#,
                #"{"type": "shape", "name": "B", "shape": "rect", "frame": {"flex": 1, "height": 10}}"#,
                #"{"type": "shape", "name": "C", "shape": "rect", "frame": {"flex": 0.01, "minWidth": 50, "height": 10}}"#,
            ], canvas: canvas)
        #expect(Self.same(boxes["A"], CGRect(x: 0, y: 0, width: 30, height: 10)))
        let b = Double(canvas.width) - 30 - 50 - 20
        #expect(Self.same(boxes["B"], CGRect(x: 40, y: 0, width: b, height: 10)))
        #expect(Self.same(boxes["C"], CGRect(x: 50 + b, y: 0, width: 50, height: 10)))
    }

    /// A spacer pushes what follows it to the end, and keeps at least its `minLength`.
    @Test(arguments: StackLayoutTests.canvases)
    func aSpacerTakesTheRoomLeft(canvas: (width: Int, height: Int)) throws {
        let boxes = try row(
            [
                Self.box("A", 40, 20), #"{"type": "spacer", "name": "S", "minLength": 5}"#,
                Self.box("B", 30, 20),
            ],
            canvas: canvas)
        let width = Double(canvas.width)
        #expect(Self.same(boxes["S"], CGRect(x: 50, y: 0, width: width - 90, height: 0)))
        #expect(Self.same(boxes["B"], CGRect(x: width - 30, y: 0, width: 30, height: 20)))
    }

    /// An aspect ratio sets the side the frame leaves open from the other, or — neither fixed —
    /// makes the box the largest of its shape in what the row offers.
    @Test(arguments: StackLayoutTests.canvases)
    func anAspectRatioShapesTheBox(canvas: (width: Int, height: Int)) throws {
        let boxes = try row(
            [
                #"{"type": "shape", "name": "A", "shape": "rect", "frame": {"height": 30, "aspectRatio": 2}}"#,
                #"{"type": "shape", "name": "B", "shape": "rect", "frame": {"aspectRatio": 0.5}}"#,
            ], canvas: canvas)
        #expect(Self.same(boxes["A"], CGRect(x: 0, y: 0, width: 60, height: 30)))
        #expect(Self.same(boxes["B"], CGRect(x: 70, y: 0, width: 20, height: 40)))
    }

    /// A picture takes its own size; given one side, the other follows its aspect ratio; offered
    /// less than it is, it is made smaller whole.
    @Test(arguments: StackLayoutTests.canvases)
    func aPictureKeepsItsAspectRatio(canvas: (width: Int, height: Int)) throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="red"/></svg>"#,
            to: "wide.svg")
        let boxes = try row(
            [
                #"{"type": "image", "name": "A", "file": "wide.svg"}"#,
                #"{"type": "image", "name": "B", "file": "wide.svg", "frame": {"height": 30}}"#,
                #"{"type": "image", "name": "C", "file": "wide.svg", "frame": {"maxWidth": 10}}"#,
            ], canvas: canvas, file: folder.path("test.json"))
        #expect(Self.same(boxes["A"], CGRect(x: 0, y: 0, width: 40, height: 20)))
        #expect(Self.same(boxes["B"], CGRect(x: 50, y: 0, width: 60, height: 30)))
        #expect(Self.same(boxes["C"], CGRect(x: 120, y: 0, width: 10, height: 5)))
    }

    /// A text's frame: its maximum width is where it wraps, its minimum width the least its box
    /// is; the sizes are the text engine's own measure.
    @Test(arguments: StackLayoutTests.canvases)
    func aTextsFrameBoundsItsBox(canvas: (width: Int, height: Int)) throws {
        let text = "Layout is computed once"
        let boxes = try row(
            [
                #"{"type": "text", "name": "A", "text": "\#(text)", "font": {"size": 12}, "frame": {"maxWidth": 60}}"#,
                #"{"type": "text", "name": "B", "text": "Hi", "font": {"size": 12}, "frame": {"minWidth": 50}}"#,
            ], canvas: canvas)
        let wrapped = StackTextTests.layout(text, size: 12, wrappingAt: 60).size
        let short = StackTextTests.layout("Hi", size: 12).size
        #expect(wrapped.width <= 60 && wrapped.height > short.height, "the text wraps")
        #expect(Self.same(boxes["A"], CGRect(origin: .zero, size: wrapped)))
        #expect(Self.same(boxes["B"], CGRect(x: wrapped.width + 10, y: 0, width: 50, height: short.height)))
    }

    /// When room is short, the layer of higher priority is offered it first and set on one
    /// line; the other is squeezed into what is left and wraps.
    @Test func theLayerOfHigherPriorityIsOfferedRoomFirst() throws {
        let words = "one two three four five six"
        func boxes(priority first: Int) throws -> LayerBoxes {
            try row(
                [
                    #"{"type": "text", "name": "A", "text": "\#(words)", "font": {"size": 12}, "frame": {"layoutPriority": \#(first)}}"#,
                    #"{"type": "text", "name": "B", "text": "\#(words)", "font": {"size": 12}}"#,
                ], canvas: (250, 100))
        }
        let whole = StackTextTests.layout(words, size: 12).size
        #expect(whole.width > 120 && whole.width < 240, "one line fits 250 points, two do not")
        let favoured = try boxes(priority: 1)
        #expect(favoured["A"]?.size == whole)
        let rest = StackTextTests.layout(words, size: 12, wrappingAt: 250 - 10 - whole.width).size
        #expect(
            Self.same(
                favoured["B"], CGRect(x: whole.width + 10, y: 0, width: rest.width, height: rest.height)))
        // At equal priority each is offered half.
        let even = try boxes(priority: 0)
        #expect(even["A"]?.size == StackTextTests.layout(words, size: 12, wrappingAt: 120).size)
    }

    /// A stack given a box longer than its layers need (a share of flex) spreads them in it.
    @Test(arguments: StackLayoutTests.canvases)
    func aNestedStackLaysItsLayersOutInTheBoxItIsGiven(canvas: (width: Int, height: Int)) throws {
        let boxes = try row(
            [
                Self.box("A", 40, 20),
                """
                {"type": "stack", "name": "Inner", "axis": "row", "distribution": "spaceBetween", "frame": {"flex": 1},
                 "layers": [\(Self.box("B", 10, 10)), \(Self.box("C", 10, 10))]}
                """,
            ], canvas: canvas)
        let width = Double(canvas.width)
        #expect(Self.same(boxes["Inner"], CGRect(x: 50, y: 0, width: width - 50, height: 10)))
        #expect(Self.same(boxes["B"], CGRect(x: 50, y: 0, width: 10, height: 10)))
        #expect(Self.same(boxes["C"], CGRect(x: width - 10, y: 0, width: 10, height: 10)))
    }

    /// A layer outside a stack is sized by its frame as if a stack offered it its parent's box.
    @Test(arguments: StackLayoutTests.canvases)
    func aFrameSizesALayerOutsideAStack(canvas: (width: Int, height: Int)) throws {
        let text = "Framed outside any stack"
        let preset = try CompositionFixture.preset(
            """
            [{"type": "text", "name": "T", "text": "\(text)", "font": {"size": 12}, "frame": {"maxWidth": 60},
              "position": [0, 0], "anchor": "topLeading"},
             {"type": "shape", "name": "S", "shape": "rect", "frame": {"height": 20, "aspectRatio": 3}}]
            """, width: canvas.width, height: canvas.height)
        let boxes = LayerBoxes(preset, at: 0)
        let wrapped = StackTextTests.layout(text, size: 12, wrappingAt: 60).size
        #expect(Self.same(boxes["T"], CGRect(origin: .zero, size: wrapped)))
        let centre = CGPoint(x: Double(canvas.width) / 2, y: Double(canvas.height) / 2)
        #expect(Self.same(boxes["S"], CGRect(x: centre.x - 30, y: centre.y - 10, width: 60, height: 20)))
    }
}

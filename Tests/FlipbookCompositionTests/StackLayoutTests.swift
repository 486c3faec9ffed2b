import FlipbookComposition
import FlipbookPresets
import FlipbookRaster
import Foundation
import Testing

/// Stacks place their layers where the rules say, to the point: a table of generated cases
/// (each axis, alignment and distribution, on 16:9, 9:16 and 1:1 canvases) with the boxes
/// worked out from the rules by hand, as Taffy and Yoga test flex layout.
@Suite struct StackLayoutTests {
    /// Canvases of the three shapes.
    static let canvases: [(width: Int, height: Int)] = [(320, 180), (180, 320), (240, 240)]

    /// `a` and `b` within a billionth of a point, side by side.
    static func same(_ a: CGRect?, _ b: CGRect) -> Bool {
        guard let a else { return false }
        return [a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height].allSatisfy {
            abs($0) < 1e-9
        }
    }

    /// A rectangle layer named `name` with a frame of `width` × `height`.
    static func box(_ name: String, _ width: Double, _ height: Double, fill: String = "white") -> String {
        #"{"type": "shape", "name": "\#(name)", "shape": "rect", "fill": "\#(fill)", "frame": {"width": \#(width), "height": \#(height)}}"#
    }

    /// Three boxes in a stack filling the canvas, with 10 points between them and 5 inside its
    /// edges: each alignment across and distribution along, in a row and in a column.
    @Test(arguments: canvases, ["row", "column"])
    func rowsAndColumnsAlignAndDistributeTheirLayers(canvas: (width: Int, height: Int), axis: String) throws {
        let sizes = [
            CGSize(width: 40, height: 20), CGSize(width: 30, height: 50), CGSize(width: 20, height: 10),
        ]
        let isRow = axis == "row"
        let (width, height) = (Double(canvas.width), Double(canvas.height))
        let (innerMain, innerCross) = isRow ? (width - 10, height - 10) : (height - 10, width - 10)
        let lengths = sizes.map { isRow ? $0.width : $0.height }
        let room = innerMain - (lengths.reduce(0, +) + 20)
        let spreads: [(String, lead: Double, gap: Double)] = [
            ("start", 0, 10), ("center", room / 2, 10), ("end", room, 10), ("spaceBetween", 0, 10 + room / 2),
            ("spaceAround", room / 6, 10 + room / 3), ("spaceEvenly", room / 4, 10 + room / 4),
        ]
        let alignments: [(String, (Double) -> Double)] = [
            ("start", { _ in 0 }), ("center", { (innerCross - $0) / 2 }), ("end", { innerCross - $0 }),
        ]
        for (distribution, lead, gap) in spreads {
            for (alignment, offset) in alignments {
                let layers = sizes.enumerated().map {
                    Self.box("L\($0.offset)", $0.element.width, $0.element.height)
                }
                let preset = try CompositionFixture.preset(
                    """
                    [{"type": "stack", "axis": "\(axis)", "size": ["100%", "100%"], "spacing": 10, "padding": 5,
                      "alignment": "\(alignment)", "distribution": "\(distribution)",
                      "layers": [\(layers.joined(separator: ", "))]}]
                    """, width: canvas.width, height: canvas.height)
                let boxes = LayerBoxes(preset, at: 0)
                var along = 5 + lead
                for (index, size) in sizes.enumerated() {
                    let across = 5 + offset(isRow ? size.height : size.width)
                    let expected = CGRect(
                        origin: isRow ? CGPoint(x: along, y: across) : CGPoint(x: across, y: along),
                        size: size)
                    #expect(
                        Self.same(boxes["L\(index)"], expected),
                        "\(axis) \(alignment) \(distribution) \(canvas): L\(index) \(String(describing: boxes["L\(index)"])) ≠ \(expected)"
                    )
                    along += lengths[index] + gap
                }
            }
        }
    }

    /// The boxes are where the pixels are: a red box at the start of a row, 5 points in.
    @Test func aLayerIsDrawnInItsBox() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "axis": "row", "size": ["100%", "100%"], "padding": 5, "alignment": "start",
              "layers": [\(Self.box("A", 40, 20, fill: "#ff0000")), \(Self.box("B", 30, 30, fill: "#00ff00"))]}]
            """, width: 320, height: 180)
        let frame = CompositionFixture.frame(preset, index: 0)
        #expect(frame.redColumns(row: 10) == Array(5..<45))
        #expect((0..<180).filter { frame[10, $0].red > 128 } == Array(5..<25))
        #expect((0..<320).filter { frame[$0, 10].green > 128 } == Array(45..<75))
    }

    /// A stack without a `size` is as large as its layers, padding and spacing, and sits where
    /// its `position` puts it (the canvas's centre); padding is per edge.
    @Test(arguments: canvases)
    func aStackWithoutASizeFitsItsLayers(canvas: (width: Int, height: Int)) throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "name": "S", "axis": "row", "spacing": 10, "padding": [2, 4, 6, 8], "alignment": "end",
              "layers": [\(Self.box("A", 40, 20)), \(Self.box("B", 30, 50))]}]
            """, width: canvas.width, height: canvas.height)
        let boxes = LayerBoxes(preset, at: 0)
        let origin = CGPoint(x: (Double(canvas.width) - 92) / 2, y: (Double(canvas.height) - 58) / 2)
        #expect(Self.same(boxes["S"], CGRect(origin: origin, size: CGSize(width: 92, height: 58))))
        #expect(Self.same(boxes["A"], CGRect(x: origin.x + 8, y: origin.y + 32, width: 40, height: 20)))
        #expect(Self.same(boxes["B"], CGRect(x: origin.x + 58, y: origin.y + 2, width: 30, height: 50)))
    }

    /// A row inside a column: the row is sized by its layers, and the column by the row and
    /// its other layers.
    @Test(arguments: canvases)
    func stacksNest(canvas: (width: Int, height: Int)) throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "name": "Column", "axis": "column", "spacing": 4, "alignment": "start", "layers": [
              {"type": "stack", "name": "Row", "axis": "row", "spacing": 2, "layers": [\(Self.box("A", 10, 10)), \(Self.box("B", 20, 30))]},
              \(Self.box("C", 50, 5))]}]
            """, width: canvas.width, height: canvas.height)
        let boxes = LayerBoxes(preset, at: 0)
        let origin = CGPoint(x: (Double(canvas.width) - 50) / 2, y: (Double(canvas.height) - 39) / 2)
        #expect(Self.same(boxes["Column"], CGRect(origin: origin, size: CGSize(width: 50, height: 39))))
        #expect(Self.same(boxes["Row"], CGRect(origin: origin, size: CGSize(width: 32, height: 30))))
        #expect(Self.same(boxes["A"], CGRect(x: origin.x, y: origin.y + 10, width: 10, height: 10)))
        #expect(Self.same(boxes["B"], CGRect(x: origin.x + 12, y: origin.y, width: 20, height: 30)))
        #expect(Self.same(boxes["C"], CGRect(x: origin.x, y: origin.y + 34, width: 50, height: 5)))
    }

    /// A row that wraps goes on below when the next layer would pass its end: as many 50-point
    /// layers (with 10 between) in a row as fit, rows `lineSpacing` apart.
    @Test(arguments: canvases, ["row", "column"])
    func aWrappingStackGoesOnInAnotherRow(canvas: (width: Int, height: Int), axis: String) throws {
        let isRow = axis == "row"
        let layers = (0..<7).map { Self.box("L\($0)", isRow ? 50 : 20, isRow ? 20 : 50) }
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "axis": "\(axis)", "size": ["100%", "100%"], "spacing": 10, "lineSpacing": 6,
              "wrap": true, "alignment": "start", "layers": [\(layers.joined(separator: ", "))]}]
            """, width: canvas.width, height: canvas.height)
        let boxes = LayerBoxes(preset, at: 0)
        let length = Double(isRow ? canvas.width : canvas.height)
        let perRow = Int((length + 10) / 60)
        for index in 0..<7 {
            let (along, across) = (Double(index % perRow) * 60, Double(index / perRow) * 26)
            let expected =
                isRow
                ? CGRect(x: along, y: across, width: 50, height: 20)
                : CGRect(x: across, y: along, width: 20, height: 50)
            #expect(Self.same(boxes["L\(index)"], expected), "\(axis) \(canvas) L\(index)")
        }
    }

    /// Spacing, padding and sizes relative to the stack's box (it has a `size`) or the canvas.
    @Test(arguments: canvases)
    func lengthsInAStackAreRelativeToItsBox(canvas: (width: Int, height: Int)) throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "axis": "row", "size": ["50%", "100%"], "position": [0, 0], "anchor": "topLeading",
              "spacing": "10%", "padding": ["5%", 0, 0, "10vmin"], "alignment": "start", "layers": [
                {"type": "shape", "name": "A", "shape": "rect", "frame": {"width": "20%", "height": "10%"}},
                {"type": "shape", "name": "B", "shape": "rect", "frame": {"width": 10, "height": 10}}]}]
            """, width: canvas.width, height: canvas.height)
        let boxes = LayerBoxes(preset, at: 0)
        let box = CGSize(width: Double(canvas.width) / 2, height: Double(canvas.height))
        let leading = Double(min(canvas.width, canvas.height)) / 10
        let a = CGRect(x: leading, y: box.height * 0.05, width: box.width * 0.2, height: box.height * 0.1)
        #expect(Self.same(boxes["A"], a))
        #expect(Self.same(boxes["B"], CGRect(x: a.maxX + box.width * 0.1, y: a.minY, width: 10, height: 10)))
    }

    /// An overlay puts each layer in its box by its alignment: each of the nine points.
    @Test(arguments: canvases)
    func anOverlayAlignsItsLayersByAPointOfItsBox(canvas: (width: Int, height: Int)) throws {
        let points: [(String, Double, Double)] = [
            ("topLeading", 0, 0), ("top", 0.5, 0), ("topTrailing", 1, 0), ("leading", 0, 0.5),
            ("center", 0.5, 0.5),
            ("trailing", 1, 0.5), ("bottomLeading", 0, 1), ("bottom", 0.5, 1), ("bottomTrailing", 1, 1),
        ]
        for (name, x, y) in points {
            let preset = try CompositionFixture.preset(
                """
                [{"type": "stack", "axis": "overlay", "size": ["100%", "100%"], "padding": 10, "alignment": "\(name)",
                  "layers": [\(Self.box("A", 40, 20)), \(Self.box("B", 10, 30))]}]
                """, width: canvas.width, height: canvas.height)
            let boxes = LayerBoxes(preset, at: 0)
            let room = CGSize(width: Double(canvas.width) - 20, height: Double(canvas.height) - 20)
            for (layer, size) in [("A", CGSize(width: 40, height: 20)), ("B", CGSize(width: 10, height: 30))]
            {
                let origin = CGPoint(
                    x: 10 + (room.width - size.width) * x, y: 10 + (room.height - size.height) * y)
                #expect(Self.same(boxes[layer], CGRect(origin: origin, size: size)), "\(name) \(layer)")
            }
        }
    }

    /// A shape with no size of its own takes the room its siblings leave: in an overlay, the
    /// box of the others (a button's capsule behind its padded label); in a column, the
    /// column's width (a divider).
    @Test func aShapeWithoutASizeTakesTheRoomItsSiblingsLeave() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "name": "Card", "axis": "column", "spacing": 5, "layers": [
               {"type": "stack", "name": "Button", "axis": "overlay", "layers": [
                  {"type": "shape", "name": "Capsule", "shape": "capsule"},
                  {"type": "stack", "name": "Label", "axis": "row", "padding": [4, 12, 4, 12], "layers": [\(Self.box("Text", 60, 12))]}]},
               {"type": "shape", "name": "Divider", "shape": "rect", "frame": {"height": 2}}]}]
            """, width: 320, height: 180)
        let boxes = LayerBoxes(preset, at: 0)
        let button = try #require(boxes["Button"])
        #expect(button.size == CGSize(width: 84, height: 20))
        #expect(Self.same(boxes["Capsule"], button))
        #expect(Self.same(boxes["Divider"], CGRect(x: button.minX, y: button.maxY + 5, width: 84, height: 2)))
    }
}

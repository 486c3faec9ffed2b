import FlipbookComposition
import FlipbookJSON
import FlipbookPresets
import Foundation
import Testing

/// A composition's `overrides` change it for canvases of some shapes: merged onto the file for
/// the shape `size` (or the file's own) picks, before it is read.
@Suite struct ShapeOverrideTests {
    /// A row of two boxes, a column in portrait, with a wider gap on square canvases and the
    /// second box hidden on canvases between 0.5 and 0.8 (width ÷ height).
    static let text = """
        {"width": 320, "height": 180, "duration": 1, "layers": [
          {"type": "stack", "name": "Main", "axis": "row", "spacing": 10, "layers": [
            {"type": "shape", "name": "A", "shape": "rect", "frame": {"width": 40, "height": 20}},
            {"type": "shape", "name": "B", "shape": "rect", "frame": {"width": 30, "height": 20}}]}],
         "overrides": [
          {"when": {"aspect": "portrait"}, "layers": {"Main": {"axis": "column"}}},
          {"when": {"aspect": "square"}, "layers": {"Main": {"spacing": 50}}},
          {"when": {"aspect": {"min": 0.5, "max": 0.8}}, "layers": {"B": {"visible": false}, "Main": {"spacing": 2}}}
        ]}
        """

    private func boxes(size: (width: Int, height: Int)?) throws -> LayerBoxes {
        LayerBoxes(try Preset.decode(Self.text, file: "p.json", size: size), at: 0)
    }

    @Test func theFilesOwnShapeKeepsTheFile() throws {
        let boxes = try boxes(size: nil)
        #expect(try #require(boxes["B"]).minX == (try #require(boxes["A"]).maxX) + 10, "a row, 10 apart")
    }

    @Test func aPortraitCanvasTakesThePortraitOverride() throws {
        let boxes = try boxes(size: (150, 320))
        let (a, b) = (try #require(boxes["A"]), try #require(boxes["B"]))
        #expect(b.minY == a.maxY + 10, "a column")
        #expect(try Preset.decode(Self.text, file: "p.json", size: (150, 320)).width == 150)
    }

    @Test func aSquareCanvasTakesTheSquareOverride() throws {
        let boxes = try boxes(size: (240, 240))
        #expect(try #require(boxes["B"]).minX == (try #require(boxes["A"]).maxX) + 50)
    }

    /// 1080 × 1350 (0.8) is in the range and portrait: both apply, in order; the hidden box
    /// takes no room, so the column is as tall as the one box left.
    @Test func overridesForEveryShapeACanvasHasApplyInOrder() throws {
        let boxes = try boxes(size: (1080, 1350))
        #expect(boxes["B"] == nil)
        #expect(boxes["Main"]?.size == CGSize(width: 40, height: 20))
        let portrait = try self.boxes(size: (1080, 1920))
        #expect(portrait["B"] == nil, "0.5625 is in the range too")
        let tall = try self.boxes(size: (500, 1100))
        #expect(try #require(tall["B"]).minY == (try #require(tall["A"]).maxY) + 10, "0.45 is not")
    }

    /// Objects merge key by key; anything else replaces; `null` removes a key.
    @Test func anOverrideMergesOntoTheLayerByKey() throws {
        let text = """
            {"width": 100, "height": 200, "duration": 1, "layers": [
              {"type": "text", "name": "T", "text": "x", "font": {"size": 20, "weight": "bold"}, "maxWidth": 50}],
             "overrides": [{"when": {"aspect": "portrait"}, "layers": {"T": {"font": {"size": 10}, "maxWidth": null}}}]}
            """
        let composition = try #require(Preset.decode(text, file: "p.json").scene as? Composition)
        guard case .text(let layer) = composition.layers[0].content else {
            Issue.record("a text")
            return
        }
        #expect(layer.font.size == Length(10))
        #expect(layer.font.weight == 700, "the font's other keys stay")
        #expect(layer.maxWidth == nil)
    }

    /// A mistake in an override is told at its place in the override, whatever the shape.
    @Test func aMistakeInAnOverrideIsToldWhereItIs() {
        let text = """
            {"width": 100, "height": 200, "duration": 1, "layers": [
              {"type": "stack", "name": "Main", "axis": "row", "layers": []}],
             "overrides": [
              {"when": {"aspect": "portrait"},
               "layers": {"Main": {"axis": "diagonal"}}}]}
            """
        let problems = CompositionFixture.problems(text)
        let line = text.split(separator: "\n")[4]
        let column = line.distance(from: line.startIndex, to: line.range(of: "\"diagonal\"")!.lowerBound) + 1
        #expect(problems.count == 1)
        #expect(
            problems.first?.hasPrefix(
                "p.json:5:\(column): layers[0].axis: must be one of row, column, overlay") == true,
            "\(problems)")
    }

    /// Every override is checked on every canvas: its `when`, and that each name it changes is
    /// one layer's.
    @Test func everyOverrideIsCheckedWhateverTheShape() {
        let text = """
            {"width": 300, "height": 200, "duration": 1, "layers": [
              {"type": "shape", "name": "Title", "shape": "rect"},
              {"type": "group", "name": "Twice", "layers": [{"type": "shape", "name": "Twice", "shape": "rect"}]}],
             "overrides": [
              {"when": {"aspect": "portrat"}, "layers": {"Titel": {"opacity": 0.5}}},
              {"when": {"aspect": {"min": 2, "max": 1}}, "layers": {"Twice": {"opacity": 0.5}, "Title": {"type": "text"}}}]}
            """
        let problems = CompositionFixture.problems(text)
        let expected = [
            #"overrides[0].when.aspect: must be one of portrait, landscape, square; did you mean "portrait"?"#,
            #"overrides[0].layers.Titel: no layer is named "Titel"; did you mean "Title"?"#,
            #"overrides[1].when.aspect: "min" is more than "max""#,
            #"overrides[1].layers.Twice: 2 layers are named "Twice" (layers[1], layers[1].layers[0])"#,
            #"overrides[1].layers.Title.type: an override changes a layer's keys, not its kind"#,
        ]
        for message in expected {
            #expect(problems.contains { $0.contains(message) }, "\(message) in \(problems)")
        }
    }
}

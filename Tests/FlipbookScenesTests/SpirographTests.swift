import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON
import FlipbookPresets
import FlipbookScenes
import FlipbookTestSupport
import Foundation
import Testing

@Test func spirographReproducesTheBenchmarkPolyline() throws {
    let text = try String(
        contentsOfFile: RepositoryPaths.path("bench/scenes/spirograph.txt"), encoding: .utf8)
    let expected = text.split(separator: "\n").map { line in
        let values = line.split(separator: " ").compactMap { Double($0) }
        return CGPoint(x: values[0], y: values[1])
    }
    let path = Spirograph(outerRadius: 125, innerRadius: 75, distance: 100, scale: 3)
        .path(in: CGRect(x: 0, y: 0, width: 1920, height: 1080))
    let points = path.elements.compactMap { element -> CGPoint? in
        switch element {
        case .move(let p), .line(let p): return p
        default: return nil
        }
    }
    #expect(points.count == 1885)
    #expect(expected.count == 1885)
    for (point, reference) in zip(points, expected) {
        #expect(abs(point.x - reference.x) < 1e-9 && abs(point.y - reference.y) < 1e-9)
    }
}

@Test func amountDrawsAFractionOfTheCurve() {
    let full = Spirograph(outerRadius: 125, innerRadius: 75, distance: 100)
    var half = full
    half.amount = 0.5
    let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
    #expect(half.path(in: rect).elements.count == 943)
    #expect(full.path(in: rect).elements.count == 1885)
    half.amount = 0
    #expect(half.path(in: rect).elements.count == 1)
}

@Test func spirographPresetsAreValidated() throws {
    let preset = try Preset.decode(
        #"{"scene": "spirograph", "width": 64, "height": 64, "duration": 1, "parameters": {"innerRadius": 40, "lineWidth": 3, "color": "pink"}}"#,
        file: "s.json")
    let scene = try #require(preset.scene as? SpirographScene)
    #expect(scene.spirograph.innerRadius == 40)
    #expect(scene.style.lineWidth == 3)
    #expect(scene.color == .pink)
    #expect(throws: PresetError.self) {
        try Preset.decode(
            #"{"scene": "spirograph", "width": 64, "height": 64, "duration": 1, "parameters": {"innerRadius": 0}}"#,
            file: "s.json")
    }
}

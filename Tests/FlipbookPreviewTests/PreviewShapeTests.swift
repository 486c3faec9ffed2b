import FlipbookTestSupport
import Foundation
import Testing

/// Each shape the studio shows is the composition as `render --size` reads it for that canvas —
/// its `overrides` for the shape applied — not the preset's own layout on another canvas: the
/// layers the page is told of for a shape are where `flipbook inspect --size` puts them, and
/// launch.json's portrait override stacks its logo above its copy in 9:16 while 16:9 keeps them
/// side by side. An override that fails only on one shape is refused naming that shape.
@Test func eachShapeShowsTheCompositionWithItsOverridesForThatShape() throws {
    let server = try PreviewServer()
    defer { _ = server.stop() }
    let host = "127.0.0.1:\(server.port)"
    let frame = 60

    func boxes(_ layers: [[String: Any]]) -> [String: [Double]] {
        Dictionary(
            layers.compactMap { layer -> (String, [Double])? in
                guard let path = layer["path"] as? String, let box = layer["box"] as? [String: Double] else {
                    return nil
                }
                return (path, [box["x"], box["y"], box["width"], box["height"]].map { $0 ?? .nan })
            }
        ) { first, _ in first }
    }
    func studioBoxes(shape: Int) throws -> [String: [Double]] {
        let reply = try #require(
            try RawHTTP.get("/api/inspect?shape=\(shape)&frame=\(frame)", port: server.port, host: host))
        #expect(reply.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
        return boxes(try #require(json["layers"] as? [[String: Any]]))
    }
    /// `flipbook inspect --size`'s boxes, flattened as the studio flattens them.
    func inspectBoxes(size: String) throws -> [String: [Double]] {
        let result = try CommandRunner().run([
            "inspect", server.presetPath, "--size", size, "--time", "\(frame)f", "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        func flattened(_ layers: [[String: Any]]) -> [[String: Any]] {
            layers.flatMap { layer -> [[String: Any]] in
                var entry = layer
                if let box = layer["box"] as? [Double], box.count == 4 {
                    entry["box"] = ["x": box[0], "y": box[1], "width": box[2], "height": box[3]]
                }
                return [entry] + flattened(layer["layers"] as? [[String: Any]] ?? [])
            }
        }
        return boxes(flattened(try #require(json["layers"] as? [[String: Any]])))
    }

    // Shapes: the preset's 960 × 540 (16:9), then 9:16 540 × 960 and 1:1 540 × 540.
    for (shape, size) in [(0, "960x540"), (1, "540x960"), (2, "540x540")] {
        let studio = try studioBoxes(shape: shape)
        let inspected = try inspectBoxes(size: size)
        #expect(studio.count > 5 && Set(studio.keys) == Set(inspected.keys), "shape \(size)")
        for (path, box) in inspected {
            let shown = studio[path] ?? []
            #expect(
                shown.count == 4 && zip(shown, box).allSatisfy { abs($0 - $1) < 0.01 },
                "shape \(size), \(path): the studio has \(shown), inspect \(box)")
        }
    }
    // launch.json's content stack: the mark (layers[2].layers[0]) and the copy (layers[2].layers[1]).
    let (wide, tall) = (try studioBoxes(shape: 0), try studioBoxes(shape: 1))
    let (wideMark, wideCopy) = (
        try #require(wide["layers[2].layers[0]"]), try #require(wide["layers[2].layers[1]"])
    )
    #expect(wideMark[0] + wideMark[2] <= wideCopy[0], "16:9: the mark is left of the copy")
    let (tallMark, tallCopy) = (
        try #require(tall["layers[2].layers[0]"]), try #require(tall["layers[2].layers[1]"])
    )
    #expect(tallMark[1] + tallMark[3] <= tallCopy[1], "9:16: the mark is above the copy")

    // An override wrong only on the portrait canvas: the preview refuses, naming the shape.
    let text = try String(contentsOfFile: server.presetPath, encoding: .utf8)
    let broken = text.replacingOccurrences(
        of: #""Headline": { "alignment": "center", "font": { "size": "14vmin" } }"#,
        with: #""Headline": { "alignment": "center", "font": { "size": "14 parsecs" } }"#)
    #expect(broken != text, "launch.json's portrait headline line changed")
    let brokenPath = try server.folder.write(broken, to: "broken.json")
    let refused = try CommandRunner().run(["preview", brokenPath, "--port", "0"])
    #expect(refused.status == 65)
    #expect(refused.standardError.contains("9:16 540×960"), "\(refused.standardError)")
    #expect(refused.standardError.contains("14 parsecs"), "\(refused.standardError)")
}

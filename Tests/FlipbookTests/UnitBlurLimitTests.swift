import FlipbookTestSupport
import Foundation
import Testing

/// A text whose characters blur one by one costs a blurred layer per character each frame: a
/// thousand characters blurred by 500 points took 25 s a frame. The cost is held to the
/// `painted-area` limit before the first frame (issue 51), and an ordinary headline is not.
private let runner = CommandRunner()

private func textEntering(_ text: String, blur: Int) -> String {
    """
    {"width": 1920, "height": 1080, "fps": 10, "duration": 0.5,
     "layers": [{"type": "text", "text": "\(text)", "font": {"size": 8}, "maxWidth": 1900,
       "enter": {"effect": "blur", "by": "character", "blur": \(blur), "duration": 0.5}}]}
    """
}

@Test func aThousandCharactersBlurredOneByOneAreRefusedBeforeTheFirstFrame() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        textEntering(String(repeating: "abcdefghi ", count: 100), blur: 500), to: "p.json")
    let started = Date()
    let result = try runner.run(["still", preset, "--at", "0.1", "-o", folder.path("p.png")])
    #expect(result.status == 65, "\(result.standardError)")
    #expect(
        result.standardError.contains("layers[0].enter: blurs up to 1000 units of its text one by one")
            && result.standardError.contains("--limit painted-area=N"), "\(result.standardError)")
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(!FileManager.default.fileExists(atPath: folder.path("p.png")))
}

@Test func aHeadlineBlurredInCharacterByCharacterRenders() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(textEntering("Launch day is here", blur: 40), to: "p.json")
    let result = try runner.run(["still", preset, "--at", "0.1", "-o", folder.path("p.png")])
    #expect(result.status == 0, "\(result.standardError)")
}

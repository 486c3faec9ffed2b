import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A text whose entrance goes by character, word or line may have units of colour emoji only,
/// which have no outline: each is scaled about its em box, drawn, and the drawing is the same
/// every time — no "unseeded randomness" warning (issue 51).
private let runner = CommandRunner()

@Test(arguments: ["scale", "slide", "blur", "fade"])
func anEmojiOnlyUnitEntersAndIsDrawn(effect: String) throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        """
        {"width": 160, "height": 90, "fps": 10, "duration": 1, "seed": 1, "background": "#000000",
         "layers": [{"type": "text", "text": "🎉", "font": {"size": 48}, "enter": {"effect": "\(effect)", "by": "character", "duration": 0.5}}]}
        """, to: "p.json")
    let validate = try runner.run(["validate", preset])
    #expect(validate.status == 0, "\(validate.standardError)")
    #expect(!validate.standardError.contains("unseeded"), "\(validate.standardError)")
    let still = try runner.run(["still", preset, "--at", "0.9", "-o", folder.path("after.png")])
    #expect(still.status == 0, "\(still.standardError)")
    #expect(!still.standardError.contains("unseeded"), "\(still.standardError)")
    let picture = try PNGFile.decode(try Data(contentsOf: URL(fileURLWithPath: folder.path("after.png"))))
    var coloured = 0
    for y in 0..<picture.height {
        for x in 0..<picture.width where picture[x, y].red > 60 || picture[x, y].green > 60 { coloured += 1 }
    }
    #expect(coloured > 200, "the emoji is drawn (\(coloured) coloured pixels)")
}

import FlipbookCanvas
import FlipbookJSON
import FlipbookLottie
import FlipbookRaster
import FlipbookRendering
import FlipbookTimeline
import Foundation

/// Small Lottie documents written in the tests, and their frames.
enum LottieFixture {
    /// A document of `width` × `height` at 10 frames per second, frames 0…`outPoint`.
    static func document(
        layers: String, assets: String = "[]", width: Int = 100, height: Int = 100, outPoint: Int = 10
    ) -> String {
        """
        {"v": "5.7.0", "fr": 10, "ip": 0, "op": \(outPoint), "w": \(width), "h": \(height), "assets": \(assets),
         "layers": \(layers)}
        """
    }

    /// A shape layer holding `shapes`, with an optional extra JSON members string.
    static func shapeLayer(_ shapes: String, extra: String = "") -> String {
        """
        {"ty": 4, "nm": "shapes", "ip": 0, "op": 1000, "st": 0, "ks": {}, "shapes": \(shapes)\(extra.isEmpty ? "" : ", " + extra)}
        """
    }

    /// A filled rectangle item of `size` centred at (x, y), in `color` (r, g, b 0…1).
    static func filledRectangle(
        x: Double, y: Double, width: Double, height: Double, color: String = "[1, 0, 0]"
    )
        -> String
    {
        """
        {"ty": "gr", "it": [
          {"ty": "rc", "p": {"a": 0, "k": [\(x), \(y)]}, "s": {"a": 0, "k": [\(width), \(height)]}, "r": {"a": 0, "k": 0}},
          {"ty": "fl", "c": {"a": 0, "k": \(color)}, "o": {"a": 0, "k": 100}},
          {"ty": "tr", "p": {"a": 0, "k": [0, 0]}}
        ]}
        """
    }

    static func animation(_ text: String, file: String = "test.json") throws -> LottieAnimation {
        try LottieAnimation.decode(try JSONParser.parse(text), file: file)
    }

    /// Frame `frame` of the document, drawn on a transparent canvas of its own size.
    static func render(_ text: String, frame: Double, width: Int = 100, height: Int = 100) throws -> Pixmap {
        let animation = try animation(text)
        let scene = LottieScene(animation: animation)
        return scene.renderedFrame(
            at: FrameTime(index: 0, seconds: frame / animation.frameRate), width: width, height: height,
            background: .clear)
    }
}

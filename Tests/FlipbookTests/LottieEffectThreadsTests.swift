import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Frame identity across threads (issue 55) for what draws through offscreen layers and
/// filters: a drop shadow, a Gaussian blur, a feathered and expanded mask, offset paths and a
/// rounded star, all moving, rendered on 1 and on 4 threads decode to the same frames.
@Test func lottieEffectsAndMasksRenderTheSameOnOneAndFourThreads() throws {
    func parameter(_ value: String) -> String { "{\"ty\": 0, \"v\": {\"a\": 0, \"k\": \(value)}}" }
    let shadow = [
        parameter("[0, 0, 0, 1]"), parameter("128"), parameter("135"), parameter("12"), parameter("20"),
        parameter("0"),
    ].joined(separator: ", ")
    let moving =
        "{\"a\": 1, \"k\": [{\"t\": 0, \"s\": [40, 60], \"o\": {\"x\": [0.3], \"y\": [0]}, \"i\": {\"x\": [0.7], \"y\": [1]}}, {\"t\": 30, \"s\": [160, 140]}]}"
    let star = """
        {"ty": "gr", "it": [
          {"ty": "sr", "sy": 1, "p": \(moving), "pt": {"a": 0, "k": 5}, "r": {"a": 0, "k": 0},
           "or": {"a": 0, "k": 50}, "ir": {"a": 0, "k": 25}, "os": {"a": 0, "k": 40}, "is": {"a": 0, "k": 20}},
          {"ty": "op", "a": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [8]}]}, "lj": 2},
          {"ty": "fl", "c": {"a": 0, "k": [0.9, 0.3, 0.1]}, "o": {"a": 0, "k": 100}},
          {"ty": "tr", "p": {"a": 0, "k": [0, 0]}}]}
        """
    let mask = """
        {"mode": "a", "o": {"a": 0, "k": 100}, "x": {"a": 0, "k": 6}, "f": {"a": 0, "k": [14, 14]},
         "pt": {"a": 0, "k": {"c": true, "v": [[20, 20], [180, 20], [180, 180], [20, 180]],
                "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}
        """
    let document = """
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 200, "h": 200, "assets": [],
         "layers": [{"ty": 4, "nm": "star", "ip": 0, "op": 30, "st": 0, "ks": {}, "shapes": [\(star)],
                     "masksProperties": [\(mask)],
                     "ef": [{"ty": 25, "nm": "Drop Shadow", "ef": [\(shadow)]},
                            {"ty": 29, "nm": "Gaussian Blur", "ef": [\(parameter("3")), \(parameter("1"))]}]}]}
        """
    let folder = TemporaryDirectory()
    let file = try folder.write(document, to: "effects.json")
    var hashes: [[UInt64]] = []
    for threads in ["1", "4"] {
        let output = folder.path("t\(threads).mp4")
        let result = try CommandRunner().run(["render", file, "-o", output, "--threads", threads])
        #expect(result.status == 0, "\(result.standardError)")
        hashes.append(try VideoFileReader(path: output).readAllFrames().map(\.contentHash))
    }
    #expect(hashes[0].count == 30)
    #expect(hashes[0] == hashes[1])
    // The frames differ from one another: the star moves and grows.
    #expect(Set(hashes[0]).count > 20)
}

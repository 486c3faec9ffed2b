import FlipbookComposition
import FlipbookPresets
import FlipbookTestSupport
import Foundation
import Testing

/// `Preset.segmentTimes(duration:)` (`Composition.templatedEntrances`): where a render starts a
/// closed segment, so that a batch's rows encode what they draw alike once — at each entrance
/// of a layer that shows a variable given from outside the file, and nowhere for the file as
/// it is.
@Suite struct TemplatedEntranceTests {
    /// The segment times of a 6 s composition of `layers` with variables `name` and `city`,
    /// given `given` (`NAME=VALUE`) as `--set variables.NAME=VALUE` gives them.
    private func times(_ layers: String, given: [String] = [], folder: String = "") throws -> [Double] {
        let text = """
            {"width": 200, "height": 100, "fps": 30, "duration": 6, "background": "black",
             "variables": {"name": "Ada", "city": "Oslo", "brand": "red", "users": 100}, "layers": \(layers)}
            """
        let preset = try Preset.decode(
            text, file: folder.isEmpty ? "test.json" : folder + "/test.json",
            overrides: given.map { try #require(PresetOverride("variables.\($0)")) })
        return preset.segmentTimes(duration: 6)
    }

    private let layers = """
        [{"type": "text", "name": "Opening", "text": "{name}", "start": 0},
         {"type": "text", "name": "Greeting", "text": "Hello {name}", "start": 1},
         {"type": "stack", "name": "Later", "axis": "column", "start": 2, "layers": [
           {"type": "text", "name": "Where", "text": "in {city}", "start": 0.5}]},
         {"type": "text", "name": "Count", "text": "{count:number} users", "start": 3,
          "counters": {"count": [{"t": 0, "value": 0}, {"t": 1, "value": 50}]}}]
        """

    @Test func layersShowingAGivenVariableStartASegmentWhereTheyComeIn() throws {
        // The layer from the start needs none; a group's layer comes in at its group's time.
        #expect(try times(layers, given: ["name=Bo"]) == [1])
        #expect(try times(layers, given: ["city=Rome"]) == [2.5])
        #expect(try times(layers, given: ["name=Bo", "city=Rome"]) == [1, 2.5])
        // The file as it is, or a variable no layer shows (a counter is not one): none.
        #expect(try times(layers) == [])
        #expect(try times(layers, given: ["brand=blue"]) == [])
    }

    /// A counter counting to a variable (`"value": "{users}"`) shows it: a row of another
    /// `users` draws another number from where the counter comes in.
    @Test func aCounterCountingToAGivenVariableStartsOne() throws {
        let counting = """
            [{"type": "text", "name": "Count", "text": "{count:number} users", "start": 3,
              "counters": {"count": [{"t": 0, "value": 0}, {"t": 1, "value": "{users}"}]}}]
            """
        #expect(try times(counting, given: ["users=250"]) == [3])
        #expect(try times(counting, given: ["name=Bo"]) == [])
    }

    @Test func aLoopingLayerStartsOneAtEachPlayUpToTheMost() throws {
        let looping = """
            [{"type": "text", "name": "Blink", "text": "{name}", "start": 0.5, "loop": 0.5}]
            """
        let expected = (1...Composition.maximumTemplatedEntrances).map { Double($0) * 0.5 }
        #expect(try times(looping, given: ["name=Bo"]) == expected)
    }

    @Test func aLottieLayerFilledFromAGivenVariableStartsOne() throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(
            """
            {"v": "5.7.0", "fr": 10, "ip": 0, "op": 20, "w": 100, "h": 100, "assets": [],
             "layers": [{"ty": 4, "nm": "Badge", "ip": 0, "op": 20, "st": 0, "ks": {}, "shapes": [
               {"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [100, 100]}},
               {"ty": "fl", "nm": "Paint", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
            """, to: "badge.json")
        let layers = """
            [{"type": "lottie", "name": "Badge", "file": "badge.json", "start": 1.5, "colors": {"Paint": "{brand}"}}]
            """
        #expect(try times(layers, given: ["brand=blue"], folder: folder.url.path) == [1.5])
        #expect(try times(layers, given: ["name=Bo"], folder: folder.url.path) == [])
    }
}

import FlipbookGeometry
import Foundation
import Testing

/// A sink reports each warning once — the same class, path and message about the same subject —
/// and gives what is reported without a path the path the work is `at`.
@Test func aSinkReportsEachWarningOnceAtItsPath() {
    let heard = Heard()
    let sink = WarningSink { heard.add($0) }
    let layer = sink.about("promo.json").at("layers[2]")
    #expect(layer.report(.textCutOff, "its text is wider than the canvas"))
    #expect(!layer.report(.textCutOff, "its text is wider than the canvas"), "told once")
    // Another path, class or subject is another warning.
    #expect(layer.report(.textCutOff, at: "layers[3]", "its text is wider than the canvas"))
    #expect(layer.report(.textShrunk, "its text is wider than the canvas"))
    #expect(sink.about("other.json").at("layers[2]").report(.textCutOff, "its text is wider than the canvas"))
    // A layer made in code has no path: the sink keeps its own.
    #expect(layer.at("").path == "layers[2]" && sink.at(nil).path == nil)
    #expect(
        heard.lines == [
            "promo.json: layers[2]: its text is wider than the canvas [text-cut-off]",
            "promo.json: layers[3]: its text is wider than the canvas [text-cut-off]",
            "promo.json: layers[2]: its text is wider than the canvas [text-shrunk]",
            "other.json: layers[2]: its text is wider than the canvas [text-cut-off]",
        ])
    #expect(sink.reported.map(\.description) == heard.lines, "in the order reported")
    #expect(sink.wasReported("its text is wider than the canvas"))
    #expect(Warning(.loudness, "too quiet").description == "too quiet [loudness]")
}

/// What is reported while a sink is `current`, however deep, reaches it — at the path it was
/// made `at`; on another thread, its own sink's.
@Test func theCurrentSinkGoesWithTheWork() {
    let sink = WarningSink.discarding()
    sink.at("layers[0]").receiving {
        WarningSink.current.report(.missingGlyphs, "no font has it")
        WarningSink.current.at("layers[0].layers[1]").receiving {
            WarningSink.current.report(.missingGlyphs, "no font has it")
        }
    }
    #expect(sink.reported.map(\.path) == ["layers[0]", "layers[0].layers[1]"])
}

/// Every class has a code of its own, in kebab case, and a summary for the docs.
@Test func everyWarningClassHasItsOwnCode() {
    let codes = WarningClass.allCases.map(\.code)
    #expect(Set(codes).count == codes.count)
    for warningClass in WarningClass.allCases {
        #expect(warningClass.code.wholeMatch(of: /[a-z]+(-[a-z]+)*/) != nil, "\(warningClass)")
        #expect(!warningClass.summary.isEmpty)
    }
}

/// The lines a sink's handler heard, in order (handlers run on the reporting thread).
private final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [String] = []

    func add(_ warning: Warning) { lock.withLock { heard.append(warning.description) } }
    var lines: [String] { lock.withLock { heard } }
}

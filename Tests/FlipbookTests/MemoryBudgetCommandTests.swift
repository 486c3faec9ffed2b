import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// The documents of issue 51's table, each within every limit of its parts and each taking
/// gigabytes or minutes before: run by the real tool under a 1 GB budget, each is rendered or
/// refused (exit 65, naming the JSON path that costs the most), within the budget — the child's
/// own peak, from `wait4` — and within seconds.
private let budget = 1_000_000_000

/// What a table document should come to: refused, naming `path` and saying `mentions`, or
/// rendered.
enum TableOutcome {
    case refused(path: String, mentions: String)
    case rendered
}

/// The table's documents, each written with the files it reads into a folder.
enum TableDocument: String, CaseIterable, Sendable {
    case nestedTurns, sharedPicture, loopingSound, confettiLayers, oneHertzSound, nestedUses

    var outcome: TableOutcome {
        switch self {
        case .nestedTurns: .refused(path: "layers[0]", mentions: "memory budget")
        case .sharedPicture: .rendered
        case .loopingSound: .refused(path: "layers[0].sound", mentions: "limit of 10000 sounds")
        case .confettiLayers: .refused(path: "layers[50].parameters", mentions: "limit of 100000 particles")
        case .oneHertzSound: .refused(path: "audio.tracks[0].file", mentions: "sample rate is 1 Hz")
        case .nestedUses: .refused(path: "layers[0].file", mentions: "<use> elements expand it")
        }
    }

    /// Writes the document and the files it reads into `folder`; returns its preset's path.
    func write(in folder: TemporaryDirectory) throws -> String {
        let canvas = #""width": 1920, "height": 1080, "fps": 30, "duration": 1"#
        switch self {
        case .nestedTurns:
            var layer = #"{"type": "shape", "shape": "rect", "fill": "orange"}"#
            for _ in 0..<15 { layer = #"{"type": "group", "rotationY": 45, "layers": [\#(layer)]}"# }
            return try folder.write("{\(canvas), \"layers\": [\(layer)]}", to: "nested.json")
        case .sharedPicture:
            try PNGFile.write(Pixmap(width: 7000, height: 7000), to: folder.path("big.png"))
            let layers = (0..<12).map {
                #"{"type": "image", "file": "big.png", "size": [400, 400], "position": [\#(100 + 120 * $0), 300]}"#
            }
            return try folder.write(
                "{\(canvas), \"layers\": [\(layers.joined(separator: ","))]}", to: "picture.json")
        case .loopingSound:
            try WAVFile.writeSine(to: folder.path("click.wav"), seconds: 0.1)
            return try folder.write(
                #"{\#(canvas), "layers": [{"type": "shape", "shape": "circle", "loop": 0.00001, "sound": {"file": "click.wav"}}]}"#,
                to: "loop.json")
        case .confettiLayers:
            let layer = #"{"type": "scene", "scene": "confetti", "parameters": {"count": 2000}}"#
            let layers = Array(repeating: layer, count: 2000).joined(separator: ",")
            return try folder.write("{\(canvas), \"layers\": [\(layers)]}", to: "confetti.json")
        case .oneHertzSound:
            // A WAV whose header says 1 Hz: 100 000 samples, a day of sound, 4.8 billion at 48 kHz.
            try WAVFile.writeSine(to: folder.path("slow.wav"), seconds: 100_000, frequency: 0.1, rate: 1)
            return try folder.write(
                #"{\#(canvas), "layers": [{"type": "shape", "shape": "rect"}], "audio": {"tracks": [{"file": "slow.wav"}]}}"#,
                to: "slow.json")
        case .nestedUses:
            // Ten levels of groups, each using the one below ten times: 10¹⁰ elements.
            var svg =
                #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"><defs><rect id="l0" width="1" height="1" fill="red"/>"#
            for level in 1...10 {
                let uses = (0..<10).map { ##"<use xlink:href="#l\##(level - 1)" x="\##($0 % 3)"/>"## }
                    .joined()
                svg += #"<g id="l\#(level)">\#(uses)</g>"#
            }
            svg += ##"</defs><use xlink:href="#l10"/></svg>"##
            _ = try folder.write(svg, to: "uses.svg")
            return try folder.write(
                #"{\#(canvas), "layers": [{"type": "image", "file": "uses.svg", "size": [200, 200]}]}"#,
                to: "uses.json")
        }
    }
}

@Test(arguments: TableDocument.allCases)
func aTableDocumentEndsWithinItsBudgetRenderedOrRefused(_ document: TableDocument) throws {
    let folder = TemporaryDirectory()
    let preset = try document.write(in: folder)
    let output = folder.path("out.mp4")
    for command in [
        ["validate", preset],
        ["render", preset, "-o", output, "--duration", "0.2", "--preset", "ultrafast", "--threads", "2"],
    ] {
        let run = try MeasuredCommand.run(command + ["--memory-limit", "1GB"], timeLimit: 30)
        let label = "\(document) \(command[0])"
        #expect(run.exited && !run.timedOut, "\(label): \(run.standardError)")
        #expect(
            run.peakBytes > 1 << 20 && run.peakBytes < budget, "\(label): peaked at \(run.peakBytes) bytes")
        #expect(run.seconds < 20, "\(label): took \(run.seconds) s")
        switch document.outcome {
        case .refused(let path, let mentions):
            #expect(run.status == 65, "\(label): \(run.standardError)")
            #expect(run.standardError.contains(": \(path): "), "\(label): \(run.standardError)")
            #expect(run.standardError.contains(mentions), "\(label): \(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: output))
        case .rendered:
            // Validated with a worker per core: on a machine of many, the budget may not fit.
            let fitted =
                run.status == 0 || command[0] == "validate" && run.standardError.contains("memory budget")
            #expect(fitted && (run.status == 0 || run.status == 65), "\(label): \(run.standardError)")
        }
    }
}

/// The budget is the one given, in decimal or binary units; a size that is none is a usage
/// error naming the option.
@Test func theMemoryLimitTakesSizesInEitherUnit() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"scene": "triangle", "width": 64, "height": 36, "fps": 10, "duration": 0.2}"#, to: "p.json")
    let runner = CommandRunner()
    let binary = try runner.run([
        "render", preset, "-o", folder.path("x.mp4"), "--dry-run", "--memory-limit", "1.5GiB",
    ])
    #expect(binary.status == 0, "\(binary.standardError)")
    #expect(binary.standardError.contains("of the 1.5 GiB memory budget"), "\(binary.standardError)")
    let decimal = try runner.run(["validate", preset, "--memory-limit", "512MB"])
    #expect(decimal.standardOutput.contains("of the 512 MB memory budget"), "\(decimal.standardOutput)")
    for bad in ["lots", "12XB", "-1GB", "0", "100"] {
        let result = try runner.run(["validate", preset, "--memory-limit", bad])
        #expect(result.status == 64, "\(bad): \(result.standardError)")
        #expect(result.standardError.contains("--memory-limit expects"), "\(bad): \(result.standardError)")
    }
}

/// A render over its budget is refused before anything is written, with the figures and the
/// layer that takes the most; a batch's renders at once share the budget.
@Test func aRenderOverItsBudgetIsRefusedBeforeItsFirstFrame() throws {
    let folder = TemporaryDirectory()
    var layer = #"{"type": "text", "text": "Hello"}"#
    // Eight turned groups: more than the render's own share (its workers' frames, masks and
    // caches), so that the refusal names the layer.
    for _ in 0..<8 { layer = #"{"type": "group", "rotationX": 30, "layers": [\#(layer)]}"# }
    let preset = try folder.write(
        #"{"width": 1280, "height": 720, "fps": 30, "duration": 1, "layers": [\#(layer)]}"#, to: "p.json")
    let runner = CommandRunner()
    let flags = ["--threads", "2", "--preset", "ultrafast"]
    let refused = try runner.run(
        ["render", preset, "-o", folder.path("x.mp4"), "--memory-limit", "200MB"] + flags)
    #expect(refused.status == 65, "\(refused.standardError)")
    #expect(refused.standardError.contains("over the 200 MB memory budget (--memory-limit)"))
    #expect(refused.standardError.contains("p.json: layers[0]: needs about"), "\(refused.standardError)")
    #expect(refused.standardError.contains("(8 times)"), "\(refused.standardError)")
    #expect(folder.contents() == ["p.json"])
    let fits = try runner.run(
        ["render", preset, "-o", folder.path("x.mp4"), "--memory-limit", "2GB", "-q"] + flags)
    #expect(fits.status == 0, "\(fits.standardError)")
    let shared = try runner.run([
        "batch", preset, "-o", folder.path("out"), "--jobs", "64", "--memory-limit", "2GB", "--dry-run",
    ])
    #expect(shared.status == 65, "\(shared.standardError)")
    #expect(shared.standardError.contains("--memory-limit shared by --jobs 64"), "\(shared.standardError)")
}

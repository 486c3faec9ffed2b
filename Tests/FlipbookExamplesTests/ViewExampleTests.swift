import Flipbook
import FlipbookTestSupport
import Foundation
import Synchronization
import Testing

// Views in SwiftUI's usual shape (issue 52 §3): the guide's example compiles as written, renders
// at its ideal size through `ImageRenderer`, and renders into video with time flowing into the
// timelines inside.

/// The Swift code blocks of the section of docs/porting-from-swiftui.md titled `title`.
private func documentedCode(section title: String) throws -> [String] {
    let guide = try String(
        contentsOfFile: RepositoryPaths.path("docs/porting-from-swiftui.md"), encoding: .utf8)
    var blocks: [String] = []
    var inSection = false
    var block: [Substring]?
    for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("## ") { inSection = line == "## \(title)" }
        guard inSection else { continue }
        if line == "```swift" {
            block = []
        } else if line == "```", let finished = block {
            blocks.append(finished.joined(separator: "\n"))
            block = nil
        } else {
            block?.append(line)
        }
    }
    return blocks
}

@Test func theGuidesViewExampleIsTheCodeTheseTestsCompile() throws {
    let blocks = try documentedCode(section: "Views and stacks")
    let compiled = try String(
        contentsOfFile: RepositoryPaths.path("Tests/FlipbookExamplesTests/ViewExamples.swift"),
        encoding: .utf8)
    #expect(!blocks.isEmpty)
    for block in blocks {
        #expect(
            compiled.contains(block),
            "docs/porting-from-swiftui.md shows code ViewExamples.swift lacks:\n\(block)")
    }
}

@Test func aCardRendersAtItsIdealSizeWithItsCanvasFillingItsFrame() {
    let renderer = ImageRenderer(content: Card())
    #expect(renderer.proposedSize == .unspecified)
    let card = renderer.pixmap
    #expect(card.width == 200 && card.height == 100)
    #expect(card[100, 50] == Color.indigo.premultiplied)
    #expect(card[0, 0].alpha == 0)  // the rounded corner
    renderer.scale = 2
    #expect(renderer.pixmap.width == 400 && renderer.pixmap.height == 200)
    // Offered a size, a view takes what it chooses: the card keeps its frame, centred.
    let centred = ImageRenderer(content: Card().frame(maxWidth: .infinity, maxHeight: .infinity))
    centred.proposedSize = ProposedViewSize(width: 300, height: 200)
    let placed = centred.pixmap
    #expect(placed.width == 300 && placed.height == 200)
    #expect(placed[51, 100] == Color.indigo.premultiplied && placed[49, 100].alpha == 0)
}

@Test func theScoreboardRendersAsItsReference() {
    let renderer = ImageRenderer(content: Scoreboard())
    let scoreboard = renderer.pixmap
    let ideal = Scoreboard().size()
    #expect(
        scoreboard.width == Int(ideal.width.rounded()) && scoreboard.height == Int(ideal.height.rounded()))
    let result = Snapshot.check(
        scoreboard, folder: "Tests/FlipbookExamplesTests", feature: "views", name: "scoreboard")
    #expect(result.failure == nil, "\(result.failure ?? "")")
}

@Test func theGuidesScoreboardRendersAStillAndAVideo() async throws {
    let folder = TemporaryDirectory()
    try await renderScoreboard(into: folder.url)
    let picture = try PNGFile.read(folder.path("scoreboard.png"))
    let ideal = Scoreboard().size()
    #expect(
        picture.width == Int((ideal.width * 2).rounded())
            && picture.height == Int((ideal.height * 2).rounded()))
    #expect(FileManager.default.fileExists(atPath: folder.path("scoreboard.mp4")))
}

/// Keeps the frames a render sends it. Unchecked: the encoder thread writes them, and the test
/// reads them only after the export has finished.
private final class CollectingSink: FrameSink, @unchecked Sendable {
    var frames: [Pixmap] = []

    func write(_ frame: VideoFrame) throws {
        if case .rgba(let pixmap) = frame { frames.append(pixmap) }
    }

    func finish() throws {}
}

@Test func aViewSceneRendersThroughThePipelineWithTimeFlowingIntoItsTimelines() async throws {
    let changing = VStack(spacing: 0) {
        Color.white.frame(width: 20, height: 10)
        TimelineView(.periodic(from: FrameTime.startDate, by: 0.5)) { timeline in
            (timeline.seconds < 0.5 ? Color.blue : Color.red).frame(width: 20, height: 10)
        }
    }
    let sampler = try #require(TimelineSampler(frameRate: FrameRate(10)!, durationSeconds: 1))
    let export = VideoExport(scene: changing.scene, sampler: sampler, width: 40, height: 40)
    let sink = CollectingSink()
    try await export.run(into: { sink }, input: .rgba)
    #expect(sink.frames.count == 10)
    // The 20 × 20 column is centred in the 40 × 40 frame: the timeline's half is its lower one.
    #expect(sink.frames.first?[20, 25] == Color.blue.premultiplied)
    #expect(sink.frames.last?[20, 25] == Color.red.premultiplied)
    #expect(sink.frames.last?[20, 15] == Color.white.premultiplied)
    #expect(sink.frames.last?[5, 5] == Color.black.premultiplied)
}

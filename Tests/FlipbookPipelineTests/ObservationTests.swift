import FlipbookCanvas
import FlipbookGeometry
import FlipbookPipeline
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Observation
import Synchronization
import Testing

/// The scene's inputs, as a SwiftUI view would keep them.
@Observable
final class Headline {
    var title = "Hello"
    var progress = 0.25
}

/// Three named layers: a static background, a title that reads `model.title`, and a bar that
/// reads `model.progress`. The title changes at 1 s; the progress at 1.5 s.
struct HeadlineScene: ModelScene {
    func makeModel() -> Headline { Headline() }

    func update(_ model: Headline, at time: FrameTime) {
        model.title = time.seconds < 1 ? "Hello" : "Hello, world"
        model.progress = time.seconds < 1.5 ? 0.25 : 0.75
    }

    func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime, model: Headline) {
        context.drawLayer(named: "Background") { layer in
            layer.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.indigo))
        }
        context.drawLayer(named: "Title") { layer in
            let width = Double(model.title.count) * 8
            layer.fill(Path(CGRect(x: 10, y: 10, width: width, height: 12)), with: .color(.white))
        }
        context.drawLayer(named: "Bar") { layer in
            layer.fill(
                Path(CGRect(x: 10, y: 40, width: 100 * model.progress, height: 6)), with: .color(.orange))
        }
    }
}

@Test func changingAModelPropertyRedrawsOnlyTheLayerThatReadItAndSaysWhich() async throws {
    let folder = TemporaryDirectory()
    var export = VideoExport(
        scene: HeadlineScene(), sampler: TimelineSampler(frameRate: FrameRate(4)!, durationSeconds: 2)!,
        width: 128,
        height: 64)
    export.output.preset = "ultrafast"
    // One worker, so frames are drawn in order and frame 6 (not 7) is the one that draws the
    // new picture; with more, whichever comes first draws it and the other reuses it.
    export.renderThreads = 1
    let reports = Mutex<[FrameReport]>([])
    let summary = try await export.run(to: URL(fileURLWithPath: folder.path("headline.mp4"))) { progress in
        reports.withLock { $0.append(progress.report) }
    }
    let frames = reports.withLock { $0 }
    #expect(frames.count == 8)
    // Three pictures: before 1 s, from 1 s, from 1.5 s.
    #expect(summary.framesDrawn == 3)
    #expect(frames[1].outcome == .reused(from: 0))

    let titleChange = frames[4]
    #expect(titleChange.wasRedrawn)
    #expect(
        titleChange.layers == [
            .init(name: "Background", reused: true),
            .init(name: "Title", reused: false, reason: "model.title changed"),
            .init(name: "Bar", reused: true),
        ])
    #expect(titleChange.description.contains("Title: redrawn (model.title changed)"))

    let progressChange = frames[6]
    #expect(
        progressChange.layers == [
            .init(name: "Background", reused: true),
            .init(name: "Title", reused: true),
            .init(name: "Bar", reused: false, reason: "model.progress changed"),
        ])
}

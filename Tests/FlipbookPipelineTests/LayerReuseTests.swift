import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookGeometry
import FlipbookPipeline
import FlipbookRaster
import FlipbookScenes
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Synchronization
import Testing

private func chartExport(caching: Bool, threads: Int = 2) -> VideoExport {
    var export = VideoExport(
        scene: ChartScene(pointCount: 2000, seed: 3, sweepSeconds: 1),
        sampler: TimelineSampler(frameRate: FrameRate(30)!, durationSeconds: 1)!, width: 320, height: 180,
        background: .white)
    export.output.preset = "ultrafast"
    export.output.crf = 0
    export.caching = caching
    export.renderThreads = threads
    return export
}

@Test func aStaticLayerIsDrawnOnceAndTheMovingLayerEveryFrame() async throws {
    let folder = TemporaryDirectory()
    let reports = Mutex<[FrameReport]>([])
    let summary = try await chartExport(caching: true).run(to: URL(fileURLWithPath: folder.path("chart.mp4")))
    {
        progress in reports.withLock { $0.append(progress.report) }
    }
    let frames = reports.withLock { $0 }
    #expect(frames.count == 30)
    #expect(summary.layersDrawn == 31)  // the chart once, the marker in each of 30 frames
    #expect(summary.layersReused == 29)
    for frame in frames.dropFirst(2) {
        #expect(frame.layers.map(\.name) == ["Chart", "Marker"])
        #expect(frame.layers.map(\.reused) == [true, false])
        #expect(frame.description.contains("Chart: reused  Marker: redrawn (timeline.date changed)"))
    }
}

@Test func layerCachingDoesNotChangeAPixel() async throws {
    let folder = TemporaryDirectory()
    var hashes: [[UInt64]] = []
    for (caching, threads) in [(true, 1), (false, 1), (true, 3)] {
        let path = folder.path("chart-\(caching)-\(threads).mp4")
        try await chartExport(caching: caching, threads: threads).run(to: URL(fileURLWithPath: path))
        hashes.append(try VideoFileReader(path: path).readAllFrames().map(\.contentHash))
    }
    #expect(hashes[0].count == 30)
    #expect(hashes[0] == hashes[1] && hashes[0] == hashes[2])
}

@Test func aLayerIsCompositedWithTheContextsOpacity() {
    let pixmap = Canvas { context, _ in
        context.opacity = 0.5
        context.drawLayer { layer in
            // Two overlapping opaque squares inside one layer: the overlap must not be darker,
            // because the layer is composited as a whole at half opacity.
            layer.fill(Path(CGRect(x: 0, y: 0, width: 6, height: 8)), with: .color(.white))
            layer.fill(Path(CGRect(x: 2, y: 0, width: 6, height: 8)), with: .color(.white))
        }
    }.rendered(width: 8, height: 8)
    #expect(pixmap[1, 4].alpha == 128)
    #expect(pixmap[4, 4].alpha == 128)
}

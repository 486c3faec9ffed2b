import FlipbookFFmpeg
import FlipbookPipeline
import FlipbookScenes
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Synchronization
import Testing

/// `ExportGroup`: exports of one timeline rendered in one stage write the files they write
/// alone, and one of them stopping leaves the others to finish.
@Suite struct ExportGroupTests {
    /// A 1 s chart at 320 × 180 from `seed`: each seed draws its own chart.
    private func chart(seed: UInt64) -> VideoExport {
        var export = VideoExport(
            scene: ChartScene(pointCount: 400, seed: seed, sweepSeconds: 1),
            sampler: TimelineSampler(frameRate: FrameRate(30)!, durationSeconds: 1)!, width: 320, height: 180,
            background: .white)
        export.output.preset = "ultrafast"
        export.renderThreads = 2
        return export
    }

    @Test func eachExportIsTheFileItWritesAlone() async throws {
        let folder = TemporaryDirectory()
        let seeds: [UInt64] = [1, 2, 3]
        let group = ExportGroup(
            seeds.map { chart(seed: $0) },
            to: seeds.map { URL(fileURLWithPath: folder.path("together-\($0).mp4")) })
        let results = await group.run(
            progress: seeds.map { _ in { _ in } }, rendered: seeds.map { _ in { _ in } })
        for (seed, result) in zip(seeds, results) {
            let summary = try result.get()
            #expect(summary.frameCount == 30)
            let alone = URL(fileURLWithPath: folder.path("alone-\(seed).mp4"))
            try await chart(seed: seed).run(to: alone)
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: folder.path("together-\(seed).mp4")))
                    == Data(contentsOf: alone))
        }
    }

    @Test func anExportStoppedMidwayEndsAloneAndLeavesNoFile() async throws {
        let folder = TemporaryDirectory()
        let seeds: [UInt64] = [4, 5, 6]
        let group = ExportGroup(
            seeds.map { chart(seed: $0) },
            to: seeds.map { URL(fileURLWithPath: folder.path("row-\($0).mp4")) })
        let encoded = Mutex([0, 0, 0])
        let results = await group.run(
            progress: seeds.indices.map { row in
                { _ in
                    let count = encoded.withLock { counts in
                        counts[row] += 1
                        return counts[row]
                    }
                    if row == 1, count == 10 { group.stop(1) }
                }
            },
            rendered: seeds.map { _ in { _ in } })
        #expect(throws: CancellationError.self) { try results[1].get() }
        #expect(encoded.withLock { $0[1] } < 30)
        for row in [0, 2] {
            #expect(try results[row].get().frameCount == 30)
            let alone = URL(fileURLWithPath: folder.path("alone.mp4"))
            try await chart(seed: seeds[row]).run(to: alone)
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: folder.path("row-\(seeds[row]).mp4")))
                    == Data(contentsOf: alone))
        }
        #expect(folder.contents().sorted() == ["alone.mp4", "row-4.mp4", "row-6.mp4"])
    }
}

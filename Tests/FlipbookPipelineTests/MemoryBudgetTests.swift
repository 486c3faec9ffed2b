import FlipbookCanvas
import FlipbookPipeline
import FlipbookRaster
import FlipbookScenes
import FlipbookTimeline
import Foundation
import Testing

/// The memory budget: sizes as people write them, the render's own share, and the part of a
/// document a refusal names.
@Suite struct MemoryBudgetTests {
    @Test func sizesReadInDecimalAndBinaryUnits() {
        #expect(MemoryBudget(parsing: "2GB")?.bytes == 2_000_000_000)
        #expect(MemoryBudget(parsing: "512MB")?.bytes == 512_000_000)
        #expect(MemoryBudget(parsing: "1.5GiB")?.bytes == 3 << 29)
        #expect(MemoryBudget(parsing: "8 gib")?.bytes == 8 << 30)
        #expect(MemoryBudget(parsing: "1500000000")?.bytes == 1_500_000_000)
        for bad in ["", "GB", "-1GB", "12XB", "1e3", "0", "999999", "2PB", "nan"] {
            #expect(MemoryBudget(parsing: bad) == nil, "\(bad)")
        }
        #expect(MemoryEstimate.format(8 << 30) == "8 GiB")
        #expect(MemoryEstimate.format(3 << 29) == "1.5 GiB")
        #expect(MemoryEstimate.format(6_400_000_000) == "6.4 GB")
        #expect(MemoryEstimate.format(512_000_000) == "512 MB")
    }

    /// By default half the machine's memory, never more than 8 GiB.
    @Test func theDefaultIsHalfTheMachineAtMostEightGiB() {
        let budget = MemoryBudget.machineDefault.bytes
        #expect(budget <= 8 << 30)
        #expect(budget <= Int(ProcessInfo.processInfo.physicalMemory) / 2)
        #expect(budget >= 1 << 20)
    }

    /// The render's own share follows its threads and frame size; a confetti scene's particles
    /// are each worker's.
    @Test func theEstimateFollowsThreadsAndParticles() throws {
        let rate = try #require(FrameRate(30))
        let sampler = try #require(TimelineSampler(frameRate: rate, durationSeconds: 1))
        var few = ConfettiScene.Configuration()
        few.count = 100
        var many = few
        many.count = 100_000
        var export = VideoExport(scene: ConfettiScene(few), sampler: sampler, width: 1920, height: 1080)
        export.renderThreads = 1
        let one = export.memoryEstimate.bytes(workers: export.memoryWorkers)
        export.renderThreads = 4
        let four = export.memoryEstimate.bytes(workers: export.memoryWorkers)
        #expect(four - one >= 3 * 1920 * 1080 * 4)
        export.scene = ConfettiScene(many)
        let crowded = export.memoryEstimate.bytes(workers: export.memoryWorkers)
        #expect(crowded - four >= 99_900 * (4 * 512 + 1024))
    }

    /// Every worker's rasterizer keeps spare mask arrays (a byte a pixel) and its caches
    /// between frames: they are counted once per worker, and the arrays grow with the frame.
    @Test func theRasterizersSpareMasksAndCachesAreCountedPerWorker() throws {
        let rate = try #require(FrameRate(30))
        let sampler = try #require(TimelineSampler(frameRate: rate, durationSeconds: 1))
        var export = VideoExport(
            scene: ConfettiScene(ConfettiScene.Configuration()), sampler: sampler, width: 1920, height: 1080)
        export.renderThreads = 2
        let kept = try #require(
            export.memoryEstimate.items.first { $0.what.contains("its rasterizer keeps") })
        #expect(kept.perWorker)
        #expect(kept.bytes == Rasterizer.keptBytes(width: 1920, height: 1080))
        // Four mask arrays of the frame's size at least, and the caches' 24 MB.
        #expect(kept.bytes >= 4 * 1920 * 1080 + 24 << 20)
        let larger = Rasterizer.keptBytes(width: 3840, height: 2160)
        #expect(larger - kept.bytes == 4 * (3840 * 2160 - 1920 * 1080))
    }

    /// A refusal names the part that takes the most: the outermost of equally costly nested
    /// parts, a costly layer within a plain group, the list of many cheap ones, or the render.
    @Test func aRefusalNamesThePartThatTakesTheMost() throws {
        func estimate(_ parts: [(String, Int)], render: Int = 0) -> MemoryEstimate {
            var estimate = MemoryEstimate()
            for (path, bytes) in parts {
                estimate.add("a canvas", bytes: bytes, path: path, perWorker: false)
            }
            estimate.add("the encoder", bytes: render, perWorker: false)
            return estimate
        }
        let nested = estimate([
            ("layers[0]", 10), ("layers[0].layers[0]", 10), ("layers[0].layers[0].layers[0]", 10),
        ])
        #expect(nested.largest(workers: 1)?.path == "layers[0]")
        #expect(nested.largest(workers: 1)?.bytes == 30)
        let group = estimate([("layers[0]", 5), ("layers[3]", 10), ("layers[3].layers[0]", 600)])
        #expect(group.largest(workers: 1)?.path == "layers[3].layers[0]")
        let many = estimate((0..<50).map { ("layers[\($0)]", 10) })
        #expect(many.largest(workers: 1)?.path == "layers")
        let render = estimate([("layers[0]", 10)], render: 500)
        #expect(render.largest(workers: 1)?.path == "")
        let budget = MemoryBudget(bytes: 100)
        #expect {
            try budget.check(group, workers: 1, file: "p.json")
        } throws: { error in
            (error as? MemoryBudget.Exceeded)?.text(option: "--memory-limit").hasPrefix(
                "p.json: layers[3].layers[0]: needs about 615 bytes, over the 100 bytes memory budget (--memory-limit)"
            )
                == true
        }
    }
}

import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookGeometry
import FlipbookPipeline
import FlipbookScenes
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Synchronization
import Testing

/// Runs `export` and returns every frame's report, in order.
private func reports(of export: VideoExport, in folder: TemporaryDirectory, name: String) async throws
    -> [FrameReport]
{
    let collected = Mutex<[FrameReport]>([])
    try await export.run(to: URL(fileURLWithPath: folder.path(name))) { progress in
        collected.withLock { $0.append(progress.report) }
    }
    return collected.withLock { $0 }
}

private func export(_ scene: any AnimatedScene, seconds: Double, threads: Int = 2) -> VideoExport {
    var export = VideoExport(
        scene: scene, sampler: TimelineSampler(frameRate: FrameRate(60)!, durationSeconds: seconds)!,
        width: 160,
        height: 120)
    export.output.preset = "ultrafast"
    export.renderThreads = threads
    export.framesInFlight = 2 * threads + 2
    return export
}

@Test func aOneHertzClockAtSixtyFramesPerSecondDrawsOnlyItsTicks() async throws {
    let folder = TemporaryDirectory()
    let frames = try await reports(of: export(ClockScene(), seconds: 5), in: folder, name: "clock.mp4")
    #expect(frames.count == 300)
    let drawn = frames.filter(\.wasRedrawn)
    #expect(drawn.count <= 6)
    #expect(drawn.map(\.index) == [0, 60, 120, 180, 240])
    #expect(drawn.dropFirst().allSatisfy { $0.outcome == .redrawn(reason: "timeline.date changed") })
    #expect(frames[61].outcome == .reused(from: 60))
}

@Test func reportsReadTheSameInFrameOrderWhicheverWorkerWinsARace() async throws {
    // Frames 60 and 61 of a 1 Hz clock draw the same. Either worker may claim the drawing first;
    // the reports must still say that frame 60 drew it and frame 61 reused it, on every run.
    let folder = TemporaryDirectory()
    var runs: [[FrameReport]] = []
    for run in 0..<12 {
        runs.append(
            try await reports(
                of: export(ClockScene(), seconds: 3, threads: 4), in: folder, name: "clock\(run).mp4"))
    }
    for frames in runs {
        #expect(frames.filter(\.wasRedrawn).map(\.index) == [0, 60, 120])
        #expect(
            frames.allSatisfy { frame in
                guard case .reused(let source) = frame.outcome else { return true }
                return source < frame.index
            })
        let sameAsFirstRun = frames == runs[0]
        #expect(sameAsFirstRun)
    }
}

@Test func aPausedTimelineDrawsOneFrame() async throws {
    let folder = TemporaryDirectory()
    let paused = TimelineView(.animation(paused: true)) { timeline in
        Canvas { context, size in
            let x = 20 + timeline.seconds * 50
            context.fill(Path(ellipseIn: CGRect(x: x, y: 40, width: 30, height: 30)), with: .color(.indigo))
        }
    }
    let frames = try await reports(of: export(paused, seconds: 2), in: folder, name: "paused.mp4")
    #expect(frames.filter(\.wasRedrawn).count == 1)
    #expect(frames.count == 120)
}

@Test func cachingOnAndOffAndOneOrFourThreadsGiveTheSameFrames() async throws {
    let folder = TemporaryDirectory()
    var hashes: [[UInt64]] = []
    var files: [Data] = []
    for (caching, threads) in [(true, 1), (false, 1), (true, 4), (false, 4)] {
        var export = export(ClockScene(interval: 0.25), seconds: 1.5, threads: threads)
        export.caching = caching
        export.output.crf = 0  // lossless, so equal pictures decode equal and can be counted
        let name = "clock-\(caching)-\(threads).mp4"
        try await export.run(to: URL(fileURLWithPath: folder.path(name)))
        hashes.append(try VideoFileReader(path: folder.path(name)).readAllFrames().map(\.contentHash))
        files.append(try Data(contentsOf: URL(fileURLWithPath: folder.path(name))))
    }
    #expect(hashes[0].count == 90)
    #expect(Set(hashes[0]).count == 6)
    #expect(hashes.allSatisfy { $0 == hashes[0] })
    #expect(files.allSatisfy { $0 == files[0] })
}

@Test func withCachingOffEveryFrameIsDrawn() async throws {
    let folder = TemporaryDirectory()
    var uncached = export(ClockScene(), seconds: 1)
    uncached.caching = false
    let frames = try await reports(of: uncached, in: folder, name: "all.mp4")
    // Every frame reported (an empty list would satisfy the check below), and each redrawn.
    #expect(frames.count == uncached.sampler.frameCount && !frames.isEmpty)
    #expect(frames.allSatisfy { $0.wasRedrawn })
}

/// A white square `width` px wide moving right at `speed` px/s on black.
private struct MovingSquare: AnimatedScene {
    var speed: Double
    var width: Double

    func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        context.fill(
            Path(CGRect(x: 20 + speed * time.seconds, y: 40, width: width, height: 40)), with: .color(.white))
    }
}

@Test func motionBlurSmearsASquareOverSpeedTimesShutterTime() async throws {
    let folder = TemporaryDirectory()
    // 1200 px/s at 60 fps with a 180° shutter: open for 1/120 s, a 10 px smear.
    var blurred = export(MovingSquare(speed: 1200, width: 20), seconds: 0.1)
    blurred.motionBlur = MotionBlur(samples: 64, shutterAngle: 180)
    blurred.output.crf = 0
    let path = folder.path("blur.mp4")
    try await blurred.run(to: URL(fileURLWithPath: path))
    let frame = try #require(try VideoFileReader(path: path).readAllFrames().dropFirst(3).first)
    // Frame 3 (t = 0.05 s): the square starts at 80 px; the smear adds 10 px.
    let row = (0..<160).map { Double(frame.planes[0][60 * frame.planeWidths[0] + $0]) - 16 }
    let covered = row.reduce(0) { $0 + $1 / 219 }
    let extent = Double(row.lastIndex { $0 > 2 }! - row.firstIndex { $0 > 2 }! + 1)
    #expect(abs(covered - 20) < 0.5)  // the area is conserved: the square is only smeared
    #expect(abs(extent - 30) <= 1)  // 20 px square + 10 px smear, within a pixel
    let partial = row.filter { $0 > 2 && $0 < 217 }.count
    #expect(abs(Double(partial) - 20) <= 2)  // a 10 px ramp on each side
}

@Test func motionBlurIsDeterministic() async throws {
    let folder = TemporaryDirectory()
    var hashes: [[UInt64]] = []
    for threads in [1, 3] {
        var blurred = export(MovingSquare(speed: 600, width: 10), seconds: 0.2, threads: threads)
        blurred.motionBlur = MotionBlur(samples: 8)
        let path = folder.path("blur\(threads).mp4")
        try await blurred.run(to: URL(fileURLWithPath: path))
        hashes.append(try VideoFileReader(path: path).readAllFrames().map(\.contentHash))
    }
    #expect(hashes[0] == hashes[1])
}

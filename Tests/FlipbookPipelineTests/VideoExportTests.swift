import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookPipeline
import FlipbookScenes
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Synchronization
import Testing

private let background = Color(hex: "#101018")!

private func confettiExport(threads: Int, seconds: Double = 3) -> VideoExport {
    var configuration = ConfettiScene.Configuration()
    configuration.seed = 42
    configuration.pieceSize = CGSize(width: 6, height: 3)
    var export = VideoExport(
        scene: ConfettiScene(configuration),
        sampler: TimelineSampler(frameRate: FrameRate(30)!, durationSeconds: seconds)!,
        width: 320, height: 180, background: background)
    export.output.preset = "ultrafast"
    export.renderThreads = threads
    export.framesInFlight = 2 * threads + 1
    return export
}

/// Whether `rgb` is close to one of the seven confetti colours (allowing for colour
/// subsampling and compression).
private func isConfettiColour(_ rgb: (red: Double, green: Double, blue: Double)) -> Bool {
    ConfettiScene.Configuration().colors.contains { color in
        abs(rgb.red - color.red * 255) < 40 && abs(rgb.green - color.green * 255) < 40
            && abs(rgb.blue - color.blue * 255) < 40
    }
}

@Test func confettiIsColourfulNearTheBurstEarlyAndFadedNearTheEnd() async throws {
    let folder = TemporaryDirectory()
    let path = folder.path("confetti.mp4")
    try await confettiExport(threads: 2).run(to: URL(fileURLWithPath: path))
    let frames = try VideoFileReader(path: path).readAllFrames()
    #expect(frames.count == 90)

    // Frame 3 (t = 0.1 s): pieces are within ~50 px of the centre (160, 90).
    var colourful = 0
    for y in stride(from: 40, to: 140, by: 2) {
        for x in stride(from: 110, to: 210, by: 2) where isConfettiColour(frames[3].rgb(x: x, y: y)) {
            colourful += 1
        }
    }
    #expect(colourful > 40)

    // Frame 87 (t = 2.9 s): opacity 1 − 2.9/3 ≈ 3 %, so nothing stands out from the background.
    var largest = 0.0
    for y in stride(from: 0, to: 180, by: 2) {
        for x in stride(from: 0, to: 320, by: 2) {
            let rgb = frames[87].rgb(x: x, y: y)
            largest = max(
                largest, abs(rgb.red - background.red * 255), abs(rgb.green - background.green * 255),
                abs(rgb.blue - background.blue * 255))
        }
    }
    #expect(largest < 16)
}

@Test func oneAndFourThreadsGiveIdenticalFramesAndBytes() async throws {
    let folder = TemporaryDirectory()
    let one = folder.path("one.mp4")
    let four = folder.path("four.mp4")
    try await confettiExport(threads: 1, seconds: 1).run(to: URL(fileURLWithPath: one))
    try await confettiExport(threads: 4, seconds: 1).run(to: URL(fileURLWithPath: four))
    let hashesOne = try VideoFileReader(path: one).readAllFrames().map(\.contentHash)
    let hashesFour = try VideoFileReader(path: four).readAllFrames().map(\.contentHash)
    #expect(hashesOne.count == 30)
    #expect(hashesOne == hashesFour)
    #expect(Set(hashesOne).count > 20)
    let bytesOne = try Data(contentsOf: URL(fileURLWithPath: one))
    let bytesFour = try Data(contentsOf: URL(fileURLWithPath: four))
    #expect(bytesOne == bytesFour)
}

@Test func progressIsReportedForEveryFrameInOrder() async throws {
    let folder = TemporaryDirectory()
    let seen = Mutex<[Int]>([])
    try await confettiExport(threads: 2, seconds: 0.5).run(to: URL(fileURLWithPath: folder.path("p.mp4"))) {
        progress in seen.withLock { $0.append(progress.framesEncoded) }
    }
    #expect(seen.withLock { $0 } == Array(1...15))
}

@Test func cancellingStopsPromptlyAndLeavesNoFile() async throws {
    let folder = TemporaryDirectory()
    // The render cancels itself from the encoder thread once frames flow: a test that waited for
    // them on Swift's cooperative pool could be starved by other tests until the render was
    // done. Confetti that keeps bursting never repeats a frame, so ten minutes take long.
    var export = confettiExport(threads: 2, seconds: 600)
    var configuration = ConfettiScene.Configuration()
    configuration.seed = 42
    configuration.bursts = (0..<600).map { ConfettiScene.Burst(time: Double($0)) }
    configuration.count = 20
    export.scene = ConfettiScene(configuration)
    let destination = URL(fileURLWithPath: folder.path("long.mp4"))
    let running = Mutex<Task<VideoExport.Summary, any Error>?>(nil)
    let encoded = Mutex(0)
    let task = Task {
        try await export.run(to: destination) { _ in
            let count = encoded.withLock {
                $0 += 1
                return $0
            }
            if count >= 3 { running.withLock { $0?.cancel() } }
        }
    }
    running.withLock { $0 = task }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(encoded.withLock { $0 } < 600, "it stopped promptly")
    #expect(folder.contents().isEmpty)
}

@Test func aMissingOutputFolderIsReportedBeforeRendering() async throws {
    let folder = TemporaryDirectory()
    let destination = folder.url.appendingPathComponent("missing/out.mp4")
    await #expect {
        try await confettiExport(threads: 1, seconds: 0.1).run(to: destination)
    } throws: { error in
        guard case ExportError.outputNotWritable(let path, let reason) = error else { return false }
        return path == destination.path && reason == "no such file or directory"
    }
    #expect(folder.contents().isEmpty)
}

@Test func settingsAFormatCannotUseAreRefusedBeforeAnyFileExists() async throws {
    let folder = TemporaryDirectory()
    var export = confettiExport(threads: 1, seconds: 0.1)
    export.output.format = .gif
    export.output.crf = 20
    await #expect {
        try await export.run(to: URL(fileURLWithPath: folder.path("a.gif")))
    } throws: { error in
        guard case ExportError.invalidSettings(let media) = error else { return false }
        return media.setting == .crf && media.message.contains("a CRF does not apply to gif")
    }
    export.output = EncodingOptions(format: .vp9)
    export.output.pixelFormat = "yuv444p10le"
    await #expect {
        try await export.run(to: URL(fileURLWithPath: folder.path("a.webm")))
    } throws: { error in
        guard case ExportError.invalidSettings(let media) = error else { return false }
        return media.message.contains("pixel format yuv444p10le is not available")
    }
    #expect(folder.contents().isEmpty)
}

@Test func anEncoderFailureMidRenderStopsCleanlyAndLeavesNoFile() async throws {
    let folder = TemporaryDirectory()
    var export = confettiExport(threads: 2, seconds: 2)
    export.failAtFrame = 10
    await #expect {
        try await export.run(to: URL(fileURLWithPath: folder.path("broken.mp4")))
    } throws: { error in
        guard case ExportError.encodingFailed(let media) = error else { return false }
        return media.description.contains("failure injected at frame 10")
    }
    #expect(folder.contents().isEmpty)
}

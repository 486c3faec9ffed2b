import FlipbookAudio
import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookPipeline
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// Draws nothing: the sound is what is checked.
private struct Blank: AnimatedScene {
    func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {}
}

/// A library export whose sound has a loudness target reaches it whether or not the caller
/// measured it first (`measuringLoudness()`): the encoder measures it itself otherwise, to the
/// same gain — the same bytes.
@Test func anExportsSoundReachesItsLoudnessMeasuredOrNot() async throws {
    let folder = TemporaryDirectory()
    try WAVFile.writeSine(to: folder.path("tone.wav"), seconds: 2, amplitude: 0.05)
    var export = VideoExport(
        scene: Blank(), sampler: TimelineSampler(frameRate: FrameRate(30)!, durationSeconds: 2)!,
        width: 64, height: 64, background: .black)
    export.output.container = .matroska
    export.output.audioCodec = .pcm
    var mix = AudioMix(tracks: [AudioTrack(file: folder.path("tone.wav"))])
    mix.loudness = LoudnessTarget(integrated: -20)
    export.audio = mix
    let measured = try export.measuringLoudness()
    #expect(measured.audio?.normalization?.reached.map { abs($0 + 20) < 0.01 } == true)
    try await export.run(to: URL(fileURLWithPath: folder.path("itself.mkv")))
    try await measured.run(to: URL(fileURLWithPath: folder.path("measured.mkv")))
    #expect(abs(try IndependentDecoder.ebur128(folder.path("itself.mkv")).integrated + 20) <= 0.15)
    #expect(
        FileManager.default.contents(atPath: folder.path("itself.mkv"))
            == FileManager.default.contents(atPath: folder.path("measured.mkv")))
}

import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Refusals that name what is really wrong with the input, not what FFmpeg or a check further
/// along made of it ("Invalid argument", "neither a width and height nor a viewBox",
/// "content X, not X").
@Suite struct RealCauseMessageTests {
    private let runner = CommandRunner()

    /// Runs `arguments` in `folder`; expects exit `status` and a message holding every one of
    /// `mentions`.
    private func expectRefused(
        _ arguments: [String], status: Int32 = 65, mentions: [String], in folder: TemporaryDirectory,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try runner.run(arguments, directory: folder.url)
        #expect(result.status == status, "\(result.standardError)", sourceLocation: sourceLocation)
        for mention in mentions {
            #expect(
                result.standardError.contains(mention), "\(mention): \(result.standardError)",
                sourceLocation: sourceLocation)
        }
    }

    /// Two chunks whose stamps once printed the same content ("content af63…, not af63…"):
    /// presets read from standard input were all hashed as empty, so two presets of different
    /// lengths differed only in their frame counts. Now the join says it is the preset's text;
    /// and of chunks rendered with other options, which option.
    @Test func joinSaysWhichPartOfTheChunksStampsDiffers() throws {
        let folder = TemporaryDirectory()
        let short = try folder.write(
            #"{"scene": "triangle", "width": 64, "height": 64, "fps": 10, "duration": 2}"#, to: "short.json")
        let long = try folder.write(
            #"{"scene": "triangle", "width": 64, "height": 64, "fps": 10, "duration": 3}"#, to: "long.json")
        let first = try runner.shell(
            "\"$FLIPBOOK\" render - -o a.mp4 --frames 0..10 -q < \(short)", directory: folder.url)
        let second = try runner.shell(
            "\"$FLIPBOOK\" render - -o b.mp4 --frames 10..20 -q < \(long)", directory: folder.url)
        #expect(first.status == 0 && second.status == 0, "\(first.standardError) \(second.standardError)")
        try expectRefused(
            ["join", "a.mp4", "b.mp4", "-o", "j.mp4"],
            mentions: ["b.mp4 is not a chunk of the same video as a.mp4: its preset's text differs"],
            in: folder)
        // The same preset from standard input twice is one video.
        let again = try runner.shell(
            "\"$FLIPBOOK\" render - -o c.mp4 --frames 10..20 -q < \(short)", directory: folder.url)
        #expect(again.status == 0)
        let joined = try runner.run(["join", "a.mp4", "c.mp4", "-o", "j.mp4", "-q"], directory: folder.url)
        #expect(joined.status == 0, "\(joined.standardError)")
        let other = try runner.run(
            ["render", short, "-o", "d.mp4", "--frames", "10..20", "--crf", "30", "-q"], directory: folder.url
        )
        #expect(other.status == 0, "\(other.standardError)")
        try expectRefused(
            ["join", "a.mp4", "d.mp4", "-o", "k.mp4"],
            mentions: ["d.mp4 is not a chunk of the same video as a.mp4: it was rendered with --crf=30"],
            in: folder)
    }
}

import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A dry run makes every check the real run makes before its first frame, so a build script's
/// `--dry-run` fails exactly where the render would (issue 51): the encoder's own settings,
/// alpha, the sound's codec, for render, still, batch and farm alike.
private let runner = CommandRunner()

private let plain = #"{"scene": "triangle", "width": 64, "height": 36, "fps": 10, "duration": 0.3}"#

@Test(arguments: [
    ["render", "p.json", "-o", "x.gif", "--fps", "1000"],
    ["render", "p.json", "-o", "x.webp", "--fps", "61"],
    ["render", "p.json", "-o", "x.mp4", "--background", "clear"],
    ["still", "p.json", "-o", "x.jpg", "--background", "clear"],
    ["render", "p.json", "-o", "x.mp4", "--pix-fmt", "yuvj420p"],
    ["still", "p.json", "-o", "x.png", "--pix-fmt", "yuv420p"],
    ["batch", "p.json", "-o", "out/", "--format", "gif", "--fps", "1000"],
    ["farm", "slurm", "p.json", "-o", "farm/x.mp4", "--background", "clear", "--chunks", "2"],
])
func aDryRunFailsWhereTheRealRunWould(arguments: [String]) throws {
    let folder = TemporaryDirectory()
    _ = try folder.write(plain, to: "p.json")
    let dry = try runner.run(arguments + ["--dry-run"], directory: folder.url)
    #expect(dry.status == 65, "\(arguments): \(dry.standardError)")
    // The farm's real run would only write scripts; its chunks' renders fail as the dry run says.
    guard arguments[0] != "farm" else { return }
    let real = try runner.run(arguments, directory: folder.url)
    #expect(real.status == dry.status, "\(arguments): \(real.standardError)")
    let firstLine = { (text: String) in text.split(separator: "\n").first.map(String.init) ?? "" }
    #expect(firstLine(dry.standardError) == firstLine(real.standardError))
}

/// The join writes the joined file in the container its name says: a farm whose output's name
/// says none (`out.bin --format h264`) would write scripts whose join fails, so it is refused
/// before anything is written, in `--dry-run` too.
@Test(arguments: [[], ["--dry-run"]])
func aFarmWhoseOutputNamesNoContainerIsRefused(extra: [String]) throws {
    let folder = TemporaryDirectory()
    _ = try folder.write(plain, to: "p.json")
    let farm = try runner.run(
        ["farm", "slurm", "p.json", "-o", "out.bin", "--format", "h264", "--chunks", "1"] + extra,
        directory: folder.url)
    #expect(farm.status == 65, "\(farm.standardError)")
    #expect(farm.standardError.contains("name it .mp4"), "\(farm.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.path("out.bin.farm")))
}

import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook preview`'s page in Debian's Chromium, driven by Playwright
/// (`Browser/studio_checks.py`, run by the test tools' Python): the page loads with no console
/// error; scrubbing to a frame shows `flipbook still --at`'s pixels at that time and size; play
/// advances at real speed; an edit on disk changes the picture; a broken edit shows its JSON
/// path over the last frame until a fix clears it; a variable typed in the form renders as
/// `still --set` does; an export writes a file ffprobe accepts. One server, one browser.
@Test func thePreviewPageShowsWhatRenderRenders() throws {
    let server = try PreviewServer()
    let screenshot = ProcessInfo.processInfo.environment["FLIPBOOK_PREVIEW_SCREENSHOT"]
    let script = RepositoryPaths.path("Tests/FlipbookPreviewTests/Browser/studio_checks.py")
    let work = TemporaryDirectory("flipbook-preview-stills")
    let output = try CommandRunner().run(
        [script, server.url, CommandRunner.executable.path, server.presetPath, work.url.path]
            + (screenshot.map { [$0] } ?? []),
        executable: URL(fileURLWithPath: IndependentDecoder.python))
    let ended = server.stop()
    #expect(ended.status == 130)
    try #require(output.status == 0, "the browser checks failed: \(output.standardError)")
    let results = try #require(
        try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])

    let seek = try #require(results["seek"] as? [String: Any])
    #expect(seek["frame"] as? Int == 75)
    #expect((seek["width"] as? Int ?? 0) >= 320, "the page shows the frame at \(seek["width"] ?? 0) pixels")
    #expect((seek["difference"] as? Double ?? 99) <= 1, "scrubbed frame against still --at: \(seek)")

    // 1.5 s of playback at 30 fps: 45 frames, give or take the page's start and stop.
    let play = try #require(results["play"] as? [String: Any])
    let rate = Double(play["frames"] as? Int ?? 0) / (play["seconds"] as? Double ?? 1)
    #expect(rate > 30 * 0.8 && rate < 30 * 1.2, "played \(play)")

    let edit = try #require(results["edit"] as? [String: Any])
    #expect(edit["changed"] as? Bool == true)
    #expect(edit["frame"] as? Int == 75, "the time is kept across a reload")
    #expect((edit["difference"] as? Double ?? 99) <= 1, "edited frame against still: \(edit)")

    let broken = try #require(results["broken"] as? [String: Any])
    let problems = broken["problems"] as? String ?? ""
    #expect(problems.contains("launch.json:5:"), "\(problems)")
    #expect(problems.contains("fps"), "\(problems)")
    #expect(broken["kept"] as? Bool == true, "the last good picture stays under the error")
    #expect(broken["version"] as? Bool == true)
    let fixed = try #require(results["fixed"] as? [String: Any])
    #expect((fixed["difference"] as? Double ?? 99) <= 1)

    let variable = try #require(results["variable"] as? [String: Any])
    #expect(variable["changed"] as? Bool == true)
    #expect((variable["difference"] as? Double ?? 99) <= 1, "typed variable against still --set: \(variable)")
    #expect(
        (variable["command"] as? String ?? "").contains("--set 'variables.headline=\"Hello from the form\"'"))

    // The selected layer's outline: the page's box is `flipbook inspect`'s, and the overlay draws
    // it on that box's edges (the stroke's colour there, nothing inside).
    let outline = try #require(results["outline"] as? [String: Any])
    let pageBox = outline["page"] as? [Double] ?? []
    let inspectBox = outline["inspect"] as? [Double] ?? []
    #expect(pageBox.count == 4 && inspectBox.count == 4)
    #expect(
        zip(pageBox, inspectBox).allSatisfy { abs($0 - $1) < 0.01 }, "page \(pageBox), inspect \(inspectBox)")
    #expect((pageBox.last ?? 0) > 10, "the headline has a box")
    #expect(outline["name"] as? String == "Headline")
    for edge in ["top", "left"] {
        let pixel = outline[edge] as? [Int] ?? []
        #expect(
            pixel.count == 4 && pixel[3] > 128 && pixel[0] > 200 && pixel[2] < 100, "\(edge) edge: \(pixel)")
    }
    #expect((outline["inside"] as? [Int])?.last == 0)

    let export = try #require(results["export"] as? [String: Any])
    let href = try #require(export["href"] as? String)
    #expect(href == "/exports/launch.mp4")
    let exported = server.folder.url.appendingPathComponent("out/launch.mp4").path
    let probe = try CommandRunner().run(
        [
            "-v", "error", "-show_entries", "stream=codec_name,width,height,nb_frames", "-of", "json",
            exported,
        ],
        executable: URL(fileURLWithPath: "/usr/bin/ffprobe"))
    #expect(probe.status == 0, "\(probe.standardError)")
    #expect(
        probe.standardOutput.contains("\"h264\"") && probe.standardOutput.contains("\"nb_frames\": \"90\""))
    #expect(probe.standardOutput.contains("\"aac\""), "the export carries the sound")

    #expect((results["errors"] as? [String]) == [], "console errors: \(results["errors"] ?? [])")
}

import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook batch --variables`: the rows of one preset render together, drawing what they
/// share once, and each file is byte for byte the one `flipbook render` writes for its row.
@Suite struct BatchSharingTests {
    private let runner = CommandRunner()
    private let launch = RepositoryPaths.path("presets/launch.json")
    /// Small and short, so that the suite stays quick: 36 frames, the headline in from 0.9 s.
    private let small = ["--scale", "0.25", "--duration", "1.2"]
    private let headlines = ["Launch day is here", "Ship it today", "Now with sound"]

    /// A variables table of the first `count` `headlines`, rows named r0, r1, ….
    private func table(in folder: TemporaryDirectory, rows count: Int = 3) throws -> String {
        try folder.write(
            "name,headline\n"
                + headlines.prefix(count).enumerated().map { "r\($0.offset),\($0.element)\n" }.joined(),
            to: "rows.csv")
    }

    /// The bytes `flipbook render` writes for row `row` of `table`, as `name` in `folder`.
    private func separateRender(_ row: Int, format: String, extra: [String], in folder: TemporaryDirectory)
        throws -> Data
    {
        let output = folder.path("alone-\(row).\(format)")
        let result = try runner.run(
            ["render", launch, "--set", "variables.headline=\(headlines[row])", "-o", output, "--quiet"]
                + small
                + extra)
        #expect(result.status == 0, "\(result.standardError)")
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    /// The `frame_encoded` events of each job of a `--progress json` stream: per job, frame by
    /// frame, whether it was reused.
    private func reuses(in stream: String) throws -> [Int: [Bool]] {
        var reused: [Int: [Bool]] = [:]
        for line in stream.split(separator: "\n") {
            let event = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard event["event"] as? String == "frame_encoded", let job = event["job"] as? Int else {
                continue
            }
            reused[job, default: []].append(event["outcome"] as? String == "reused")
        }
        return reused
    }

    @Test(arguments: [
        ("h264", "mp4", ["--preset", "ultrafast"]), ("gif", "gif", []), ("vp9", "webm", ["--crf", "40"]),
    ])
    func everyRowIsTheFileItsOwnRenderWrites(format: String, fileExtension: String, extra: [String]) throws {
        let folder = TemporaryDirectory()
        let rows = try table(in: folder)
        let result = try runner.run(
            ["batch", launch, "--variables", rows, "-o", folder.path("out"), "--format", format, "--quiet"]
                + small + extra)
        #expect(result.status == 0, "\(result.standardError)")
        for row in headlines.indices {
            let together = try Data(
                contentsOf: URL(fileURLWithPath: folder.path("out/launch-r\(row).\(fileExtension)")))
            let alone = try separateRender(
                row, format: fileExtension, extra: ["--format", format] + extra, in: folder)
            #expect(
                together == alone, "row \(row) as \(format): \(together.count) bytes, alone \(alone.count)")
        }
        // The rows differ where their headlines do.
        let first = try Data(contentsOf: URL(fileURLWithPath: folder.path("out/launch-r0.\(fileExtension)")))
        let second = try Data(contentsOf: URL(fileURLWithPath: folder.path("out/launch-r1.\(fileExtension)")))
        #expect(first != second)
    }

    @Test func framesEveryRowShowsAreDrawnOnceForTheRowsRenderingTogether() throws {
        let folder = TemporaryDirectory()
        let rows = try table(in: folder, rows: 2)
        let result = try runner.run(
            ["batch", launch, "--variables", rows, "-o", folder.path("out"), "--progress", "json"] + small)
        #expect(result.status == 0, "\(result.standardError)")
        let reused = try reuses(in: result.standardOutput)
        // Before 0.9 s the headline is not there, so both rows show the same frames: each is
        // drawn by one row at most (whichever worker came first), and the other reuses it.
        // After it, each row draws its own.
        let before = 27
        let jobs = try (0...1).map { try #require(reused[$0]) }
        #expect(jobs.allSatisfy { $0.count == 36 })
        for frame in 0..<before {
            #expect(jobs.filter { !$0[frame] }.count <= 1, "frame \(frame): \(jobs.map { $0[frame] })")
        }
        #expect(jobs.allSatisfy { $0[before...].contains(false) }, "each row draws its own headline")
    }

    /// Four rows render two at a time, and the second pair copies what the first encoded; of
    /// three, the first renders alone and encodes the opening for the pair after it.
    @Test(arguments: [(4, [2, 3]), (3, [1, 2])])
    func theOpeningEveryRowDrawsAlikeIsEncodedOnceForTheWholeBatch(count: Int, copying: [Int]) throws {
        let folder = TemporaryDirectory()
        let rows = try folder.write(
            "name,headline\n" + (0..<count).map { "r\($0),Launch day \($0) is here\n" }.joined(),
            to: "rows.csv")
        let result = try runner.run(
            ["batch", launch, "--variables", rows, "-o", folder.path("out"), "--progress", "json"] + small)
        #expect(result.status == 0, "\(result.standardError)")
        let events = try result.standardOutput.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let shared = events.compactMap {
            $0["event"] as? String == "done" ? $0["frames_shared"] as? Int ?? 0 : nil
        }
        // The headline comes in at 0.9 s: frame 27 starts each row's own segment.
        #expect(shared == Array(repeating: 27, count: count))
        // The first group drew those frames (once) and encoded them (once); the rows after it
        // found them encoded, and neither drew nor encoded them.
        for job in 0..<count {
            let copied = events.filter {
                $0["event"] as? String == "frame_encoded" && $0["job"] as? Int == job
                    && $0["outcome"] as? String == "copied"
            }.compactMap { $0["index"] as? Int }
            #expect(copied == (copying.contains(job) ? Array(0..<27) : []), "job \(job)")
        }
        for row in [0, count - 1] {
            let output = folder.path("alone-\(row).mp4")
            let alone = try runner.run(
                [
                    "render", launch, "--set", "variables.headline=Launch day \(row) is here", "-o", output,
                    "--quiet",
                ]
                    + small)
            #expect(alone.status == 0, "\(alone.standardError)")
            let together = folder.path("out/launch-r\(row).mp4")
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: together))
                    == Data(contentsOf: URL(fileURLWithPath: output)))
            let packets = try IndependentDecoder.videoPackets(together)
            #expect(packets.filter(\.isKeyFrame).map(\.frame) == [0, 27] && packets.count == 36)
        }
    }

    @Test(arguments: [
        ([String](), [0]), (["variables.headline=Ship it"], [0, 27]), (["variables.product=Atlas"], [0, 18]),
        (["variables.product=Atlas", "variables.headline=Ship it"], [0, 18, 27]),
    ])
    func aRenderStartsAClosedSegmentWhereALayerShowingAGivenVariableComesIn(sets: [String], keyFrames: [Int])
        throws
    {
        let folder = TemporaryDirectory()
        let output = folder.path("out.mp4")
        let result = try runner.run(
            ["render", launch, "-o", output, "--quiet"] + sets.flatMap { ["--set", $0] } + small)
        #expect(result.status == 0, "\(result.standardError)")
        // The file as it is is one segment; the product comes in at 0.6 s, the headline at 0.9 s.
        #expect(try IndependentDecoder.videoPackets(output).filter(\.isKeyFrame).map(\.frame) == keyFrames)
    }

    @Test func aRowThatCannotBeWrittenFailsAloneAndTheOthersLand() throws {
        let folder = TemporaryDirectory()
        let rows = try table(in: folder)
        // The second row's file would replace a device, which no render does.
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("out/launch-r1.mp4"), withDestinationPath: "/dev/null")
        let result = try runner.run(["batch", launch, "--variables", rows, "-o", folder.path("out")] + small)
        #expect(result.status == 73, "\(result.standardError)")
        #expect(result.standardError.contains("launch-r1.mp4"), "\(result.standardError)")
        for row in [0, 2] {
            let together = try Data(contentsOf: URL(fileURLWithPath: folder.path("out/launch-r\(row).mp4")))
            #expect(together == (try separateRender(row, format: "mp4", extra: [], in: folder)))
        }
        #expect(folder.contents("out").sorted() == ["launch-r0.mp4", "launch-r1.mp4", "launch-r2.mp4"])
    }

    @Test func anEncoderFailingMidwayStopsEveryRowWithoutHangingOrLeavingFiles() throws {
        let folder = TemporaryDirectory()
        let rows = try table(in: folder)
        let result = try runner.run(
            ["batch", launch, "--variables", rows, "-o", folder.path("out")] + small,
            environment: ["FLIPBOOK_FAIL_AT_FRAME": "20"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("3 of 3 preset(s) failed"), "\(result.standardError)")
        #expect(folder.contents("out").isEmpty, "\(folder.contents("out"))")
    }

    @Test func interruptingRowsRenderingTogetherExitsWith130AndLeavesNoFile() throws {
        let folder = TemporaryDirectory()
        let rows = try table(in: folder, rows: 2)
        let outputs = folder.path("out")
        let command = try runner.start(
            [
                "batch", launch, "--variables", rows, "-o", outputs, "--duration", "600", "--scale", "0.25",
                "--quiet",
            ])
        let deadline = Date().addingTimeInterval(30)
        while folder.contents("out").filter({ $0.contains(".flipbook-partial-") }).count < 2,
            Date() < deadline
        {
            Thread.sleep(forTimeInterval: 0.01)
        }
        command.interrupt()
        let result = command.wait()
        #expect(result.status == 130, "\(result.standardError)")
        #expect(
            result.standardError.contains("interrupted: 0 of 2 preset(s) done"), "\(result.standardError)")
        #expect(folder.contents("out").isEmpty, "\(folder.contents("out"))")
    }

    @Test func rowsThatDoNotFitTheMemoryBudgetTogetherRenderAloneAndStillLand() throws {
        let folder = TemporaryDirectory()
        let rows = try table(in: folder)
        // The budget one row's render needs, and a little more: two together need another encoder.
        let dryRun = try runner.run(["render", launch, "-o", folder.path("x.mp4"), "--dry-run"] + small)
        let figure = try #require(
            (dryRun.standardError + dryRun.standardOutput).firstMatch(of: /about (\d+) MB of/)?.1,
            "\(dryRun.standardError)")
        let limit = "\(Int(Double(figure)! * 1.05) + 1)MB"
        let result = try runner.run(
            [
                "batch", launch, "--variables", rows, "-o", folder.path("out"), "--memory-limit", limit,
                "--progress", "json",
            ] + small)
        #expect(result.status == 0, "\(result.standardError)")
        // Alone, the second row shares no drawing with the first, but copies the opening the
        // first encoded: frames 0–26, before the headline.
        #expect(try #require(try reuses(in: result.standardOutput)[1])[0] == false)
        let shared = result.standardOutput.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]).flatMap {
                $0["event"] as? String == "done" ? $0["frames_shared"] as? Int ?? 0 : nil
            }
        }
        #expect(shared == [27, 27, 27])
        for row in headlines.indices {
            let together = try Data(contentsOf: URL(fileURLWithPath: folder.path("out/launch-r\(row).mp4")))
            #expect(together == (try separateRender(row, format: "mp4", extra: [], in: folder)))
        }
    }
}

import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Library errors speak the library's language: a Swift caller reads about `settings.crf` or a
/// `RenderLimits` limit, never about `--crf` or `--limit`; the command line maps them to its
/// flags (issue 24).
@Test func noLibraryStringNamesACommandLineFlag() throws {
    let sources = RepositoryPaths.path("Sources")
    let modules = try FileManager.default.contentsOfDirectory(atPath: sources)
        .filter { $0 != "FlipbookCommandLine" && $0 != "flipbook" }
    var offenders: [String] = []
    for module in modules {
        let folder = "\(sources)/\(module)"
        for case let file as String in FileManager.default.enumerator(atPath: folder) ?? .init()
        where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                // A flag inside a string literal: a quote before it on the line.
                if let flag = code.range(of: #"--[a-z]"#, options: .regularExpression),
                    code[..<flag.lowerBound].contains("\"")
                {
                    offenders.append("\(module)/\(file):\(number + 1): \(code)")
                }
            }
        }
    }
    #expect(modules.count >= 10)
    #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
}

@Test func libraryErrorsNameTheSettingAndTheCommandLineNamesTheFlag() throws {
    var settings = VideoEncoderSettings(
        width: 64, height: 36, frameRate: FrameRate(60)!, options: EncodingOptions(format: .gif))
    settings.crf = 20
    #expect(throws: MediaError.self) { try settings.validate() }
    do {
        try settings.validate()
        Issue.record("a CRF passed for GIF")
    } catch {
        #expect(error.setting == .crf)
        #expect(!error.description.contains("--"))
    }
    do {
        var limits = RenderLimits()
        limits.particles = 100
        _ = try Preset.decode(
            #"{"scene": "confetti", "width": 64, "height": 36, "duration": 1, "parameters": {"count": 300}}"#,
            file: "p.json", limits: limits)
        Issue.record("300 pieces passed a limit of 100")
    } catch {
        #expect(error.limit == "particles")
        #expect(!error.description.contains("--"))
        #expect(error.description.contains("raise the particles limit"))
    }
    // The command line says the same with its flags.
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"scene": "triangle", "width": 64, "height": 36, "duration": 0.1}"#, to: "p.json")
    let gif = try CommandRunner().run(["render", preset, "-o", folder.path("x.gif"), "--fps", "60"])
    #expect(gif.status == 65)
    #expect(gif.standardError.contains("--fps: cannot encode gif: gif plays at most 50 frames per second"))
    let limit = try CommandRunner().run(["validate", preset, "--limit", "pixels=100"])
    #expect(limit.standardError.contains("raise it with --limit pixels=N"), "\(limit.standardError)")
}

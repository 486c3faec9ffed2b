import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook --version` and `flipbook version` print one line, the version docs/cli.md shows,
/// and exit 0.
@Suite struct VersionCommandTests {
    @Test func bothSpellingsPrintTheVersionTheDocsShow() throws {
        let doc = try String(contentsOfFile: RepositoryPaths.path("docs/cli.md"), encoding: .utf8)
        let shown = try #require(doc.firstMatch(of: /```text\n(flipbook [0-9]+\.[0-9]+\.[0-9]+)\n```/)).1
        for spelling in ["--version", "version"] {
            let result = try CommandRunner().run([spelling])
            #expect(result.status == 0, "\(spelling): \(result.standardError)")
            #expect(result.standardOutput == "\(shown)\n", "\(spelling)")
            #expect(result.standardError.isEmpty)
        }
    }

    @Test func extraArgumentsAreAUsageError() throws {
        let result = try CommandRunner().run(["--version", "now"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--version takes no arguments"), "\(result.standardError)")
    }
}

import FlipbookTestSupport
import Foundation
import Testing

/// The fast subset of the Lottie corpus (issue 55): Tests/Fixtures/lottie rendered by Flipbook,
/// ThorVG and rlottie at 0, ¼, ½ and ¾ of each file (bench/lottie_corpus.py, with the players
/// from scripts/install-tools.sh). Where the two players agree within 2 code values, Flipbook
/// agrees with both on 79 of 93 frames (85 %) in this landing — the subset keeps files it does
/// not yet draw like the players (docs/lottie.md lists them) — so 84 % is the floor that holds
/// what is reached; the goal is 95 %.
@Test func flipbookAgreesWithThePlayersOnTheFixtureCorpus() throws {
    let result = try CommandRunner().run(
        [
            RepositoryPaths.path("bench/lottie_corpus.py"), RepositoryPaths.path("Tests/Fixtures/lottie"),
            "--flipbook", CommandRunner.executable.path, "--required", "0.84",
        ], executable: URL(fileURLWithPath: IndependentDecoder.python))
    #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    // The hostile reproducer is refused with its place, not drawn.
    #expect(result.standardOutput.contains("repro_sbof.json: error: flipbook: "))
    #expect(result.standardOutput.contains(":1:40: op: must be between -10000000 and 10000000"))
}

import FlipbookFuzzing
import FlipbookTestSupport
import Foundation
import Testing

/// The short fuzz run of `make test`: every checked-in corpus entry and crash reproducer, then
/// seeded random mutations of them (`make fuzz` runs the same targets coverage-guided under
/// libFuzzer, 100 000 inputs each). A crash fails the whole test run, which is the point.
@Test(arguments: FuzzTargets.all.map(\.name))
func fuzzTargetSurvivesCorpusAndRandomMutations(name: String) throws {
    let target = try #require(FuzzTargets.named(name))
    let corpus = RepositoryPaths.path("Fuzz/Corpus/\(name)")
    let replayed = FuzzDriver.replay([corpus], into: target)
    #expect(replayed > 0)
    let seeds = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).sorted().compactMap {
        FileManager.default.contents(atPath: "\(corpus)/\($0)").map { [UInt8]($0) }
    }
    FuzzDriver.random(count: 3000, seed: 0xF1_1B00C, seeds: seeds, into: target)
}

import FlipbookTimeline
import Testing

/// The chunk rule over many (frames, N) pairs: contiguous, no overlap, nothing missing, none
/// empty, sizes within one frame of each other; and a restricted sampler's frames are the
/// whole video's.
@Suite struct ChunkRuleTests {
    @Test func chunksCoverEveryFrameOnceAndNoneIsEmpty() {
        for frames in [1, 2, 3, 7, 10, 59, 60, 61, 100, 181, 1000, 9_999, 86_400] {
            for count in [1, 2, 3, 4, 5, 7, 8, 16, 50, 64, 100, 1000] where count <= frames {
                let chunks = (0..<count).map { TimelineSampler.chunk($0, of: count, frames: frames)! }
                #expect(chunks.first?.lowerBound == 0 && chunks.last?.upperBound == frames)
                for (a, b) in zip(chunks, chunks.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
                let sizes = chunks.map(\.count)
                #expect(sizes.allSatisfy { $0 >= 1 }, "\(frames) frames in \(count) chunks")
                #expect(sizes.max()! - sizes.min()! <= 1)
            }
        }
    }

    @Test func impossibleSplitsHaveNoChunks() {
        #expect(TimelineSampler.chunk(0, of: 5, frames: 4) == nil)
        #expect(TimelineSampler.chunk(4, of: 4, frames: 100) == nil)
        #expect(TimelineSampler.chunk(-1, of: 4, frames: 100) == nil)
        #expect(TimelineSampler.chunk(0, of: 0, frames: 100) == nil)
    }

    @Test func aRestrictedSamplerYieldsTheWholeVideosFrames() {
        let whole = TimelineSampler(frameRate: FrameRate(30000, 1001)!, durationSeconds: 10)!
        let chunk = whole.restricted(to: TimelineSampler.chunk(2, of: 3, frames: whole.frameCount)!)
        #expect(chunk.totalFrameCount == whole.frameCount && chunk.frameCount == chunk.range.count)
        for local in 0..<chunk.frameCount {
            #expect(chunk.frame(local) == whole.frame(chunk.firstFrame + local))
        }
        #expect(chunk.durationSeconds == whole.durationSeconds)
    }
}

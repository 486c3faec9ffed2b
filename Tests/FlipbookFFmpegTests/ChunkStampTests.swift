import FlipbookFFmpeg
import Testing

/// What `ChunkStamp.difference(from:)` says of two chunks that are not of one video: the part
/// of the stamp that differs, never the same text twice.
@Suite struct ChunkStampTests {
    private func stamp(
        total: Int = 60, content: String = "c1", presetHash: String? = "p1",
        settings: [String]? = ["--crf=20"]
    ) -> ChunkStamp {
        ChunkStamp(
            range: 0..<30, totalFrames: total, content: content, preset: "/p.json", presetHash: presetHash,
            settings: settings)
    }

    @Test func chunksOfOneVideoHaveNoDifference() {
        #expect(stamp().difference(from: stamp()) == nil)
    }

    @Test func differencesNameThePresetTheOptionsOrTheLength() {
        #expect(
            stamp(content: "c2", presetHash: "p2").difference(from: stamp())
                == "its preset's text differs (hash p2, not p1)")
        #expect(
            stamp(content: "c2", settings: ["--crf=30", "--size=64x64"]).difference(from: stamp())
                == "it was rendered with --crf=30 --size=64x64 and without --crf=20")
        #expect(
            stamp(content: "c2", settings: ["--a", "--b"]).difference(
                from: stamp(settings: ["--b", "--a"]))
                == "it was rendered with the same options in another order (--a --b)")
        #expect(stamp(total: 90).difference(from: stamp()) == "it is a chunk of a video of 90 frames, not 60")
    }

    /// Chunks written before the stamp recorded its parts can only be told apart by content.
    @Test func olderStampsFallBackToTheirContent() {
        let old = stamp(presetHash: nil, settings: nil)
        #expect(
            stamp(content: "c2", presetHash: nil, settings: nil).difference(from: old)
                == "it is of another preset or other settings (content c2, not c1)")
    }

    @Test func theStampsPartsSurviveTheContainersTags() {
        let written = stamp(settings: ["--set=title=\"a, b\"", "--crf=20"])
        let read = ChunkStamp(tags: Dictionary(uniqueKeysWithValues: written.tags.map { ($0.key, $0.value) }))
        #expect(read == written)
    }
}

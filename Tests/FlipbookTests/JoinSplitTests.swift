import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook join` of two chunks split at every frame near the start, in codecs that reorder
/// frames (B-frames): a chunk of one or two frames reorders fewer than the next one does, and
/// the joined stream must still decode every frame once, in order, with decoding timestamps
/// that increase — checked through PyAV, which shares no code with our reader.
@Suite struct JoinSplitTests {
    private let runner = CommandRunner()

    /// What PyAV finds in a file: the packets' timestamps in decoding order, each decoded
    /// frame's timestamp in frames and a hash of its pixels, and the stream's duration in
    /// seconds.
    private struct Decoded {
        var packets: [(pts: Int, dts: Int)]
        var frames: [Int]
        var hashes: [String]
        var seconds: Double
    }

    private func decode(_ paths: [String]) throws -> [Decoded] {
        let script = """
            import sys, json, av, hashlib
            out = []
            for path in sys.argv[1:]:
                with av.open(path) as c:
                    s = c.streams.video[0]
                    packets = [[p.pts, p.dts] for p in c.demux(s) if p.size]
                with av.open(path) as c:
                    s = c.streams.video[0]
                    rate = s.average_rate
                    frames = [[round(float(f.pts * s.time_base * rate)),
                               hashlib.md5(b"".join(bytes(p) for p in f.planes)).hexdigest()]
                              for f in c.decode(s)]
                    out.append([packets, frames, float(s.duration * s.time_base)])
            print(json.dumps(out))
            """
        let rows = try IndependentDecoder.json(script, paths) as? [[Any]] ?? []
        return rows.map { row in
            let packets = (row.first as? [[Int]] ?? []).map { (pts: $0[0], dts: $0[1]) }
            let frames = row.count > 1 ? row[1] as? [[Any]] ?? [] : []
            return Decoded(
                packets: packets, frames: frames.map { $0[0] as? Int ?? -1 },
                hashes: frames.map { $0[1] as? String ?? "" }, seconds: row.last as? Double ?? 0)
        }
    }

    /// Renders `preset` in `format`: the frames `range` as a chunk, or all of them.
    private func render(_ preset: String, _ format: String, _ range: Range<Int>?, to path: String) throws {
        let frames = range.map { ["--frames", "\($0.lowerBound)..\($0.upperBound)"] } ?? []
        let result = try runner.run(["render", preset, "-o", path, "--format", format, "-q"] + frames)
        #expect(result.status == 0, "\(result.standardError)")
    }

    /// Chunk A holds frames 0..k, chunk B k..10, for k = 1…8: a first chunk shorter than the
    /// encoder's reordering, and a last one of two frames. Every join holds the ten frames in
    /// order, its packets' decoding timestamps increase and never pass their presentation, its
    /// pictures are the chunks' pictures (packets copied, decoded alike) and it lasts as long
    /// as a single render. (Lossless H.264 would equal the single render pixel for pixel, but
    /// x264 encodes it without B-frames.)
    @Test(arguments: ["h264", "hevc"])
    func chunksSplitAtAnyFrameJoinIntoEveryFrameInOrder(format: String) throws {
        let folder = TemporaryDirectory()
        // The encoder's default preset: x264's ultrafast would encode no B-frames.
        let preset = try folder.write(
            #"{"scene": "spirograph-morph", "width": 64, "height": 48, "fps": 10, "duration": 1}"#,
            to: "p.json")
        let frames = 10
        let single = folder.path("single.mp4")
        try render(preset, format, nil, to: single)
        var joins: [String] = []
        var parts: [String] = []
        var depths: [Int] = []
        for split in 1...8 {
            let (a, b) = (folder.path("a\(split).mp4"), folder.path("b\(split).mp4"))
            try render(preset, format, 0..<split, to: a)
            try render(preset, format, split..<frames, to: b)
            depths += try [a, b].map { try ChunkFile(path: $0).reorderDepth }
            let joined = folder.path("joined\(split).mp4")
            let result = try runner.run(["join", a, b, "-o", joined, "--verify", "-q"])
            #expect(result.status == 0, "split at \(split): \(result.standardError)")
            joins.append(joined)
            parts += [a, b]
        }
        #expect(depths.max() ?? 0 > 0 && depths.min() == 0, "the chunks reorder, the shortest do not")
        let decoded = try decode([single] + joins + parts)
        try #require(decoded.count == 1 + 3 * joins.count)
        let reference = decoded[0]
        #expect(reference.frames == Array(0..<frames))
        for (index, joined) in decoded[1...joins.count].enumerated() {
            let split = index + 1
            #expect(joined.frames == Array(0..<frames), "split at \(split): every frame once, in order")
            let dts = joined.packets.map(\.dts)
            #expect(
                zip(dts, dts.dropFirst()).allSatisfy { $0 < $1 }, "split at \(split): decoding times increase"
            )
            #expect(joined.packets.allSatisfy { $0.dts <= $0.pts }, "split at \(split): \(joined.packets)")
            #expect(joined.seconds == reference.seconds, "split at \(split): \(joined.seconds) s")
            let chunkA = decoded[1 + joins.count + 2 * index]
            let chunkB = decoded[2 + joins.count + 2 * index]
            #expect(joined.hashes == chunkA.hashes + chunkB.hashes, "split at \(split): the chunks' pictures")
        }
    }
}

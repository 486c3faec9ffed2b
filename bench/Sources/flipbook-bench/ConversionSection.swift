import Flipbook
import Foundation

/// Section 3: RGBA → YUV 4:2:0 per 1080p frame, Flipbook's converter against libswscale — a whole
/// frame, and what a render worker does during an export: convert only the pixels changed since
/// its last frame, then copy the planes out.
struct ConversionSection {
    let context: BenchmarkContext
    /// The speed issue's target for a whole 1080p frame, one thread.
    static let targetMilliseconds = 0.7

    func run(into results: inout BenchmarkResults) throws -> Table {
        var pixmap = Pixmap(width: BenchmarkScene.width, height: BenchmarkScene.height)
        var rasterizer = Rasterizer()
        BenchmarkScene.confetti2000.render(frame: 30, into: &pixmap, using: &rasterizer)
        let swscale = try SwscaleConverter(width: pixmap.width, height: pixmap.height)
        var ours = YUVFrame(width: pixmap.width, height: pixmap.height)
        var theirs = YUVFrame(width: pixmap.width, height: pixmap.height)
        let sequence = changedFrames(of: .confetti200, count: 8)
        let repetitions = context.quick ? 20 : 60
        var flipbook = Samples()
        var narrow = Samples()
        var changed = Samples()
        var peer = Samples()
        for _ in 0..<context.rounds {
            flipbook.add(
                seconds { for _ in 0..<repetitions { YUVConverter.convert(pixmap, into: &ours) } } * 1000
                    / Double(repetitions))
            narrow.add(
                seconds {
                    for _ in 0..<repetitions { YUVConverter.convert(pixmap, into: &ours, lanes: .narrow) }
                } * 1000 / Double(repetitions))
            var handedOut = YUVFrame(width: pixmap.width, height: pixmap.height)
            changed.add(
                seconds {
                    for index in 0..<repetitions {
                        let (frame, changes) = sequence[index % sequence.count]
                        YUVConverter.convert(frame, into: &ours, changes: changes)
                        handedOut.copyPixels(from: ours)
                    }
                } * 1000 / Double(repetitions))
            peer.add(
                seconds { for _ in 0..<repetitions { swscale.convert(pixmap, into: &theirs) } } * 1000
                    / Double(repetitions))
        }
        YUVConverter.convert(pixmap, into: &ours)
        let largest =
            [
                largestDifference(ours.luma, theirs.luma),
                largestDifference(ours.chromaBlue, theirs.chromaBlue),
                largestDifference(ours.chromaRed, theirs.chromaRed),
            ].max() ?? 0
        results.conversion = .init(
            flipbookMilliseconds: flipbook.figure, changedRegionMilliseconds: changed.figure,
            swscaleMilliseconds: peer.figure, largestDifference: largest)
        results.ratios.append(Ratio(label: "RGBA→YUV vs swscale", value: peer.median / flipbook.median))
        var table = Table(
            title:
                "Colour conversion: RGBA → yuv420p BT.709, one 1920×1080 frame, one thread (ms, median (min–max))",
            columns: ["converter", "ms/frame", "swscale ÷ Flipbook", "target"])
        let target = Self.targetMilliseconds
        table.add([
            "Flipbook YUVConverter, whole frame (\(YUVConverter.Lanes.widest == .wide ? "AVX2" : "SSE2") lanes)",
            formatted(flipbook, digits: 2),
            String(format: "%.2f", peer.median / flipbook.median),
            String(format: "≤ %.1f ms: %@", target, flipbook.median <= target ? "met" : "not met"),
        ])
        table.add([
            "Flipbook, whole frame in SSE2 lanes (processors without AVX2)", formatted(narrow, digits: 2),
            String(format: "%.2f", peer.median / narrow.median), "",
        ])
        table.add([
            "Flipbook, changed pixels only + copy out (confetti 200, as in an export)",
            formatted(changed, digits: 2),
            String(format: "%.2f", peer.median / changed.median), "",
        ])
        table.add(["libswscale (bicubic, BT.709)", formatted(peer, digits: 2), "1.00", ""])
        table.add(["largest difference between outputs", "\(largest) code values", "", ""])
        return table
    }

    /// `count` consecutive frames of `scene` (from frame 30), each with what changed since the
    /// one before it: what its clear set back and what it drew, as a render worker records them.
    private func changedFrames(of scene: BenchmarkScene, count: Int) -> [(Pixmap, ChangedRows)] {
        var pixmap = Pixmap(width: BenchmarkScene.width, height: BenchmarkScene.height)
        var rasterizer = Rasterizer()
        scene.render(frame: 29, into: &pixmap, using: &rasterizer)
        return (30..<(30 + count)).map { index in
            var changes = ChangedRows(width: pixmap.width, height: pixmap.height)
            rasterizer.markDrawn(in: &changes)
            scene.render(frame: index, into: &pixmap, using: &rasterizer)
            rasterizer.markDrawn(in: &changes)
            return (pixmap, changes)
        }
    }

    private func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).reduce(0) { largest, pair in max(largest, abs(Int(pair.0) - Int(pair.1))) }
    }
}

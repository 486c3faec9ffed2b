import Flipbook
import Foundation

/// Section 3: RGBA → YUV 4:2:0 per 1080p frame, Flipbook's converter against libswscale.
struct ConversionSection {
    let context: BenchmarkContext

    func run(into results: inout BenchmarkResults) throws -> Table {
        var pixmap = Pixmap(width: BenchmarkScene.width, height: BenchmarkScene.height)
        var rasterizer = Rasterizer()
        BenchmarkScene.confetti2000.render(frame: 30, into: &pixmap, using: &rasterizer)
        let swscale = try SwscaleConverter(width: pixmap.width, height: pixmap.height)
        var ours = YUVFrame(width: pixmap.width, height: pixmap.height)
        var theirs = YUVFrame(width: pixmap.width, height: pixmap.height)
        let repetitions = context.quick ? 20 : 60
        var flipbook = Samples()
        var peer = Samples()
        for _ in 0..<context.rounds {
            flipbook.add(
                seconds { for _ in 0..<repetitions { YUVConverter.convert(pixmap, into: &ours) } } * 1000
                    / Double(repetitions))
            peer.add(
                seconds { for _ in 0..<repetitions { swscale.convert(pixmap, into: &theirs) } } * 1000
                    / Double(repetitions))
        }
        let largest =
            [
                largestDifference(ours.luma, theirs.luma),
                largestDifference(ours.chromaBlue, theirs.chromaBlue),
                largestDifference(ours.chromaRed, theirs.chromaRed),
            ].max() ?? 0
        results.conversion = .init(
            flipbookMilliseconds: flipbook.figure, swscaleMilliseconds: peer.figure,
            largestDifference: largest)
        results.ratios.append(Ratio(label: "RGBA→YUV vs swscale", value: peer.median / flipbook.median))
        var table = Table(
            title:
                "Colour conversion: RGBA → yuv420p BT.709, one 1920×1080 frame, one thread (ms, median (min–max))",
            columns: ["converter", "ms/frame", "swscale ÷ Flipbook"])
        table.add([
            "Flipbook YUVConverter", formatted(flipbook, digits: 2),
            String(format: "%.2f", peer.median / flipbook.median),
        ])
        table.add(["libswscale (bicubic, BT.709)", formatted(peer, digits: 2), "1.00"])
        table.add(["largest difference between outputs", "\(largest) code values", ""])
        return table
    }

    private func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).reduce(0) { largest, pair in max(largest, abs(Int(pair.0) - Int(pair.1))) }
    }
}

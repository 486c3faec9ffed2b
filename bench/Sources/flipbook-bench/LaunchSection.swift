import Flipbook
import Foundation

/// Section: the "launch" frame and each of its elements (`LaunchScene`) — gradients, a blurred
/// glow, a bold headline with its shadow, confetti — in milliseconds per 1920×1080 frame on one
/// thread, against skia-python drawing the same (`bench/peers/launch.py`: CPU raster, dithered
/// gradients, image filters), in interleaved rounds. The target of the speed issue: Flipbook at
/// least 2× Skia on every row.
struct LaunchSection {
    let context: BenchmarkContext
    /// How long each Flipbook sample (and each Skia run) draws at least.
    let minimumSeconds: Double
    static let target = 2.0

    init(context: BenchmarkContext, minimumSeconds: Double? = nil) {
        self.context = context
        self.minimumSeconds = minimumSeconds ?? (context.quick ? 0.2 : 0.6)
    }

    func run(into results: inout BenchmarkResults) throws -> Table {
        var table = Table(
            title:
                "Launch frame, 1920×1080, one thread: ms per frame, median (min–max) of \(context.rounds) "
                + "interleaved rounds; speed-up = Skia ms ÷ Flipbook ms, median of each round's ratio "
                + "(target ≥ \(Self.target))",
            columns: ["element", "Flipbook", "Skia", "speed-up vs Skia", "target"])
        for element in LaunchScene.allCases {
            var (flipbook, skia) = (Samples(), Samples())
            for _ in 0..<context.rounds {
                flipbook.add(measure(element))
                skia.add(try peer(element))
            }
            let speedUp = skia.medianRatio(over: flipbook)
            table.add([
                element.rawValue, formatted(flipbook, digits: 2), formatted(skia, digits: 2),
                String(format: "%.2f", speedUp),
                element == .empty ? "— (the clear both pay)" : speedUp >= Self.target ? "met" : "not met",
            ])
            results.ratios.append(Ratio(label: "launch \(element.rawValue) vs Skia", value: speedUp))
        }
        let (mean, share) = try fidelity()
        table.add([
            "fidelity of the frame vs Skia",
            String(format: "mean difference %.2f code values per channel", mean),
            String(format: "%.2f %% of pixels off by > 16 in a channel", share * 100), "", "",
        ])
        return table
    }

    /// How far Flipbook's frame is from Skia's: the mean absolute difference per channel, and
    /// the share of pixels with some channel more than 16 code values apart (glyph outlines,
    /// hinted by FreeType for one and by Skia for the other, differ at their edges).
    func fidelity() throws -> (mean: Double, share: Double) {
        var pixmap = Pixmap(width: LaunchScene.width, height: LaunchScene.height)
        var rasterizer = Rasterizer()
        LaunchScene.frame.render(into: &pixmap, using: &rasterizer)
        return try difference(of: pixmap, fromSkia: ["--element", "frame"])
    }

    /// How far `pixmap` is from the frame `launch.py` draws with `arguments`, as `fidelity()`
    /// measures it.
    func difference(of pixmap: Pixmap, fromSkia arguments: [String]) throws -> (mean: Double, share: Double) {
        let dump = context.scratch("launch-skia.rgba")
        _ = try ChildProcess.check(
            [context.python, context.peer("launch.py")] + arguments + ["--seconds", "0", "--dump", dump])
        return Self.difference([UInt8](try Data(contentsOf: URL(fileURLWithPath: dump))), pixmap.bytes)
    }

    /// How far two frames' premultiplied RGBA bytes are apart: the mean absolute difference per
    /// channel, and the share of pixels with some channel more than 16 code values apart (the
    /// peer band's figures); not a number when their sizes differ.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (mean: Double, share: Double) {
        guard a.count == b.count, !a.isEmpty else { return (.nan, .nan) }
        var (total, off) = (0, 0)
        for pixel in stride(from: 0, to: a.count, by: 4) {
            var worst = 0
            for channel in 0..<4 {
                let difference = abs(Int(a[pixel + channel]) - Int(b[pixel + channel]))
                total += difference
                worst = max(worst, difference)
            }
            if worst > 16 { off += 1 }
        }
        return (Double(total) / Double(a.count), Double(off) / Double(a.count / 4))
    }

    /// Milliseconds per frame: the element drawn again and again on one pixmap and rasterizer,
    /// display list included, for at least `minimumSeconds`.
    func measure(_ element: LaunchScene) -> Double {
        var pixmap = Pixmap(width: LaunchScene.width, height: LaunchScene.height)
        var rasterizer = Rasterizer()
        element.render(into: &pixmap, using: &rasterizer)  // warm: fonts, caches, buffers
        var (elapsed, frames) = (0.0, 0)
        repeat {
            elapsed += seconds { element.render(into: &pixmap, using: &rasterizer) }
            frames += 1
        } while elapsed < minimumSeconds
        return elapsed / Double(frames) * 1000
    }

    private func peer(_ element: LaunchScene) throws -> Double {
        try peer(["--element", element.rawValue])
    }

    /// Skia's milliseconds per frame: `launch.py` with `arguments`, drawing for at least
    /// `minimumSeconds`.
    func peer(_ arguments: [String]) throws -> Double {
        let outcome = try ChildProcess.check(
            [context.python, context.peer("launch.py")] + arguments + ["--seconds", String(minimumSeconds)])
        struct Line: Decodable { var ms: Double }
        return try JSONDecoder().decode(Line.self, from: Data(outcome.standardOutput.utf8)).ms
    }
}

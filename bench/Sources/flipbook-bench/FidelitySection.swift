import Flipbook
import Foundation

/// Section 6: frame 60 of each scene, Flipbook against Cairo and Skia: mean and largest absolute
/// difference per channel value, and the share of pixels off by more than 16/255.
///
/// With `--record-references` the Cairo frames are also written as PNGs to
/// `Tests/FlipbookScenesTests/Snapshots/fidelity/`, where a test checks Flipbook against them.
struct FidelitySection {
    let context: BenchmarkContext
    let recordReferences: Bool

    static let frame = 60

    func run(into results: inout BenchmarkResults) throws -> Table {
        var table = Table(
            title:
                "Fidelity: frame \(Self.frame), premultiplied RGBA, difference per channel value (1/255 units)",
            columns: ["scene", "peer", "mean", "max", "pixels off by > 16"])
        for scene in BenchmarkScene.allCases {
            var pixmap = Pixmap(width: BenchmarkScene.width, height: BenchmarkScene.height)
            var rasterizer = Rasterizer()
            scene.render(frame: Self.frame, into: &pixmap, using: &rasterizer)
            for engine in ["cairo", "skia"] {
                let reference = try peerFrame(engine, scene)
                let comparison = FrameComparison(pixmap.bytes, reference.bytes)
                results.fidelity.append(.init(scene: scene.rawValue, peer: engine, difference: comparison))
                table.add([
                    scene.rawValue, engine, String(format: "%.3f", comparison.mean), "\(comparison.largest)",
                    String(format: "%.3f %%", comparison.percentOffBy16),
                ])
                if recordReferences && engine == "cairo" {
                    let folder = context.root.appendingPathComponent(
                        "Tests/FlipbookScenesTests/Snapshots/fidelity")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try PNGFile.write(
                        reference,
                        to: folder.appendingPathComponent("\(scene.rawValue)_cairo_frame\(Self.frame).png")
                            .path)
                }
            }
        }
        return table
    }

    private func peerFrame(_ engine: String, _ scene: BenchmarkScene) throws -> Pixmap {
        let dump = context.scratch("\(engine)-\(scene.rawValue).rgba")
        _ = try ChildProcess.check([
            context.python, context.peer("raster.py"), "--engine", engine, "--scene", scene.rawValue,
            "--frames", "1",
            "--dump", String(Self.frame), dump,
        ])
        var pixmap = Pixmap(width: BenchmarkScene.width, height: BenchmarkScene.height)
        guard let data = FileManager.default.contents(atPath: dump), data.count == pixmap.bytes.count else {
            throw BenchmarkError("\(engine) wrote no frame to \(dump)")
        }
        pixmap.bytes = [UInt8](data)
        return pixmap
    }
}

/// Differences between two premultiplied RGBA buffers of the same size, in 1/255 units (one
/// step of a channel value).
struct FrameComparison: Codable {
    /// Mean absolute difference per channel value.
    var mean: Double
    /// The largest difference in one channel value.
    var largest: Int
    /// Share of pixels with some channel off by more than 16, in percent.
    var percentOffBy16: Double

    init(_ a: [UInt8], _ b: [UInt8]) {
        var total = 0
        var largest = 0
        var off = 0
        for pixel in stride(from: 0, to: min(a.count, b.count), by: 4) {
            var worst = 0
            for channel in 0..<4 {
                let difference = abs(Int(a[pixel + channel]) - Int(b[pixel + channel]))
                total += difference
                worst = max(worst, difference)
            }
            largest = max(largest, worst)
            if worst > 16 { off += 1 }
        }
        mean = Double(total) / Double(max(a.count, 1))
        self.largest = largest
        percentOffBy16 = 100 * Double(off) / Double(max(a.count / 4, 1))
    }
}

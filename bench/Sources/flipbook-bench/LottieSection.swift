import Flipbook
import Foundation

/// The Lottie section: frames per second drawing the Lottie corpus at 1080p on one thread —
/// Flipbook in this process (decoded once, each frame's display list built and rasterized into
/// a pixmap, as the render stage's workers do), ThorVG and rlottie through their Python
/// bindings (`bench/peers/lottie_players.py`), file after file in the same run — and the
/// geometric mean of each over the files all three draw. Target: Flipbook ≥ 1.5 × ThorVG.
///
/// Each file is fitted inside 1920 × 1080 (its aspect kept) and the same `frames` frames,
/// spread evenly over its length, are drawn by each engine after one untimed warm-up frame.
/// The corpus is `.build/lottie-corpus` (`make lottie-corpus`) when it is there, else the
/// fixtures in `Tests/Fixtures/lottie`; `--quick` takes the fixtures.
struct LottieSection {
    let context: BenchmarkContext

    static let target = 1.5
    /// Seconds a player may take on one file before the file is left out (rlottie's fuzzing
    /// reproducers include one that never finishes).
    static let peerTimeout = 60.0

    var frames: Int { context.quick ? 10 : 30 }

    func run(into results: inout BenchmarkResults) throws -> Table {
        let corpus = context.path(".build/lottie-corpus")
        let folder =
            !context.quick && FileManager.default.fileExists(atPath: corpus)
            ? corpus : context.path("Tests/Fixtures/lottie")
        var table = Table(
            title:
                "Lottie: frames/s at 1080p (fitted inside 1920×1080) on one thread, \(frames) frames per file "
                + "over \(folder.replacingOccurrences(of: context.root.path + "/", with: "")); "
                + "geometric means over the files every engine draws",
            columns: ["engine", "files", "geometric mean frames/s", "Flipbook ÷ engine", "target"])
        var logs: (flipbook: [Double], thorvg: [Double], rlottie: [Double]) = ([], [], [])
        var left: [String] = []
        for file in Self.files(in: folder) {
            guard let (animation, size) = Self.decode(file) else {
                left.append((file as NSString).lastPathComponent)
                continue
            }
            guard let peers = try peers(file, size: size) else {
                left.append((file as NSString).lastPathComponent)
                continue
            }
            let ours = flipbook(animation, size: size)
            FileHandle.standardError.write(
                Data(
                    String(
                        format: "%@ %dx%d flipbook %.0f thorvg %.0f rlottie %.0f\n",
                        (file as NSString).lastPathComponent, size.width, size.height, ours, peers.thorvg,
                        peers.rlottie
                    ).utf8))
            logs.flipbook.append(log(ours))
            logs.thorvg.append(log(peers.thorvg))
            logs.rlottie.append(log(peers.rlottie))
        }
        func mean(_ values: [Double]) -> Double { exp(values.reduce(0, +) / Double(max(values.count, 1))) }
        let (ours, thorvg, rlottie) = (mean(logs.flipbook), mean(logs.thorvg), mean(logs.rlottie))
        let count = "\(logs.flipbook.count)"
        table.add(["Flipbook", count, String(format: "%.0f", ours), "—", "—"])
        table.add([
            "ThorVG (thorvg-python)", count, String(format: "%.0f", thorvg),
            String(format: "%.2f", ours / thorvg),
            String(format: "≥ %.1f: %@", Self.target, ours / thorvg >= Self.target ? "met" : "not met"),
        ])
        table.add([
            "rlottie (rlottie-python)", count, String(format: "%.0f", rlottie),
            String(format: "%.2f", ours / rlottie), "—",
        ])
        if !left.isEmpty {
            table.add([
                "left out (an engine refuses or hangs)", "\(left.count)", left.joined(separator: ", "), "",
                "",
            ])
        }
        results.ratios.append(Ratio(label: "lottie Flipbook ÷ ThorVG", value: ours / thorvg))
        results.ratios.append(Ratio(label: "lottie Flipbook ÷ rlottie", value: ours / rlottie))
        return table
    }

    /// The `.json` files under `folder`, sorted.
    static func files(in folder: String) -> [String] {
        let found = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
    }

    /// The animation in `file` and the size it is drawn at; `nil` when Flipbook refuses it.
    static func decode(_ file: String) -> (LottieAnimation, (width: Int, height: Int))? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
            let root = try? JSONParser.parse(text), LottieAnimation.isLottie(root),
            let animation = try? WarningSink.discarding().receiving({ () throws in
                try LottieAnimation.decode(root, file: file)
            })
        else { return nil }
        let scale = min(1920 / animation.width, 1080 / animation.height)
        let size = (
            width: max(1, Int((animation.width * scale).rounded())),
            height: max(1, Int((animation.height * scale).rounded()))
        )
        return (animation, size)
    }

    /// Draws each of `files`' frames at 1080p over and over for its share of 5 s (0.2 s and one
    /// pass at least) and prints its rate, leaving out files Flipbook refuses: a target for
    /// `perf record`. Given a corpus, each file takes about the same time, so a profile weighs
    /// the files as their geometric mean does.
    static func profile(_ files: [String]) {
        let section = LottieSection(
            context: BenchmarkContext(
                root: URL(fileURLWithPath: "."), quick: false, work: URL(fileURLWithPath: ".")))
        let share = max(5 / Double(max(files.count, 1)), 0.2)
        for file in files {
            guard let (animation, size) = decode(file) else {
                print("\(file): refused by Flipbook, left out")
                continue
            }
            let start = ConcurrentCopies.monotonicSeconds()
            var rates = Samples()
            repeat {
                rates.add(section.flipbook(animation, size: size))
            } while ConcurrentCopies.monotonicSeconds() - start < share
            print(String(format: "%@ at %dx%d: %.0f frames/s", file, size.width, size.height, rates.median))
        }
    }

    /// Frames per second drawing `frames` frames of `animation` at `size`: each frame's display
    /// list built and painted by a render worker's `FramePainter` (RGBA, so without the
    /// conversion to `yuv420p` the players do not make) — redrawn only where it differs from
    /// the frame before, as the render stage does.
    func flipbook(_ animation: LottieAnimation, size: (width: Int, height: Int)) -> Double {
        let scene = LottieScene(animation: animation)
        let canvas = CGSize(width: Double(size.width), height: Double(size.height))
        var painter = FramePainter(
            width: size.width, height: size.height, background: .transparent, layers: nil)
        let pool = FramePool(width: size.width, height: size.height)
        let length = animation.outPoint - animation.inPoint
        func draw(_ index: Int) {
            let frame = length * Double(index) / Double(frames)
            let time = FrameTime(index: index, seconds: frame / animation.frameRate)
            _ = painter.paint([scene.displayList(size: canvas, time: time)], as: .rgba, pool: pool)
        }
        draw(0)
        let start = ConcurrentCopies.monotonicSeconds()
        for index in 0..<frames { draw(index) }
        return Double(frames) / (ConcurrentCopies.monotonicSeconds() - start)
    }

    /// ThorVG's and rlottie's frames per second on `file`; `nil` when either fails or hangs.
    private func peers(_ file: String, size: (width: Int, height: Int)) throws -> (
        thorvg: Double, rlottie: Double
    )? {
        let python = context.path(".build/tools/venv/bin/python")
        let command = [
            "timeout", "-s", "KILL", String(Int(Self.peerTimeout)), python, context.peer("lottie_players.py"),
            file,
            "--frames", String(frames), "--width", String(size.width), "--height", String(size.height),
        ]
        let outcome = try ChildProcess.run(command)
        guard outcome.status == 0,
            let line = outcome.standardOutput.split(separator: "\n").last,
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Double],
            let thorvg = object["thorvg"], let rlottie = object["rlottie"], thorvg > 0, rlottie > 0
        else { return nil }
        return (thorvg, rlottie)
    }
}

import Dispatch
import Flipbook
import FlipbookComposition
import Foundation

/// The text checks of `flipbook check` for a composition: **contrast** (each text's colour as
/// seen against the pixels actually behind its glyphs, WCAG 2.2's 1.4.3 or 1.4.6), **text
/// size** at the output size, **title-safe** (its glyphs' ink within the graphics-safe area)
/// and **reading time** (on screen long enough for its words).
///
/// The composition is sampled every `step` seconds. At each time, each text layer that shows
/// is rendered twice at `analysisHeight` lines: alone on transparency (`Composition.isolating`)
/// and the frame without it (`Composition.hiding`). Contrast, size and the safe area are judged
/// while a text shows at its full strength (not while it fades in or out); reading time over
/// each stretch it shows at half its strength or more. The safe area is judged while it is at
/// rest: text sliding in from outside the frame passes its edge on the way.
package struct TextChecker: Sendable {
    package let composition: Composition
    /// The canvas in points, and the output's pixels per point.
    package let canvas: CGSize
    package let outputScale: Double
    package let background: Color
    package let duration: Double
    package let frameRate: FrameRate
    package let rules: CheckRules

    /// Seconds between samples.
    static let step = 0.1
    /// Lines the frames are analysed at (at most the output's).
    static let analysisHeight = 540.0

    package init(
        composition: Composition, canvas: CGSize, outputScale: Double, background: Color, duration: Double,
        frameRate: FrameRate, rules: CheckRules
    ) {
        (self.composition, self.canvas, self.outputScale, self.background) = (
            composition, canvas, outputScale, background
        )
        (self.duration, self.frameRate, self.rules) = (duration, frameRate, rules)
    }

    /// The problems of every text layer, layer by layer in the order they first show.
    package func problems() -> [CheckProblem] {
        let scale = min(outputScale, Self.analysisHeight / canvas.height)
        let count = Int((duration / Self.step).rounded(.up))
        // Every (time, layer) pair to render, found by laying the frames out.
        var jobs: [(sample: Int, layer: LayerInspection)] = []
        for sample in 0..<count {
            let time = frameTime(Double(sample) * Self.step)
            for layer in Self.texts(in: composition.inspection(size: canvas, time: time, scale: scale)) {
                jobs.append((sample, layer))
            }
        }
        let work = jobs
        let results = IndexedResults<TextSample>.computing(work.count) { index in
            let (sample, layer) = work[index]
            return measure(layer, at: Double(sample) * Self.step, scale: scale / outputScale)
        }
        var order: [String] = []
        var samples: [String: (layer: LayerInspection, samples: [(index: Int, sample: TextSample)])] = [:]
        for (index, job) in jobs.enumerated() {
            if samples[job.layer.path] == nil { order.append(job.layer.path) }
            samples[job.layer.path, default: (job.layer, [])].samples.append((job.sample, results[index]))
        }
        return order.flatMap { path in judge(samples[path]!.layer, samples[path]!.samples) }
    }

    /// The frame time at `seconds`.
    private func frameTime(_ seconds: Double) -> FrameTime {
        FrameTime(
            index: Int(
                (seconds * Double(frameRate.numerator) / Double(frameRate.denominator)).rounded(.down)),
            seconds: seconds)
    }

    /// `layer` measured at `seconds` from renders `scale` times the output's size.
    private func measure(_ layer: LayerInspection, at seconds: Double, scale: Double) -> TextSample {
        let pixels = scale * outputScale
        let (width, height) = (
            Int((canvas.width * pixels).rounded()), Int((canvas.height * pixels).rounded())
        )
        func render(_ scene: Composition, on background: Color) -> Pixmap {
            ScaledScene(scene: scene, size: canvas, scale: pixels)
                .renderedFrame(at: frameTime(seconds), width: width, height: height, background: background)
        }
        let own = render(composition.isolating(layer.path), on: .clear)
        let behind = render(composition.hiding(layer.path), on: background)
        return TextSample(time: seconds, layer: layer, own: own, behind: behind, scale: scale)
    }

    /// The text layers of `layers` (and of their groups) that show and hold text.
    private static func texts(in layers: [LayerInspection]) -> [LayerInspection] {
        layers.flatMap { layer in
            layer.kind == "text" && layer.visible && layer.text != nil ? [layer] : texts(in: layer.layers)
        }
    }

    /// The problems of one layer from its samples (`index`: the sample's number, in order).
    private func judge(_ layer: LayerInspection, _ samples: [(index: Int, sample: TextSample)])
        -> [CheckProblem]
    {
        let full = samples.map(\.sample.strength).max() ?? 0
        guard full > 0 else { return [] }
        let settled = samples.filter { $0.sample.strength >= 0.95 * full }
        // At rest: fully shown, and where it was a sample before (within a pixel) — not sliding
        // in or out, which may pass the safe area's edge on the way.
        let resting = settled.filter { current in
            guard let before = samples.last(where: { $0.index == current.index - 1 }),
                let ink = current.sample.ink, let previous = before.sample.ink
            else { return false }
            return abs(ink.minX - previous.minX) <= 1 && abs(ink.maxX - previous.maxX) <= 1
                && abs(ink.minY - previous.minY) <= 1 && abs(ink.maxY - previous.maxY) <= 1
        }
        let output = (width: canvas.width * outputScale, height: canvas.height * outputScale)
        let smallest = rules.minimumTextSize(
            width: Int(output.width.rounded()), height: Int(output.height.rounded()))
        let safe = CGRect(x: 0, y: 0, width: output.width, height: output.height)
            .insetBy(dx: output.width * rules.titleSafeMargin, dy: output.height * rules.titleSafeMargin)
        var problems: [CheckProblem] = []
        let name = "\"\(layer.name)\""
        // Contrast: the lowest ratio of each stretch below what the text's size needs.
        for run in Self.runs(
            settled.filter { sample in
                guard let ratio = sample.sample.contrast else { return false }
                return ratio < required(sample.sample)
            })
        {
            let worst = run.min { ($0.sample.contrast ?? 0) < ($1.sample.contrast ?? 0) }!.sample
            let need = required(worst)
            let level = rules.contrast.rawValue.uppercased()
            problems.append(
                problem(
                    .contrast, run, layer, measured: worst.contrast ?? 0, limit: need,
                    "\(name) has a contrast of \(Self.ratio(worst.contrast ?? 0)) with what is behind it at \(Self.seconds(worst.time)); WCAG \(level) needs \(Self.ratio(need)) for \(CheckRules.isLarge(size: worst.size, weight: worst.weight) ? "large" : "its size of") text\(CheckRules.isLarge(size: worst.size, weight: worst.weight) ? "" : " (\(Self.pixels(worst.size)))")"
                ))
        }
        // Size: judged at the largest it is set at while it shows fully, so that text growing
        // into place is not held to the size it starts at.
        if let size = settled.map(\.sample.size).max(), size < smallest {
            problems.append(
                problem(
                    .textSize, settled, layer, measured: size, limit: smallest,
                    "\(name) is set at \(Self.pixels(size)) in the \(Int(output.width.rounded()))×\(Int(output.height.rounded())) output; text under \(Self.pixels(smallest)) is hard to read"
                ))
        }
        for run in Self.runs(resting.filter { $0.sample.ink.map { !safe.contains($0) } ?? false }) {
            let worst = run.map { Self.overshoot($0.sample.ink!, safe) }.max { $0.by < $1.by }!
            problems.append(
                problem(
                    .titleSafe, run, layer, measured: worst.by, limit: 0,
                    "\(name) reaches \(Self.pixels(worst.by)) past the title-safe area at the \(worst.edge) (it keeps \(Int((rules.titleSafeMargin * 100).rounded())) % of each side clear)"
                ))
        }
        for run in Self.runs(samples.filter { $0.sample.strength >= 0.5 * full }) {
            let words = run.map(\.sample.words).max() ?? 0
            let shown =
                min(Double(run.last!.index + 1) * Self.step, duration) - Double(run[0].index) * Self.step
            let needed = Double(words) / rules.wordsPerSecond
            guard shown + 1e-9 < needed else { continue }
            problems.append(
                problem(
                    .readingTime, run, layer, measured: shown, limit: needed,
                    "\(name) shows \(words) word\(words == 1 ? "" : "s") for \(Self.seconds(shown)); reading \(words == 1 ? "it" : "them") takes \(Self.seconds(needed)) at \(Self.number(rules.wordsPerSecond)) words a second"
                ))
        }
        return problems
    }

    /// The ratio a sample's text needs: less for large text.
    private func required(_ sample: TextSample) -> Double {
        rules.contrast.required(large: CheckRules.isLarge(size: sample.size, weight: sample.weight))
    }

    private func problem(
        _ check: CheckProblem.Check, _ run: [(index: Int, sample: TextSample)], _ layer: LayerInspection,
        measured: Double, limit: Double, _ message: String
    ) -> CheckProblem {
        CheckProblem(
            check: check, start: Double(run[0].index) * Self.step,
            end: min(Double(run.last!.index + 1) * Self.step, duration), layer: layer.name, path: layer.path,
            measured: measured, limit: limit, message: message)
    }

    /// `samples` in stretches of consecutive sample numbers.
    static func runs(_ samples: [(index: Int, sample: TextSample)]) -> [[(index: Int, sample: TextSample)]] {
        var runs: [[(index: Int, sample: TextSample)]] = []
        for sample in samples {
            if let last = runs.last?.last, last.index + 1 == sample.index {
                runs[runs.count - 1].append(sample)
            } else {
                runs.append([sample])
            }
        }
        return runs
    }

    /// How far `ink` reaches past `safe`, and at which edge.
    private static func overshoot(_ ink: CGRect, _ safe: CGRect) -> (by: Double, edge: String) {
        [
            (safe.minX - ink.minX, "left"), (ink.maxX - safe.maxX, "right"), (safe.minY - ink.minY, "top"),
            (ink.maxY - safe.maxY, "bottom"),
        ].max { $0.0 < $1.0 }!
    }

    static func ratio(_ value: Double) -> String { String(format: "%.2f:1", value) }
    static func pixels(_ value: Double) -> String { String(format: "%.0f px", value) }
    static func seconds(_ value: Double) -> String { String(format: "%.1f s", value) }
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }
}

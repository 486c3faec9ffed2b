import FlipbookFFmpeg
import FlipbookTimeline
import Foundation

/// How a GIF, APNG or WebP is brought within a size budget: formats without rate control, each
/// try a whole render. The steps give up the least first, and each is taken only when the file
/// is still too large with those before it:
///
/// 1. WebP: its quality, searched from 100 down to `lowestQuality`;
/// 2. GIF: dithering off (an ordered pattern costs LZW a good deal);
/// 3. a frame rate of `reducedRate` (15), if the video's is higher — for WebP with its quality
///    searched again, since half the frames leave room for more of it;
/// 4. the scale, searched down to `lowestScale` of the one asked for (WebP: at the quality
///    asked for, where even the lowest was too large at 15 fps — pixels then give more).
///
/// When a step overshoots — the file becomes smaller than the range — the search goes back
/// to the step before and searches the scale there instead: a slightly smaller picture keeps
/// more than a step that gave up too much. A searched knob (quality, scale) is found by
/// bisection on the logarithm of the size, guessing by the slope of the last two tries.
struct BudgetLadder: Sendable {
    let tries: BudgetTries

    static let lowestQuality = 40.0
    static let reducedRate = FrameRate(15, 1)!
    static let lowestScale = 0.1
    /// Tries of one search, at most.
    static let searchTries = 6

    /// Brings the file into `budget`; `asAsked`: the bytes of the video as asked, when it was
    /// already rendered (over a ceiling), so that it is not rendered again.
    func run(_ budget: SizeBudget, asAsked: Int? = nil) async throws -> VideoExport.Summary {
        var steps: [VideoExport] = [tries.export]
        let format = tries.export.output.format
        if format == .gif, tries.export.output.dither != .none {
            var plain = steps.last!
            plain.output.dither = .none
            steps.append(plain)
        }
        if tries.export.sampler.frameRate.framesPerSecond > Self.reducedRate.framesPerSecond {
            var slower = steps.last!
            if let sampler = TimelineSampler(
                frameRate: Self.reducedRate, durationSeconds: slower.sampler.durationSeconds)
            {
                slower.sampler = sampler
                steps.append(slower)
            }
        }
        var previous: VideoExport?
        var lastBytes: Int?
        for (index, step) in steps.enumerated() {
            // (A lossless WebP's quality is the effort spent, not its fidelity: not a knob.)
            if format == .webp, step.encoderSettings.resolvedPixelFormat != "bgra" {
                // The quality at each frame rate, before any pixels are given up: 15 fps at the
                // quality asked for could land under the range, or need a smaller picture, where
                // a quality between the two lands. Where even the lowest is too large at 15 fps,
                // the scale is searched at the quality asked for (75 by default).
                if let landed = try await search(budget, from: step, knob: .quality) { return landed }
                continue
            }
            if index == 0, let asAsked, asAsked > budget.bytes {
                (previous, lastBytes) = (step, asAsked)
                continue
            }
            let summary = try await tries.render(step, "try \(index + 1): \(Self.describe(step))")
            if budget.fitting.contains(summary.bytes) { return summary }
            if summary.bytes < budget.fitting.lowerBound {
                // Too far: the step before with a smaller picture, or this one if it is the first.
                guard let before = previous else { return summary }
                if let landed = try await search(budget, from: before, knob: .scale) { return landed }
                return try await tries.render(step, "keeping \(Self.describe(step))")
            }
            (previous, lastBytes) = (step, summary.bytes)
        }
        guard let last = steps.last,
            let landed = try await search(budget, from: last, knob: .scale, top: lastBytes)
        else {
            throw ExportError.invalidSettings(
                MediaError(
                    operation: "fit the \(format) in \(budget)",
                    message:
                        "it is larger even at \(Int(Self.lowestScale * 100)) % of its scale and \(Self.reducedRate.framesPerSecond) fps; a shorter video or a larger budget would fit"
                ))
        }
        return landed
    }

    /// What a search varies.
    enum Knob {
        case quality, scale

        var range: ClosedRange<Double> {
            switch self {
            case .quality: BudgetLadder.lowestQuality...100
            case .scale: BudgetLadder.lowestScale...1
            }
        }

        func apply(_ value: Double, to export: VideoExport, base: VideoExport) -> VideoExport {
            var changed = export
            switch self {
            case .quality: changed.output.quality = value.rounded()
            case .scale: changed.scale = base.scale * value
            }
            return changed
        }
    }

    /// Searches `knob` between its lowest and the value `from` has for a file in the range;
    /// the render that landed, or `nil` when none did (the best that fit, if any, is left in
    /// the file).
    /// `top`: the size already rendered at the top of the knob's range, when it was.
    private func search(_ budget: SizeBudget, from export: VideoExport, knob: Knob, top: Int? = nil)
        async throws
        -> VideoExport.Summary?
    {
        var (low, high) = (knob.range.lowerBound, knob.range.upperBound)
        var tried: [(value: Double, bytes: Int)] = top.map { [(high, $0)] } ?? []
        var best: (value: Double, summary: VideoExport.Summary)?
        for _ in 0..<Self.searchTries {
            // The first try at the top; then where the line through the last two tries (log
            // size against the knob) meets the budget's aim, kept inside the bracket.
            var value = tried.isEmpty ? high : (low + high) / 2
            if tried.count == 1, knob == .scale {
                // A picture's bytes go about as its area: the scale's square.
                value = max(
                    low,
                    min(
                        high,
                        tried[0].value
                            * (Double(budget.bytes) * BudgetTries.aim / Double(tried[0].bytes)).squareRoot()))
            } else if tried.count >= 2 {
                let (a, b) = (tried[tried.count - 2], tried[tried.count - 1])
                let slope = (log(Double(b.bytes)) - log(Double(a.bytes))) / (b.value - a.value)
                let guess =
                    b.value + (log(Double(budget.bytes) * BudgetTries.aim) - log(Double(b.bytes))) / slope
                if slope.isFinite, slope > 0, guess > low, guess < high { value = guess }
            }
            if knob == .quality { value = value.rounded() }
            if tried.contains(where: { $0.value == value }) { break }
            let changed = knob.apply(value, to: export, base: tries.export)
            let summary = try await tries.render(
                changed,
                "\(knob == .quality ? "quality" : "scale") \(String(format: "%.2f", value)): \(Self.describe(changed))"
            )
            tried.append((value, summary.bytes))
            if budget.fitting.contains(summary.bytes) { return summary }
            if summary.bytes > budget.bytes {
                high = value
            } else {
                low = value
                if summary.bytes > best?.summary.bytes ?? -1 { best = (value, summary) }
            }
            if high - low < (knob == .quality ? 1 : 0.005) { break }
        }
        guard let best else { return nil }
        // The largest that fit: in the file if it was the last try, else rendered again.
        if tried.last?.value == best.value { return best.summary }
        return try await tries.render(
            knob.apply(best.value, to: export, base: tries.export), "keeping the largest that fit")
    }

    /// A try's settings in words.
    static func describe(_ export: VideoExport) -> String {
        let pixels = export.pixelSize
        var words = ["\(pixels.width)×\(pixels.height)", "\(export.sampler.frameRate) fps"]
        if export.output.format == .gif { words.append("dither \(export.output.dither.rawValue)") }
        if export.output.format == .webp { words.append("quality \(Int(export.output.quality ?? 75))") }
        return words.joined(separator: ", ")
    }
}

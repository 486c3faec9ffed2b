import Flipbook
import FlipbookPipeline

/// One frame of one preset as `flipbook test` found it: which, where its reference picture is,
/// and what came of comparing (or recording) it.
struct GoldenCheck: Sendable {
    /// The preset, as given or found in a folder.
    var preset: String
    /// The time's name (`1.5s`, `drop+0.5`, `36f`), which names the reference.
    var frame: String
    /// The reference picture, `golden/NAME/FRAME.png` beside the preset.
    var reference: String
    var outcome: Outcome

    /// What came of one frame.
    enum Outcome: Sendable {
        /// It matches its reference; the comparison holds the scores.
        case matches(GoldenComparison)
        /// It differs from its reference.
        case differs(GoldenComparison)
        /// `--update` wrote its reference.
        case recorded
        /// It has no reference yet.
        case missing
        /// Its reference is of another size (recorded at another `--scale` or `--size`).
        case resized(reference: (width: Int, height: Int), frame: (width: Int, height: Int))
        /// It could not be rendered, or its reference read: the message.
        case failed(String)
    }

    /// Whether it passed: it matches, or was recorded.
    var passed: Bool {
        switch outcome {
        case .matches, .recorded: true
        case .differs, .missing, .resized, .failed: false
        }
    }

    /// Why it failed, in one line; `nil` when it passed.
    var failure: String? {
        switch outcome {
        case .matches, .recorded: nil
        case .differs(let comparison): "differs from \(reference): \(Self.scores(comparison))"
        case .missing: "has no reference \(reference): run flipbook test --update to record it"
        case .resized(let reference, let frame):
            "is \(frame.width)×\(frame.height) pixels but \(self.reference) is \(reference.width)×\(reference.height): "
                + "test at the --scale and --size it was recorded at, or record it again with --update"
        case .failed(let message): message
        }
    }

    /// The scores of a comparison, as messages and reports give them: the worst window's SSIM
    /// and where it is, against the lowest allowed, and the mean.
    static func scores(_ comparison: GoldenComparison) -> String {
        let lowest = comparison.similarity.lowest
        return "SSIM \(format(lowest.score)) in the window at (\(lowest.x), \(lowest.y)), "
            + "\(comparison.matches ? "at least" : "below") \(format(1 - comparison.tolerance)) "
            + "(--tolerance \(format(comparison.tolerance))); mean \(format(comparison.similarity.mean))"
    }

    /// A score to four decimals, as `0.9731`.
    static func format(_ score: Double) -> String {
        let scaled = Int((score * 10_000).rounded())
        let sign = scaled < 0 ? "-" : ""
        let digits = String(abs(scaled) % 10_000)
        return "\(sign)\(abs(scaled) / 10_000).\(String(repeating: "0", count: 4 - digits.count))\(digits)"
    }
}

/// One problem `flipbook check` found: which check, when, in which layer, and what it measured
/// against what it needs.
package struct CheckProblem: Sendable, Equatable {
    /// The checks, as reports and `--json` name them.
    package enum Check: String, Sendable, CaseIterable {
        case flash
        case redFlash = "red-flash"
        case contrast
        case textSize = "text-size"
        case titleSafe = "title-safe"
        case readingTime = "reading-time"
        case loudness
        case truePeak = "true-peak"
    }

    package var check: Check
    /// The seconds it lasts; `nil` for a problem of the whole video (its loudness).
    package var start: Double?
    package var end: Double?
    /// The layer it is in (its name and JSON path), when one is to blame.
    package var layer: String?
    package var path: String?
    /// What was measured, and the limit it breaks, in the check's unit (`ratio`, `px`, `s`,
    /// `LUFS`, `dBTP`, `flashes/s`).
    package var measured: Double
    package var limit: Double
    /// The problem in words.
    package var message: String
}

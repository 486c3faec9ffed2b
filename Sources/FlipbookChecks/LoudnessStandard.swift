/// A loudness target a video's sound is checked against: integrated loudness within a
/// tolerance, and a true-peak ceiling.
package struct LoudnessStandard: Sendable, Equatable {
    package var name: String
    /// LUFS, and how far from it the sound may be, LU.
    package var integrated: Double
    package var tolerance: Double
    /// The highest true peak allowed, dBTP.
    package var truePeak: Double

    /// EBU R 128 (2020): −23 LUFS, ±0.5 LU where it can be met (±1 LU for live), true peak at
    /// most −1 dBTP. The check allows ±1 LU.
    package static let ebuR128 = LoudnessStandard(
        name: "ebu-r128", integrated: -23, tolerance: 1, truePeak: -1)
    /// ATSC A/85 (2013): −24 LKFS ±2 dB, true peak at most −2 dBTP.
    package static let atscA85 = LoudnessStandard(
        name: "atsc-a85", integrated: -24, tolerance: 2, truePeak: -2)
    /// A platform's own target, `integrated` LUFS ±1 LU, true peak at most −1 dBTP.
    package static func target(_ integrated: Double) -> LoudnessStandard {
        LoudnessStandard(name: "\(integrated) LUFS", integrated: integrated, tolerance: 1, truePeak: -1)
    }

    /// The named standards, as `--loudness-target` takes them.
    package static let named = [ebuR128, atscA85]
}

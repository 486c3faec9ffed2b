import Foundation

/// What `LoudnessMeter` measured of a stereo signal.
package struct LoudnessMeasurement: Hashable, Sendable {
    /// Integrated loudness in LUFS, gated as ITU-R BS.1770-4 says; `nil` when no 400 ms block
    /// is louder than its absolute gate of −70 LUFS (silence, or less than 0.4 s of sound).
    package var integrated: Double?
    /// The true peak in dBTP (decibels of full scale, between the samples too); −∞ for silence.
    package var truePeak: Double

    package init(integrated: Double?, truePeak: Double) {
        (self.integrated, self.truePeak) = (integrated, truePeak)
    }
}

/// Measures the loudness of 48 kHz stereo as ITU-R BS.1770-4 and EBU R 128 define it — what
/// streaming services, broadcasters and `ffmpeg`'s `ebur128` filter report — and its true peak.
///
/// Each channel is K-weighted (`KWeightingFilter`) and its squares summed per 100 ms; a block
/// is 400 ms (four such steps, so blocks overlap by 75 %) and its loudness is
/// −0.691 + 10·log₁₀ of the channels' mean squares added (left and right weigh 1). The
/// integrated loudness averages the blocks' mean squares over those above −70 LUFS and, of
/// those, above the average less 10 LU: pauses and quiet tails do not pull it down. Only whole
/// blocks count.
package final class LoudnessMeter {
    /// Sample frames per 100 ms step.
    static let step = AudioMix.sampleRate / 10
    private var filters = [KWeightingFilter(), KWeightingFilter()]
    private var peaks = [TruePeakMeter(), TruePeakMeter()]
    /// Whether the true peak is measured: most of the meter's work.
    private let measuresPeak: Bool
    /// The weighted squares of both channels summed, per whole step.
    private var steps: [Double] = []
    private var current = 0.0
    private var inStep = 0

    /// A meter of loudness, and of the true peak unless `measuresPeak` is false (its
    /// measurement's `truePeak` is then −∞).
    package init(measuresPeak: Bool = true) {
        self.measuresPeak = measuresPeak
    }

    /// Adds interleaved stereo samples (left, right, left, …).
    package func add(_ samples: [Float]) {
        let frames = samples.count / 2
        samples.withUnsafeBufferPointer { samples in
            guard let base = samples.baseAddress else { return }
            if measuresPeak {
                for channel in 0..<2 { peaks[channel].add(base + channel, count: frames, stride: 2) }
            }
            // The filters in locals: through the array, each sample's update would check that
            // the array's storage is not shared.
            var (leftFilter, rightFilter) = (filters[0], filters[1])
            for frame in 0..<frames {
                let left = leftFilter.process(Double(base[2 * frame]))
                let right = rightFilter.process(Double(base[2 * frame + 1]))
                current += left * left + right * right
                inStep += 1
                if inStep == Self.step {
                    steps.append(current)
                    (current, inStep) = (0, 0)
                }
            }
            filters = [leftFilter, rightFilter]
        }
    }

    /// The measurement of everything added so far.
    package var measurement: LoudnessMeasurement {
        let peak = max(peaks[0].peak, peaks[1].peak)
        return LoudnessMeasurement(integrated: integrated, truePeak: 20 * log10(peak))
    }

    /// The gated loudness of the blocks of four consecutive steps.
    private var integrated: Double? {
        guard steps.count >= 4 else { return nil }
        let blockFrames = Double(4 * Self.step)
        let blocks = (0...(steps.count - 4)).map { start in
            (steps[start] + steps[start + 1] + steps[start + 2] + steps[start + 3]) / blockFrames
        }
        let audible = blocks.filter { Self.loudness($0) > -70 }
        guard !audible.isEmpty else { return nil }
        let relativeGate = Self.loudness(audible.reduce(0, +) / Double(audible.count)) - 10
        let counted = audible.filter { Self.loudness($0) > relativeGate }
        return Self.loudness(counted.reduce(0, +) / Double(counted.count))
    }

    /// The loudness of a mean square, in LUFS.
    private static func loudness(_ meanSquare: Double) -> Double {
        -0.691 + 10 * log10(meanSquare)
    }
}

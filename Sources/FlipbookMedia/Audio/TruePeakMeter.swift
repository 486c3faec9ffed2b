import Foundation

/// The true peak of one channel, as ITU-R BS.1770 (Annex 2) estimates it: the largest magnitude
/// of the signal oversampled four times, which catches the peaks between samples that a
/// sample peak misses (a sine at a quarter of the rate, sampled 45° off its crest, peaks 3 dB
/// above its samples) and that a player's reconstruction filter, or a lossy encoder, brings
/// back.
///
/// The three points between each pair of samples are interpolated by a 48-tap polyphase
/// low-pass — a Hann-windowed sinc, 12 taps per phase, each phase scaled to unit gain at 0 Hz —
/// so the points at the samples are the samples themselves. They lag the input by six samples,
/// which a stream of any real length does not notice; the samples themselves count at once.
struct TruePeakMeter {
    /// Taps per phase: the interpolation window covers six samples either side.
    static let taps = 12
    /// The weights of the last `taps` samples, oldest first, for the point `k`/4 of the way
    /// from sample n−6 to n−5, at `(k − 1) · taps` (k = 1, 2, 3).
    private static let weights: [Double] = (1...3).flatMap { k in
        let weights = (0..<taps).map { i -> Double in
            let distance = 5 + Double(k) / 4 - Double(i)
            let sinc = sin(Double.pi * distance) / (Double.pi * distance)
            return sinc * 0.5 * (1 + cos(Double.pi * distance / 6))
        }
        let sum = weights.reduce(0, +)
        return weights.map { $0 / sum }
    }

    /// The last `taps` samples twice over, so that they lie in order, oldest first, from
    /// `next + 1` whichever slot the newest went to.
    private var history = [Double](repeating: 0, count: 2 * taps)
    private var next = 0
    /// The largest magnitude seen, at the samples and between them.
    private(set) var peak = 0.0

    /// Adds `count` samples read `stride` apart from `samples`.
    mutating func add(_ samples: UnsafePointer<Float>, count: Int, stride: Int) {
        let taps = Self.taps
        var (next, peak) = (self.next, self.peak)
        history.withUnsafeMutableBufferPointer { history in
            Self.weights.withUnsafeBufferPointer { weights in
                for n in 0..<count {
                    let sample = Double(samples[n * stride])
                    (history[next], history[next + taps]) = (sample, sample)
                    next = next == taps - 1 ? 0 : next + 1
                    peak = max(peak, abs(sample))
                    let window = history.baseAddress! + next
                    for phase in 0..<3 {
                        var value = 0.0
                        for i in 0..<taps { value += weights[phase * taps + i] * window[i] }
                        peak = max(peak, abs(value))
                    }
                }
            }
        }
        (self.next, self.peak) = (next, peak)
    }
}

import Foundation

/// The true peak of one channel, as ITU-R BS.1770 (Annex 2) estimates it: the largest magnitude
/// of the signal oversampled four times, which catches the peaks between samples that a
/// sample peak misses (a sine at a quarter of the rate, sampled 45° off its crest, peaks 3 dB
/// above its samples) and that a player's reconstruction filter, or a lossy encoder, brings
/// back.
///
/// The three points between each pair of samples are interpolated by a polyphase low-pass of
/// 32 taps per phase — a sinc in a Kaiser window (β = 8), each phase scaled to unit gain at
/// 0 Hz — so the points at the samples are the samples themselves. Twelve taps, as the
/// recommendation's example filter has, missed up to 0.07 of full scale at the sharp onset of
/// a click against an ideal band-limited interpolation; these miss under 0.02. The points lag
/// the input by sixteen samples, which a stream of any real length does not notice; the
/// samples themselves count at once.
package struct TruePeakMeter {
    /// Taps per phase: the interpolation window covers sixteen samples either side.
    static let taps = 32
    /// The weights of the last `taps` samples, oldest first, for the point `k`/4 of the way
    /// from sample n−16 to n−15, at `(k − 1) · taps` (k = 1, 2, 3).
    private static let weights: [Double] = (1...3).flatMap { k in
        let half = Double(taps / 2)
        let weights = (0..<taps).map { i -> Double in
            let distance = half - 1 + Double(k) / 4 - Double(i)
            let sinc = sin(Double.pi * distance) / (Double.pi * distance)
            let t = distance / half
            return sinc * besselI0(8 * (1 - t * t).squareRoot()) / besselI0(8)
        }
        let sum = weights.reduce(0, +)
        return weights.map { $0 / sum }
    }

    /// The most any interpolated point can be, as a multiple of the largest sample it is made
    /// of: the largest sum of a phase's weights' magnitudes.
    static let largestGain: Double = (0..<3).map { phase in
        weights[(phase * taps)..<((phase + 1) * taps)].reduce(0) { $0 + abs($1) }
    }.max()!

    /// The modified Bessel function of the first kind, order 0, by its power series (the Kaiser
    /// window's shape).
    private static func besselI0(_ x: Double) -> Double {
        var (sum, term, k) = (1.0, 1.0, 1.0)
        while term > 1e-14 * sum {
            term *= (x / (2 * k)) * (x / (2 * k))
            sum += term
            k += 1
        }
        return sum
    }

    /// The largest magnitude of the three points between the two middle ones of the `taps`
    /// samples read `stride` apart from `window`.
    static func largestBetween(_ window: UnsafePointer<Float>, stride: Int) -> Double {
        var largest = 0.0
        weights.withUnsafeBufferPointer { weights in
            for phase in 0..<3 {
                var value = 0.0
                for i in 0..<taps { value += weights[phase * taps + i] * Double(window[i * stride]) }
                largest = max(largest, abs(value))
            }
        }
        return largest
    }

    /// The last `taps` samples twice over, so that they lie in order, oldest first, from
    /// `next + 1` whichever slot the newest went to.
    private var history = [Double](repeating: 0, count: 2 * taps)
    private var next = 0
    /// The largest magnitude seen, at the samples and between them.
    package private(set) var peak = 0.0

    package init() {}

    /// Adds `count` samples read `stride` apart from `samples`.
    package mutating func add(_ samples: UnsafePointer<Float>, count: Int, stride: Int) {
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

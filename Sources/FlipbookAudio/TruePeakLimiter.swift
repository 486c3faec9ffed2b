import Foundation

/// A look-ahead limiter that keeps a stereo stream's true peak at or under a ceiling, for a
/// loudness target that one gain cannot reach without passing it (`LoudnessNormalization`).
///
/// For every frame it finds the gain that would bring the frame's peak — the larger channel,
/// at the sample and at the points a quarter, half and three quarters of the way to each
/// neighbour, interpolated as `TruePeakMeter` does — down to the ceiling (1 where it is under).
/// The gain applied is the smallest of those over the next `lookahead` frames, averaged over
/// the last `lookahead` frames: every window that average takes includes the frame itself, so
/// the gain at a frame is never more than the frame needs, and it falls smoothly into each peak
/// over `lookahead` frames (5 ms) instead of in a step, which would click. It rises back
/// exponentially, over `release` seconds, so that quiet frames right after a peak are not pumped
/// up. Both channels get the same gain: the stereo image stays. The stream is not delayed: the
/// limiter reads its source `lookahead` frames (and the interpolation's sixteen) ahead.
///
/// Deterministic, frame by frame, whatever the block sizes asked for.
final class TruePeakLimiter {
    /// Frames the gain looks ahead and ramps over: 5 ms, a true-peak limiter's usual attack,
    /// long enough that the gain hardly changes across the 32 frames each interpolated point
    /// is made of.
    static let lookahead = 240
    /// Frames of context the interpolation needs either side of a frame.
    private static let reach = TruePeakMeter.taps / 2
    private let ceiling: Double
    private let releaseStep: Double
    /// Source frames, interleaved, from frame `bufferStart` on (negative frames are silence).
    private var buffer: [Float]
    private var bufferStart: Int
    /// How far the source has been read: the frame after the buffer's last.
    private var read: Int
    /// The next frame to put out.
    private var position = 0
    private var lastGain = 1.0
    /// The smallest gain applied so far.
    private(set) var smallestGain = 1.0

    /// A limiter to `ceiling` (a linear amplitude) releasing over `release` seconds.
    init(ceiling: Double, release: Double = 0.1) {
        self.ceiling = ceiling
        releaseStep = 1 - exp(-1 / (release * Double(AudioMix.sampleRate)))
        let history = Self.lookahead + 2 * Self.reach
        buffer = [Float](repeating: 0, count: 2 * history)
        bufferStart = -history
        read = 0
    }

    /// The next `count` frames of `source` — which gives exactly the frames asked for, silence
    /// past its end — limited.
    func next(_ count: Int, from source: (Int) throws -> [Float]) rethrows -> [Float] {
        let (lookahead, reach) = (Self.lookahead, Self.reach)
        // Gains are needed for frames position − lookahead + 1 ..< position + count + lookahead − 1,
        // each reading `reach` frames either side.
        let first = position - lookahead + 1
        let end = position + count + lookahead - 1
        if end + reach > read {
            buffer += try source(end + reach - read)
            read = end + reach
        }
        let needed = self.needed(from: first, to: end)
        let minima = Self.slidingMinima(needed, width: lookahead)
        var output = [Float](repeating: 0, count: 2 * count)
        // Whole numbers, so that every frame's average is the same whichever block it falls in.
        var sum = minima[0..<(lookahead - 1)].reduce(0, +)
        for index in 0..<count {
            sum += minima[index + lookahead - 1]
            let average = Double(sum) / (Double(lookahead) * Self.unit)
            sum -= minima[index]
            let gain = average < lastGain ? average : lastGain + (average - lastGain) * releaseStep
            lastGain = min(gain, average)
            smallestGain = min(smallestGain, lastGain)
            let frame = 2 * (position + index - bufferStart)
            output[2 * index] = Float(Double(buffer[frame]) * lastGain)
            output[2 * index + 1] = Float(Double(buffer[frame + 1]) * lastGain)
        }
        position += count
        // Keep what the next call reads behind its first frame.
        let keep = position - lookahead + 1 - reach
        if keep > bufferStart {
            buffer.removeFirst(2 * (keep - bufferStart))
            bufferStart = keep
        }
        return output
    }

    /// The smallest of each `width` consecutive values (`values.count − width + 1` of them),
    /// in one pass: a queue of the positions of values smaller than every value after them, so
    /// its head is always the window's smallest.
    private static func slidingMinima(_ values: [Int64], width: Int) -> [Int64] {
        var queue = [Int](repeating: 0, count: values.count)
        var (head, tail) = (0, 0)
        var minima: [Int64] = []
        minima.reserveCapacity(values.count - width + 1)
        for (index, value) in values.enumerated() {
            while tail > head, values[queue[tail - 1]] >= value { tail -= 1 }
            queue[tail] = index
            tail += 1
            if queue[head] <= index - width { head += 1 }
            if index >= width - 1 { minima.append(values[queue[head]]) }
        }
        return minima
    }

    /// Frames whose interpolation `needed` skips together when none of them can pass the ceiling.
    private static let run = 64

    /// A gain of 1 in the whole numbers `needed` gives: 2³⁰.
    private static let unit = Double(1 << 30)

    /// The gain each frame `from ..< to` needs: the ceiling over its peak — the larger
    /// channel, at the sample and between it and either neighbour — at most 1, in `unit`s
    /// rounded down.
    private func needed(from first: Int, to end: Int) -> [Int64] {
        let reach = Self.reach
        return buffer.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            // The peak between each frame and the next, for frames first − 1 ..< end; 0 in a run
            // of frames whose interpolation reads nothing loud enough to pass the ceiling (most
            // of a mix), where it cannot change what a frame needs.
            var between = [Double](repeating: 0, count: end - first + 1)
            for run in stride(from: first - 1, to: end, by: Self.run) {
                let runEnd = min(run + Self.run, end)
                var largest: Float = 0
                for frame in (run - reach + 1)..<(runEnd + reach) {
                    let sample = base + 2 * (frame - bufferStart)
                    largest = max(largest, abs(sample[0]), abs(sample[1]))
                }
                guard Double(largest) * TruePeakMeter.largestGain > ceiling else { continue }
                for frame in run..<runEnd {
                    let window = base + 2 * (frame - reach + 1 - bufferStart)
                    between[frame - first + 1] = max(
                        TruePeakMeter.largestBetween(window, stride: 2),
                        TruePeakMeter.largestBetween(window + 1, stride: 2))
                }
            }
            return (first..<end).map { frame in
                let sample = base + 2 * (frame - bufferStart)
                let index = frame - first
                let peak = max(
                    abs(Double(sample[0])), abs(Double(sample[1])), between[index], between[index + 1])
                return Int64(((peak > ceiling ? ceiling / peak : 1) * Self.unit).rounded(.down))
            }
        }
    }
}

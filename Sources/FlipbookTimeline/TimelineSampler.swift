/// Turns a duration and a frame rate into the list of frame times to render.
///
/// **Frame count rule.** A video of duration D at rate R has `⌈D·R⌉` frames: every frame whose
/// start time lies before D. So 3 s at 60 fps is 180 frames, and 3 s at 30000/1001 is
/// ⌈89.91⌉ = 90 frames, lasting exactly 90 × 1001/30000 = 3.003 s. (A tolerance of 10⁻⁹ frames
/// absorbs the floating-point error of D, so 3 s at 60 fps never becomes 181.) The output's
/// duration is `frameCount / R`, which may exceed D by less than one frame.
///
/// Times are computed from the index (`FrameRate.seconds(ofFrame:)`), never accumulated.
public struct TimelineSampler: Hashable, Sendable {
    public let frameRate: FrameRate
    /// Number of frames this sampler yields: the whole video's, or a chunk's share.
    public private(set) var frameCount: Int
    /// The index in the whole video of the first frame it yields (0 unless `restricted(to:)`).
    public private(set) var firstFrame = 0
    /// Number of frames in the whole video.
    public private(set) var totalFrameCount: Int

    /// The most frames one render may have: 24 hours at 240 fps.
    public static let maximumFrameCount = 24 * 3600 * 240

    /// A sampler for `durationSeconds` at `frameRate`; `nil` when the duration is not a finite
    /// positive number or would exceed `maximumFrameCount` frames.
    public init?(frameRate: FrameRate, durationSeconds: Double) {
        guard durationSeconds.isFinite, durationSeconds > 0 else { return nil }
        let count = Self.frameCount(durationSeconds: durationSeconds, frameRate: frameRate)
        guard count >= 1, count <= Double(Self.maximumFrameCount) else { return nil }
        self.frameRate = frameRate
        self.frameCount = Int(count)
        totalFrameCount = frameCount
    }

    /// The frame count rule, ⌈D·R⌉ less the tolerance, as a `Double` that may exceed any `Int`
    /// (so a limit can be checked before anything is converted): the one place it is computed.
    public static func frameCount(durationSeconds: Double, frameRate: FrameRate) -> Double {
        let exact = durationSeconds * Double(frameRate.numerator) / Double(frameRate.denominator)
        return (exact - 1e-9).rounded(.up)
    }

    /// A sampler for exactly `frameCount` frames.
    public init(frameRate: FrameRate, frameCount: Int) {
        self.frameRate = frameRate
        self.frameCount = min(max(frameCount, 0), Self.maximumFrameCount)
        totalFrameCount = self.frameCount
    }

    /// The same timeline yielding only the frames in `range` (of the whole video), with their
    /// own indices and times: a chunk of a render, whose frames are those of the whole.
    public func restricted(to range: Range<Int>) -> TimelineSampler {
        var sampler = self
        let clamped = range.clamped(to: 0..<totalFrameCount)
        (sampler.firstFrame, sampler.frameCount) = (clamped.lowerBound, clamped.count)
        return sampler
    }

    /// The frames of the whole video this sampler yields.
    public var range: Range<Int> { firstFrame..<firstFrame + frameCount }

    /// The time of the `index`-th frame this sampler yields (frame `firstFrame + index` of the
    /// whole video).
    public func frame(_ index: Int) -> FrameTime {
        let global = firstFrame + index
        return FrameTime(index: global, seconds: frameRate.seconds(ofFrame: global))
    }

    /// Every frame, in order; computed lazily.
    public var frames: LazyMapSequence<Range<Int>, FrameTime> {
        (0..<frameCount).lazy.map(frame)
    }

    /// Duration of the whole video in seconds: `totalFrameCount / frameRate`.
    public var durationSeconds: Double { frameRate.seconds(ofFrame: totalFrameCount) }

    /// **The chunk rule.** Chunk `index` (from 0) of `count` covers frames
    /// ⌊index·F/count⌋ ..< ⌊(index+1)·F/count⌋ of a video of F frames: the chunks are contiguous,
    /// never overlap, cover every frame, differ in length by at most one frame, and none is empty
    /// when count ≤ F. `nil` when index is not in 0..<count or count > F.
    public static func chunk(_ index: Int, of count: Int, frames: Int) -> Range<Int>? {
        guard count >= 1, count <= frames, (0..<count).contains(index) else { return nil }
        let lower = index * frames / count
        let upper = (index + 1) * frames / count
        return lower..<upper
    }
}

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
    /// Number of frames in the output.
    public let frameCount: Int

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
    }

    /// The time of frame `index`.
    public func frame(_ index: Int) -> FrameTime {
        FrameTime(index: index, seconds: frameRate.seconds(ofFrame: index))
    }

    /// Every frame, in order; computed lazily.
    public var frames: LazyMapSequence<Range<Int>, FrameTime> {
        (0..<frameCount).lazy.map(frame)
    }

    /// Duration of the output in seconds: `frameCount / frameRate`.
    public var durationSeconds: Double { frameRate.seconds(ofFrame: frameCount) }
}

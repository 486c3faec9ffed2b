import FlipbookTimeline

/// Temporal supersampling: each frame is the average of `samples` sub-frames spread evenly over
/// the time the shutter is open, as a film camera's blur.
///
/// With a shutter angle of θ degrees, the shutter is open for θ/360 of a frame interval,
/// starting at the frame's time; sub-frame k (0 ≤ k < samples) is drawn at
/// `t + (k + ½)/samples · θ/360 · frameDuration`. An object moving at v px/s is smeared over
/// v · θ/360 · frameDuration pixels. Deterministic: sub-frame times depend only on the index.
public struct MotionBlur: Hashable, Sendable {
    /// Sub-frames per frame, 2…256.
    public var samples: Int
    /// Degrees of the 360° frame interval during which the shutter is open (180 is film's
    /// classic look), 1…360.
    public var shutterAngle: Double

    public static let sampleRange = 2...256
    /// The shutter angles, in degrees: from a sliver of the interval to all of it.
    public static let shutterAngleRange: ClosedRange<Double> = 1...360
    /// Film's classic half-open shutter.
    public static let defaultShutterAngle: Double = 180

    public init(samples: Int, shutterAngle: Double = defaultShutterAngle) {
        self.samples = min(max(samples, Self.sampleRange.lowerBound), Self.sampleRange.upperBound)
        self.shutterAngle = min(
            max(shutterAngle, Self.shutterAngleRange.lowerBound), Self.shutterAngleRange.upperBound)
    }

    /// The sub-frame times of `frame` at `rate`.
    public func subframes(of frame: FrameTime, rate: FrameRate) -> [FrameTime] {
        let open = shutterAngle / 360 / rate.framesPerSecond
        return (0..<samples).map { k in
            FrameTime(index: frame.index, seconds: frame.seconds + (Double(k) + 0.5) / Double(samples) * open)
        }
    }
}

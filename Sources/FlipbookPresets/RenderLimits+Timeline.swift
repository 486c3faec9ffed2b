import FlipbookJSON
import FlipbookScenes
import FlipbookTimeline

extension RenderLimits {
    /// The fastest frame rate a preset or `--fps` may ask for.
    public static let maximumFramesPerSecond = 1000.0

    /// The frames of a video of `durationSeconds` at `frameRate`, held to these limits: the one
    /// rule for preset values and command-line overrides alike, applied to the final values.
    /// The video's real length (⌈duration × rate⌉ frames of 1/rate seconds each) must fit the
    /// duration limit too, so a slow rate cannot stretch one frame over hours.
    /// - Returns: the sampler, or the reason it is refused (to be located by the caller).
    public func timeline(frameRate: FrameRate, durationSeconds: Double) -> Result<TimelineSampler, LimitError>
    {
        let rate = frameRate.framesPerSecond
        guard rate <= Self.maximumFramesPerSecond else {
            return .failure(
                LimitError(
                    "the frame rate must be at most \(Int(Self.maximumFramesPerSecond)) fps (got \(frameRate))"
                ))
        }
        guard durationSeconds.isFinite, Preset.durationRange.contains(durationSeconds) else {
            return .failure(
                LimitError(
                    "the duration must be between \(Preset.durationRange.lowerBound) and "
                        + "\(Int(Preset.durationRange.upperBound)) seconds (got \(JSONField.format(durationSeconds)))"
                ))
        }
        guard durationSeconds <= duration else {
            return .failure(
                LimitError(
                    Self.exceeded(
                        "duration", limit: JSONField.format(duration), got: JSONField.format(durationSeconds)),
                    limit: "duration"))
        }
        let frameCount = TimelineSampler.frameCount(durationSeconds: durationSeconds, frameRate: frameRate)
        guard frameCount <= Double(frames),
            let sampler = TimelineSampler(frameRate: frameRate, durationSeconds: durationSeconds)
        else {
            return .failure(
                LimitError(
                    "\(JSONField.format(durationSeconds)) s at \(frameRate) fps "
                        + Self.exceeded("frames", limit: "\(frames)", got: JSONField.format(frameCount)),
                    limit: "frames"))
        }
        guard sampler.durationSeconds <= duration else {
            return .failure(
                LimitError(
                    "\(sampler.frameCount) frame(s) at \(frameRate) fps last \(JSONField.format(sampler.durationSeconds)) s, which "
                        + Self.exceeded(
                            "duration", limit: JSONField.format(duration),
                            got: JSONField.format(sampler.durationSeconds)), limit: "duration"))
        }
        return .success(sampler)
    }

    /// Why a value is refused by a limit, without its location; `limit` names the limit that
    /// would let it through, when one would.
    public struct LimitError: Error, Sendable, CustomStringConvertible {
        public var description: String
        public var limit: String?
        init(_ description: String, limit: String? = nil) {
            (self.description, self.limit) = (description, limit)
        }
    }
}

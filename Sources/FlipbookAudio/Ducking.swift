/// How a track (music, usually) is turned down while other sounds play — a voice-over, a
/// line of dialogue, a cue — and back up in their pauses: "ducking", as a mixing desk's
/// side-chain does it, computed from the other sounds themselves.
///
/// The track is down by `gain` wherever the sounds it ducks under are louder than `threshold`,
/// already all the way down when they begin (it starts going down `attack` seconds ahead), and
/// stays down `hold` seconds after they stop — the gaps between words do not let it swell —
/// before it comes back up over `release` seconds. Both ramps are even in decibels.
public struct Ducking: Hashable, Sendable {
    /// The names of the tracks and cues it ducks under; `nil` for every sound of the mix that
    /// does not duck itself.
    public var under: [String]?
    /// Its gain while ducked, as a factor of amplitude (0.25: −12 dB).
    public var gain = AudioTrack.gain(decibels: -12)
    public var attack = 0.2
    public var hold = 0.3
    public var release = 0.6
    /// dBFS of the sounds' RMS over 10 ms above which they count as playing.
    public var threshold = -40.0

    public init(under: [String]? = nil) {
        self.under = under
    }

    /// Seconds `attack`, `hold` and `release` may each last.
    public static let timeRange = 0.0...10.0
    /// dBFS `threshold` may be.
    public static let thresholdRange = -90.0...0.0
}

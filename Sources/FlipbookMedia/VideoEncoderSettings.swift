import FlipbookTimeline

/// How a video is encoded: H.264 (libx264) in MP4, `yuv420p`, BT.709, tv range.
public struct VideoEncoderSettings: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var frameRate: FrameRate
    /// x264's constant rate factor: 0 (lossless) … 51 (worst); 18 looks transparent for
    /// motion graphics.
    public var crf: Double
    /// x264's speed/size trade-off, `ultrafast` … `placebo`.
    public var preset: String
    /// Encoder threads. Fixed rather than "one per core" because x264's output depends on its
    /// thread count: a fixed number keeps files byte-identical across machines.
    public var encoderThreads: Int

    public static let presets = [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
        "veryslow", "placebo",
    ]
    public static let defaultCRF = 18.0
    public static let defaultPreset = "medium"
    public static let defaultEncoderThreads = 4
    /// x264's largest frame side (level 6.2 allows 8192×4320; beyond it players refuse).
    public static let maximumSide = 8192

    public init(
        width: Int, height: Int, frameRate: FrameRate, crf: Double = defaultCRF,
        preset: String = defaultPreset, encoderThreads: Int = defaultEncoderThreads
    ) {
        (self.width, self.height, self.frameRate) = (width, height, frameRate)
        (self.crf, self.preset, self.encoderThreads) = (crf, preset, encoderThreads)
    }

    /// Checks the settings before any FFmpeg object exists, with messages that say why.
    public func validate() throws(MediaError) {
        func refuse(_ message: String) -> MediaError {
            MediaError(operation: "encode H.264", message: message)
        }
        guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide else {
            throw refuse("frame size \(width)×\(height) is outside 2…\(Self.maximumSide) pixels per side")
        }
        guard width % 2 == 0, height % 2 == 0 else {
            throw refuse(
                "yuv420p needs an even width and height, because chroma is stored at half "
                    + "resolution (got \(width)×\(height)); use \(width + width % 2)×\(height + height % 2)")
        }
        guard crf.isFinite, (0...51).contains(crf) else {
            throw refuse("CRF must be between 0 and 51 (got \(crf))")
        }
        guard Self.presets.contains(preset) else {
            throw refuse(
                "unknown x264 preset \"\(preset)\"; choose one of \(Self.presets.joined(separator: ", "))")
        }
        guard (1...64).contains(encoderThreads) else {
            throw refuse("encoder threads must be between 1 and 64 (got \(encoderThreads))")
        }
    }
}

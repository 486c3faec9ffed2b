extension VideoEncoderSettings {
    /// The memory the video encoder holds at most, in bytes, for the memory budget: frames of
    /// `yuv420p` (1.5 bytes a pixel) times how many it keeps.
    ///
    /// x264 keeps about 24 frames' worth (its threads' frames, references, lower-resolution
    /// copies) and three more per frame of look-ahead, which its speed presets set from 0
    /// (`ultrafast`, `superfast`) to 60: about 75 MB at 1080p with `ultrafast` and 450 MB with
    /// `medium` (40 frames), as measured. x265, libaom and libvpx are counted alike (libvpx looks
    /// 25 frames ahead whatever the preset), x265 and libaom one and a half times: their
    /// analyses keep more per frame. Still-image and intra-only encoders (PNG, ProRes, GIF,
    /// APNG, WebP) hold a few frames.
    package var encoderBytes: Int {
        let frame = width * height * 3 / 2
        let preset = VideoEncoderSettings.presets.firstIndex(of: options.preset ?? Self.defaultPreset) ?? 5
        let lookAhead = [0, 0, 10, 20, 30, 40, 50, 60, 60, 60][min(preset, 9)]
        let threads = max(options.encoderThreads, EncodingOptions.defaultEncoderThreads)
        let kept = 24 + 3 * lookAhead + 2 * (threads - EncodingOptions.defaultEncoderThreads)
        switch options.format {
        case .h264: return kept * frame
        case .hevc, .av1: return kept * frame * 3 / 2
        case .vp9: return (24 + 3 * 25) * frame
        default: return 4 * width * height * 4
        }
    }
}

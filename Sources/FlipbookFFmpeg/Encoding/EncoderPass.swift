import CFFmpeg

/// One pass of a two-pass encode: the first reads the whole video and writes what the encoder
/// learned of it (each frame's complexity) to `statistics`; the second reads that back and
/// spends the bitrate where the video needs it, landing on its average. How a size budget
/// (`--max-size`) is met: x264, x265, libvpx and libaom all rate-control this way.
///
/// x264 and x265 read and write the file themselves; libvpx and libaom hand their statistics
/// to FFmpeg (`stats_out` after the first pass, `stats_in` before the second), which
/// `VideoEncoder` keeps in the same file.
package enum EncoderPass: Hashable, Sendable {
    case first(statistics: String)
    case second(statistics: String)

    /// The statistics file, outside the output's folder (x265 cannot take a path with `:`).
    package var statistics: String {
        switch self {
        case .first(let path), .second(let path): path
        }
    }

    /// 1 or 2.
    package var number: Int {
        if case .first = self { 1 } else { 2 }
    }

    /// The codec context's flag for the pass.
    var flag: Int32 {
        if case .first = self { AV_CODEC_FLAG_PASS1 } else { AV_CODEC_FLAG_PASS2 }
    }

    /// Whether FFmpeg carries the encoder's statistics (`stats_out`, `stats_in`) rather than
    /// the encoder its own file.
    static func ffmpegCarriesStatistics(of format: OutputFormat) -> Bool {
        format == .vp9 || format == .av1
    }
}

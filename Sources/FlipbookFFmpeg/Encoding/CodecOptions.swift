/// The `AVDictionary` options each format's encoder and muxer get, derived from the settings.
/// Every option must be consumed (`FFmpegOptions` fails on leftovers), so a name that a codec
/// does not know is caught at once.
package enum CodecOptions {
    /// Frames with more pixels than this (1080p) are H.264-encoded with sliced threads: x264's
    /// threads share each frame's slices instead of each holding frames of its own. At 4K frame
    /// threads cost about 30 MB a thread (ultrafast, more with look-ahead); sliced, x264 holds
    /// 120 MB less at 4 threads, and on two cores encodes as fast. The slices follow the fixed
    /// thread count, so the bytes stay the same on every machine.
    package static let slicedThreadsAbove = 1920 * 1080

    /// Options for `avcodec_open2`.
    static func encoder(_ settings: VideoEncoderSettings) -> [String: String] {
        let preset = settings.preset ?? VideoEncoderSettings.defaultPreset
        var options: [String: String] = [:]
        let crf = settings.resolvedCRF.map { String($0) }
        switch settings.format {
        case .h264:
            options["preset"] = preset
            options["crf"] = crf
            if settings.width * settings.height > slicedThreadsAbove {
                options["x264-params"] = "sliced-threads=1"
            }
            if let pass = settings.pass { options["stats"] = pass.statistics }
        case .hevc:
            options["preset"] = preset
            options["crf"] = crf
            // A fixed pool makes the output independent of the machine's core count; x265's own
            // log goes quiet (FFmpeg's log carries the errors).
            // One frame at a time (its rows still in parallel): with frame threads, x265's bytes
            // changed with timing when encoders ran side by side (`batch --jobs 4` of eight copies
            // of a preset: 6 of 400 files differed; none with one frame thread). About 10 % slower
            // at 1080p on two cores, and 90 MB less memory.
            // Closed GOPs (x265 opens them by default): a key frame references nothing before it,
            // so a render's chunks join into one stream.
            options["x265-params"] =
                "pools=\(settings.encoderThreads):frame-threads=1:log-level=error:open-gop=0"
                + (settings.pass.map { ":pass=\($0.number):stats=\($0.statistics)" } ?? "")
        case .av1:
            // libaom, the reference encoder: its vector code is bit-exact with its C code, so the
            // bytes do not depend on the processor (a test turns it off). Rows in parallel within
            // the fixed thread count; constant quality without a bitrate cap.
            let (usage, speed) = av1Speed(preset)
            options["usage"] = usage
            options["cpu-used"] = String(speed)
            options["row-mt"] = "1"
            // Columns of tiles, encoded side by side: 2 from 1080p's width, 4 from 4K's. At 1080p
            // on two cores about a fifth faster in real-time mode and an eighth in good mode, for
            // 1.2–1.6 % more bytes at the same PSNR. Fixed by the size, not the machine.
            let columns = settings.width >= 3840 ? 2 : settings.width >= 1920 ? 1 : 0
            if columns > 0 { options["tile-columns"] = String(columns) }
            if let crf {
                options["crf"] = crf
                options["b"] = "0"
            }
        case .vp9:
            options["deadline"] = "good"
            options["cpu-used"] = String(vp9Speed(preset))
            options["row-mt"] = "1"
            options["tile-columns"] = "2"
            if let crf {
                options["crf"] = crf
                options["b"] = "0"  // constant quality: no bitrate cap
            }
        case .prores:
            options["profile"] = settings.resolvedPixelFormat.hasPrefix("yuv422") ? "hq" : "4444"
            options["vendor"] = "apl0"
            if settings.keepsAlpha { options["alpha_bits"] = "16" }
        case .webp:
            if settings.resolvedPixelFormat == "bgra" { options["lossless"] = "1" }
            if let quality = settings.quality { options["quality"] = String(quality) }
        case .gif, .apng, .pngSequence, .png, .jpeg:
            break
        }
        return options
    }

    /// Options for `avformat_write_header`.
    static func muxer(_ settings: VideoEncoderSettings) -> [String: String] {
        switch settings.format {
        case .h264, .hevc, .av1, .vp9, .prores:
            guard settings.format.container(named: settings.container)?.isISOMedia == true else {
                return [:]
            }
            // QuickTime's own user-data atoms have no description, and a chunk's stamp is a
            // custom key: metadata keys (`mdta`) carry every tag.
            let keys = settings.format == .prores || settings.metadata.chunk != nil
            return ["movflags": keys ? "+faststart+use_metadata_tags" : "+faststart"]
        case .gif:
            // The muxer counts repeats after the first play: -1 plays once, 0 forever.
            let repeats = settings.loopCount == 0 ? 0 : settings.loopCount == 1 ? -1 : settings.loopCount - 1
            return ["loop": String(repeats)]
        case .apng: return ["plays": String(settings.loopCount)]
        // The number of plays, 0 for ever, as the WebP container counts them.
        case .webp: return ["loop": String(settings.loopCount)]
        case .pngSequence, .png, .jpeg: return [:]
        }
    }

    /// libvpx's `cpu-used` for x264's preset names: 8 (fastest) … 0 (slowest).
    static func vp9Speed(_ preset: String) -> Int {
        let index = VideoEncoderSettings.presets.firstIndex(of: preset) ?? 5
        return max(0, 8 - index * 8 / (VideoEncoderSettings.presets.count - 1))
    }

    /// libaom's `usage` and `cpu-used` for x264's preset names. The four fastest use its
    /// real-time mode (`cpu-used` 8 … 5: no look-ahead, about x264 `medium`'s speed at 1080p);
    /// `fast` and `medium` its good-quality mode at its fastest (6: about a fifth of x264
    /// `medium`'s speed, at under half its size for the same PSNR), the slower names 5 … 2.
    package static func av1Speed(_ preset: String) -> (usage: String, speed: Int) {
        let index = VideoEncoderSettings.presets.firstIndex(of: preset) ?? 5
        return index < 4 ? ("realtime", 8 - index) : ("good", min(6, 11 - index))
    }
}

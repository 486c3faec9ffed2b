import CFFmpeg
import FlipbookAudio
import Foundation
import Synchronization

/// Reads any audio file libavformat opens (WAV, MP3, AAC/M4A, FLAC, Ogg/Opus, the sound of a
/// video file) as 48 kHz stereo `Float` samples, resampled and remixed by libswresample —
/// streamed: only what the caller asks for next is decoded, so a ten-hour file takes as little
/// memory as a ten-second one.
///
/// Owns its FFmpeg objects and frees them in `deinit`; not thread-safe (one reader per
/// thread).
package final class AudioFileReader {
    /// The sample rates a file may have. Every sample is resampled to `AudioMix.sampleRate`, so a
    /// file whose header says 1 Hz would become 48 000 samples for each it holds: a 200 kB WAV took
    /// 3.2 GB while resampling. The lowest common rate is 8 kHz (telephony) and some old
    /// formats go down to 4 kHz; the highest, 768 kHz, is DXD's double.
    package static let sampleRates = 1000...768_000

    package let path: String
    /// The file's length in seconds, when its container says.
    package let durationSeconds: Double?
    /// The file's `title` tag, when it has one.
    package let title: String?

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let streamIndex: Int32
    /// Converted samples (interleaved left, right) not yet handed out, from `pendingStart`.
    private var pending: [Float] = []
    private var pendingStart = 0
    private var drained = false

    /// Opens `path` and its best audio stream.
    /// - Throws: `MediaError` naming the file when it is missing, not a media file, has no
    ///   audio, or has audio this FFmpeg cannot decode.
    package init(path: String) throws {
        self.path = path
        FFmpegLog.install()
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw MediaError(operation: "read \(path)", message: "no such file")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw MediaError(operation: "read \(path)", message: "not a regular file")
        }
        try MediaError.check(avformat_open_input(&format, path, nil, nil), "open \(path) as audio")
        guard let format else { throw MediaError(operation: "open \(path)", message: "no format context") }
        try MediaError.check(avformat_find_stream_info(format, nil), "read the streams of \(path)")
        var codec: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0)
        guard index >= 0, let codec, let stream = format.pointee.streams[Int(index)] else {
            let reason =
                index == cffmpeg_averror_decoder_not_found()
                ? "its sound is in a codec this FFmpeg cannot decode" : "it has no audio stream"
            throw MediaError(operation: "read \(path)", message: reason)
        }
        streamIndex = index
        durationSeconds =
            format.pointee.duration > 0 ? Double(format.pointee.duration) / Double(AV_TIME_BASE) : nil
        title =
            [format.pointee.metadata, stream.pointee.metadata].lazy.compactMap { dictionary in
                av_dict_get(dictionary, "title", nil, 0).flatMap {
                    $0.pointee.value.map { String(cString: $0) }
                }
            }.first
        decoder = avcodec_alloc_context3(codec)
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard let decoder, packet != nil, frame != nil else {
            throw MediaError(operation: "allocate an audio decoder", message: "out of memory")
        }
        try MediaError.check(
            avcodec_parameters_to_context(decoder, stream.pointee.codecpar),
            "read the audio parameters of \(path)")
        decoder.pointee.pkt_timebase = stream.pointee.time_base
        try MediaError.check(avcodec_open2(decoder, codec, nil), "open the audio decoder for \(path)")
        guard decoder.pointee.sample_rate > 0, decoder.pointee.ch_layout.nb_channels > 0 else {
            throw MediaError(
                operation: "read \(path)", message: "its audio has no sample rate or no channels")
        }
        let rate = Int(decoder.pointee.sample_rate)
        guard Self.sampleRates.contains(rate) else {
            let mixed = AudioMix.sampleRate
            let growth =
                rate < mixed
                ? " (resampled to \(mixed) Hz, each of its samples would become \(mixed / rate))" : ""
            throw MediaError(
                operation: "read \(path)",
                message:
                    "its sample rate is \(rate) Hz; sound files are read from \(Self.sampleRates.lowerBound) "
                    + "to \(Self.sampleRates.upperBound) Hz\(growth)")
        }
        var input = decoder.pointee.ch_layout
        let channels = Int(input.nb_channels)
        if input.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&input, input.nb_channels)
        }
        // libswresample mixes down by where each channel's speaker stands; a file that does not
        // say, with a count FFmpeg has no usual layout for, it refuses with a bare EINVAL.
        guard input.order != AV_CHANNEL_ORDER_UNSPEC else {
            throw MediaError(
                operation: "read \(path)",
                message:
                    "it has \(channels) channels and does not say which speaker each one feeds; Flipbook mixes "
                    + "such a sound to stereo when it has \(Self.mixableChannelCounts) channels (or names its layout)"
            )
        }
        var output = cffmpeg_stereo_layout()
        try Self.checkMixing(
            swr_alloc_set_opts2(
                &resampler, &output, AV_SAMPLE_FMT_FLT, Int32(AudioMix.sampleRate), &input,
                decoder.pointee.sample_fmt,
                decoder.pointee.sample_rate, 0, nil),
            channels: channels, path: path)
        // A mono file plays at its own level on both sides (libswresample's own mono-to-stereo
        // matrix lowers it by 3 dB).
        if input.nb_channels == 1 {
            let unity: [Double] = [1, 1]
            try MediaError.check(swr_set_matrix(resampler, unity, 1), "set up the mono mix for \(path)")
        }
        try Self.checkMixing(swr_init(resampler), channels: channels, path: path)
    }

    /// Throws when a libswresample set-up step failed (`code` < 0), saying that the file's
    /// `channels` could not be mixed to stereo beside FFmpeg's own words ("Invalid argument").
    private static func checkMixing(_ code: Int32, channels: Int, path: String) throws(MediaError) {
        guard code < 0 else { return }
        var failure = MediaError.ffmpeg(code, "mix the sound of \(path) to stereo")
        failure.message = "cannot mix its \(channels) channels to stereo: \(failure.message)"
        throw failure
    }

    /// The channel counts FFmpeg knows a usual layout for (`av_channel_layout_default`), as
    /// text: "1 to 8, 16 or 24". A file of another count must name its layout to be mixed.
    static let mixableChannelCounts: String = {
        let counts = (1...64).filter { count in
            var layout = AVChannelLayout()
            av_channel_layout_default(&layout, Int32(count))
            defer { av_channel_layout_uninit(&layout) }
            return layout.order != AV_CHANNEL_ORDER_UNSPEC
        }
        var runs: [ClosedRange<Int>] = []
        for count in counts {
            if let last = runs.last, last.upperBound + 1 == count {
                runs[runs.count - 1] = last.lowerBound...count
            } else {
                runs.append(count...count)
            }
        }
        let names = runs.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound) to \($0.upperBound)" }
        guard let last = names.last else { return "no" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }()

    /// The length in seconds of the sound in the file at `path`, as its container says (`nil`
    /// when it does not, or the file cannot be read): read once per file in a process, as a
    /// composition may play one click a hundred times, for the memory budget's count of the
    /// sounds that play at once.
    package static func durationSeconds(of path: String) -> Double? {
        if let known = durations.withLock({ $0[path] }) { return known }
        let seconds = (try? AudioFileReader(path: path))?.durationSeconds
        durations.withLock { $0[path] = seconds }
        return seconds
    }

    private static let durations = Mutex<[String: Double?]>([:])

    deinit {
        swr_free(&resampler)
        avcodec_free_context(&decoder)
        av_packet_free(&packet)
        av_frame_free(&frame)
        avformat_close_input(&format)
    }

    /// Appends up to `frames` sample frames (left and right) to `buffer`; fewer only at the end
    /// of the file. Returns how many it appended.
    @discardableResult
    package func read(_ frames: Int, into buffer: inout [Float]) throws -> Int {
        try fill(frames)
        let available = min(frames, (pending.count - pendingStart) / AudioMix.channels)
        buffer.append(contentsOf: pending[pendingStart..<pendingStart + available * AudioMix.channels])
        pendingStart += available * AudioMix.channels
        if pendingStart > 1 << 16 {
            pending.removeFirst(pendingStart)
            pendingStart = 0
        }
        return available
    }

    /// Decodes (and drops) the `seconds` from `offset` seconds into the file that a render plays
    /// — or to its end — so that a file cut short or damaged there is refused when it is read,
    /// not part-way through a render. Reads from the current position, as a new reader has it.
    ///
    /// A file found whole is not decoded again in this process for as far or less, while its
    /// size and modification time stay: a batch reads its preset once per row of its table, and
    /// each read would decode the same soundtrack again.
    package func checkDecodes(from offset: Double, seconds: Double) throws {
        let end = min(offset + seconds, 86_400 * 2)
        var status = stat()
        let key =
            stat(path, &status) == 0
            ? "\(path)\u{0}\(status.st_size)\u{0}\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)" : nil
        if let key, let checked = Self.checkedEnds.withLock({ $0[key] }), checked >= end { return }
        try skip(Int(end * Double(AudioMix.sampleRate)))
        if let key { Self.checkedEnds.withLock { $0[key] = max($0[key] ?? 0, end) } }
    }

    /// How far into each file (by path, size and modification time) `checkDecodes` found it whole.
    private static let checkedEnds = Mutex<[String: Double]>([:])

    /// Skips up to `frames` sample frames; returns how many it skipped.
    @discardableResult
    package func skip(_ frames: Int) throws -> Int {
        var skipped = 0
        var scratch: [Float] = []
        while skipped < frames {
            scratch.removeAll(keepingCapacity: true)
            let got = try read(min(frames - skipped, 1 << 15), into: &scratch)
            if got == 0 { break }
            skipped += got
        }
        return skipped
    }

    /// Decodes until `frames` converted frames are pending or the file is drained.
    private func fill(_ frames: Int) throws {
        guard let format, let decoder, let packet else { return }
        while (pending.count - pendingStart) / AudioMix.channels < frames, !drained {
            let status = av_read_frame(format, packet)
            if status == cffmpeg_averror_eof() || status < 0 && status != cffmpeg_averror_eagain() {
                // The end (or a file cut short): drain the decoder and the resampler.
                _ = avcodec_send_packet(decoder, nil)
                try receiveFrames()
                try convert(nil, count: 0)
                drained = true
                return
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(decoder, packet)
            if sent < 0, sent != cffmpeg_averror_eagain() {
                throw MediaError(
                    operation: "decode \(path)", code: sent,
                    message:
                        "the audio is damaged near \(String(format: "%.2f", Double(pending.count / 2) / 48_000)) s"
                )
            }
            try receiveFrames()
        }
    }

    private func receiveFrames() throws {
        guard let decoder, let frame else { return }
        while true {
            let status = avcodec_receive_frame(decoder, frame)
            if status == cffmpeg_averror_eagain() || status == cffmpeg_averror_eof() { return }
            try MediaError.check(status, "decode \(path)")
            defer { av_frame_unref(frame) }
            let input = UnsafeMutableRawPointer(frame.pointee.extended_data)?
                .assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
            try convert(input, count: Int(frame.pointee.nb_samples))
        }
    }

    /// Resamples `count` input frames (or, with `nil`, what the resampler still holds).
    private func convert(_ input: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int) throws {
        let capacity = Int(swr_get_out_samples(resampler, Int32(count))) + 256
        guard capacity > 0 else { return }
        let start = pending.count
        pending.append(contentsOf: repeatElement(0, count: capacity * AudioMix.channels))
        let converted = pending.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var output: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buffer.baseAddress! + start)
                .assumingMemoryBound(to: UInt8.self)
            return swr_convert(resampler, &output, Int32(capacity), input, Int32(count))
        }
        try MediaError.check(converted, "resample \(path)")
        pending.removeLast((capacity - Int(converted)) * AudioMix.channels)
    }
}

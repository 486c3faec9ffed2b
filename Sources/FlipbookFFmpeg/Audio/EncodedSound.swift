import CFFmpeg
import FlipbookAudio
import Foundation
import Synchronization

/// A soundtrack mixed (`AudioMixer`) and encoded once, step by step, for every file that
/// carries it: the rows of a batch rendered together have the same sound, so one encoder makes
/// its packets and each row's file writes them (`AudioStreamEncoder`), instead of each row
/// mixing and encoding it again. A render alone has one reader.
///
/// The files ask for the sound in steps: step k is the sound up to the end of video frame k,
/// and the last step the rest and the encoder's drain. Every reader asks for the same steps in
/// the same order (its frames are the same frames), so each step's packets are encoded once, by
/// the first reader to need them, and kept until every reader has written them: a reader gets
/// the very packets, at the very points among its pictures, that encoding the sound itself
/// would give it, so its file's bytes do not change.
///
/// Thread-safe: the encoder and the kept steps are behind one `Mutex` (the readers are the
/// encoder threads of the rows, which ask at about the same frames). Frees its FFmpeg objects
/// when the last reader lets it go.
package final class EncodedSound: Sendable {
    private struct State {
        let mixer: AudioMixer
        let encoder: AudioPacketEncoder
        /// The steps encoded and not yet written by every reader, from `firstKept` on: each
        /// step's packets and how many readers have taken them.
        var steps: [(packets: [UnsafeMutablePointer<AVPacket>?], taken: Int)] = []
        var firstKept = 0
        /// Why encoding failed, for every reader after the first to meet it.
        var failure: (any Error)?

        /// Mixes and encodes up to sample frame `target` of `totalFrames` (or, with `target`
        /// `nil`, to the end, draining the encoder), keeping a copy of every packet the encoder
        /// hands out — exactly what `AudioStreamEncoder` would write at that point.
        func encode(through target: Int?, of totalFrames: Int) throws -> [UnsafeMutablePointer<AVPacket>?] {
            var kept: [UnsafeMutablePointer<AVPacket>?] = []
            let keep: (UnsafeMutablePointer<AVPacket>) throws -> Void = { packet in
                guard let copy = av_packet_clone(packet) else {
                    throw MediaError(operation: "encode the sound", message: "out of memory")
                }
                kept.append(copy)
            }
            guard let target else {
                if mixer.remaining > 0 { try encoder.encode(try mixer.next(mixer.remaining), keep) }
                try encoder.finish(keep)
                return kept
            }
            let wanted = min(target, totalFrames) - (totalFrames - mixer.remaining)
            if wanted > 0 { try encoder.encode(try mixer.next(wanted), keep) }
            return kept
        }

        /// Frees every packet still kept.
        mutating func release() {
            for step in steps { for var packet in step.packets { av_packet_free(&packet) } }
            steps = []
        }
    }

    let settings: AudioSettings
    /// How many files read the packets: a step is let go of once this many have taken it.
    private let readers: Int
    private let state: Mutex<State>
    /// The encoded stream's codec parameters (priming delay included), copied from the encoder
    /// when it opened: written once, then only read.
    nonisolated(unsafe) private let parameters: UnsafeMutablePointer<AVCodecParameters>
    /// The encoder's time base, which the packets are timed in.
    let timeBase: AVRational

    /// Opens the encoder of `settings`' sound for `readers` files whose container wants the
    /// codec's parameters in a global header (`globalHeader`: MP4, MOV, WebM).
    package init(settings: AudioSettings, globalHeader: Bool, readers: Int) throws {
        self.settings = settings
        self.readers = max(readers, 1)
        let mixer = try AudioMixer(settings, codecs: FFmpegAudio())
        let encoder = try AudioPacketEncoder(
            codec: settings.codec, bitrate: settings.bitrate, globalHeader: globalHeader)
        guard let context = encoder.context, let parameters = avcodec_parameters_alloc() else {
            throw MediaError(operation: "add a sound stream", message: "out of memory")
        }
        self.parameters = parameters
        timeBase = context.pointee.time_base
        let copied = avcodec_parameters_from_context(parameters, context)
        state = Mutex(State(mixer: mixer, encoder: encoder))
        try MediaError.check(copied, "copy the \(settings.codec.encoder) parameters")
    }

    /// The sound of videos encoded with `video`'s settings, for `readers` of their files;
    /// `nil` when they have no sound.
    package convenience init?(of video: VideoEncoderSettings, readers: Int) throws {
        guard let audio = video.audio, let muxer = video.format.muxer(in: video.container) else { return nil }
        let flags = av_guess_format(muxer, nil, nil)?.pointee.flags ?? 0
        try self.init(settings: audio, globalHeader: flags & AVFMT_GLOBALHEADER != 0, readers: readers)
    }

    deinit {
        state.withLock { $0.release() }
        var parameters: UnsafeMutablePointer<AVCodecParameters>? = parameters
        avcodec_parameters_free(&parameters)
    }

    /// How many steps have been mixed and encoded so far, whatever the readers.
    package var stepsEncoded: Int {
        state.withLock { $0.firstKept + $0.steps.count }
    }

    /// Describes the encoded stream on `stream` (codec parameters, priming delay, time base),
    /// before its file's header is written.
    func describe(_ stream: UnsafeMutablePointer<AVStream>) throws {
        try MediaError.check(
            avcodec_parameters_copy(stream.pointee.codecpar, parameters), "describe the sound stream")
        stream.pointee.time_base = timeBase
    }

    /// New references to the packets of step `step`: the sound up to sample frame `target`, or
    /// with `target` `nil` all that is left and the encoder drained. The caller owns (and
    /// frees, or hands to the muxer) the packets.
    func packets(step: Int, through target: Int?) throws -> [UnsafeMutablePointer<AVPacket>] {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            let index = step - state.firstKept
            precondition(index >= 0 && index <= state.steps.count, "every reader asks for the steps in order")
            if index == state.steps.count {
                do {
                    state.steps.append((try state.encode(through: target, of: settings.totalFrames), 0))
                } catch {
                    state.failure = error
                    throw error
                }
            }
            var copies: [UnsafeMutablePointer<AVPacket>] = []
            for packet in state.steps[index].packets {
                var copy = av_packet_alloc()
                guard let made = copy, av_packet_ref(made, packet) == 0 else {
                    av_packet_free(&copy)
                    for var copy in copies as [UnsafeMutablePointer<AVPacket>?] { av_packet_free(&copy) }
                    throw MediaError(operation: "write the sound", message: "out of memory")
                }
                copies.append(made)
            }
            state.steps[index].taken += 1
            // Steps every reader has taken are let go of, oldest first.
            while let first = state.steps.first, first.taken == readers {
                for var packet in first.packets { av_packet_free(&packet) }
                state.steps.removeFirst()
                state.firstKept += 1
            }
            return copies
        }
    }
}

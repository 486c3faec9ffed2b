import CFFmpeg
import Foundation
import Synchronization

/// The first frames of several videos that all of them draw alike — a batch's rows before the
/// first layer that shows a row's variables comes in — encoded once and copied, packet for
/// packet, into each video's file (`VideoEncoder(path:settings:sound:opening:)`).
///
/// The opening ends where a closed segment starts (`VideoEncoderSettings.segmentStarts`), and
/// its segments are encoded as every file encodes its own (`SegmentedCodec`): a segment's
/// packets depend only on its frames and the settings, so a file that copies them is byte for
/// byte the file that encodes them itself. Frame k's packets are those the encoder hands out
/// after frame k (and, after a segment's last frame, its flush); a file writes them where its
/// own encoder would have, so its sound interleaves with them as it would.
///
/// The files ask for the frames in order, each at its own pace; the first to need a frame's
/// packets sends its picture (which is every file's, by the caller's check) and the others copy
/// them. Every packet is kept as long as the opening lives: the openings are short and their
/// packets small, and a batch's later rows copy them too.
///
/// Thread-safe: the encoder and the packets are behind one `Mutex` (the readers are the rows'
/// encoder threads).
package final class EncodedOpening: Sendable {
    /// A packet of the opening, in the encoder's time base, kept for every file that copies it.
    final class Packet: @unchecked Sendable {
        /// Owned here and never changed: files take new references to its data.
        let packet: UnsafeMutablePointer<AVPacket>

        init(copying source: UnsafeMutablePointer<AVPacket>) throws {
            guard let packet = av_packet_clone(source) else {
                throw MediaError(operation: "keep a packet of the opening", message: "out of memory")
            }
            self.packet = packet
        }

        deinit {
            var packet: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&packet)
        }
    }

    /// What one file copies from an opening: its first `frames`, which end where a segment of
    /// the opening does (a file that draws only the opening's first segments alike copies
    /// those and encodes the rest).
    package struct Share: Sendable {
        package let opening: EncodedOpening
        package let frames: Int

        package init(_ opening: EncodedOpening, frames: Int) {
            precondition(frames > 0 && frames <= opening.frameCount)
            (self.opening, self.frames) = (opening, frames)
        }
    }

    private struct State {
        let codec: SegmentedCodec
        /// Where the encoder hands each packet out.
        let scratch: UnsafeMutablePointer<AVPacket>
        /// Frame k's packets at k.
        var frames: [[Packet]] = []
        /// Why encoding failed, for every reader after the first to meet it.
        var failure: (any Error)?
    }

    /// How many frames it covers, from the video's first: up to a segment start.
    package let frameCount: Int
    /// The settings its packets are encoded with, without the sound and the tags (which do not
    /// change a picture's packets).
    private let settings: VideoEncoderSettings
    /// The stream's codec parameters, from the first segment's encoder: written once, then only
    /// read.
    nonisolated(unsafe) let parameters: UnsafeMutablePointer<AVCodecParameters>
    /// The parameter sets every segment's encoder writes.
    let extradata: Data
    private let state: Mutex<State>

    /// The first `frameCount` frames of videos encoded with `settings`, which must start a
    /// segment at `frameCount` and begin at timestamp 0.
    /// - Throws: `MediaError` when the encoder cannot be opened.
    package init(settings: VideoEncoderSettings, frameCount: Int) throws {
        precondition(settings.firstTimestamp == 0 && settings.segmentStarts.contains(Int64(frameCount)))
        self.frameCount = frameCount
        self.settings = Self.pictureSettings(settings)
        let muxer = settings.format.muxer(in: settings.container)
        let flags = muxer.flatMap { av_guess_format($0, nil, nil)?.pointee.flags } ?? 0
        let codec = try SegmentedCodec(
            settings: self.settings, globalHeader: flags & AVFMT_GLOBALHEADER != 0, openNow: true)
        guard let first = codec.current, let parameters = avcodec_parameters_alloc(),
            let scratch = av_packet_alloc()
        else {
            throw MediaError(operation: "open the opening's encoder", message: "out of memory")
        }
        self.parameters = parameters
        extradata = first.extradata
        let copied = avcodec_parameters_from_context(parameters, first.context)
        state = Mutex(State(codec: codec, scratch: scratch))
        try MediaError.check(copied, "copy the opening's encoder parameters")
    }

    deinit {
        state.withLock { state in
            var scratch: UnsafeMutablePointer<AVPacket>? = state.scratch
            av_packet_free(&scratch)
        }
        var parameters: UnsafeMutablePointer<AVCodecParameters>? = parameters
        avcodec_parameters_free(&parameters)
    }

    /// Whether a file encoded with `other` may copy the opening: its pictures' packets are the
    /// ones these settings make.
    package func encodes(_ other: VideoEncoderSettings) -> Bool {
        Self.pictureSettings(other) == settings
    }

    /// Whether files encoded with `one` and with `other` encode equal pictures into equal
    /// packets: their settings are equal but for the sound and the tags.
    package static func encodeAlike(_ one: VideoEncoderSettings, _ other: VideoEncoderSettings) -> Bool {
        pictureSettings(one) == pictureSettings(other)
    }

    /// How many frames have been encoded so far, whatever the readers: each once.
    package var framesEncoded: Int {
        state.withLock { $0.frames.count }
    }

    /// The packets of frame `index`, encoded now from the picture `picture` puts on a frame if
    /// no reader has asked for them before. Every reader asks for the frames in order.
    func packets(at index: Int, picture: () throws -> UnsafeMutablePointer<AVFrame>) throws -> [Packet] {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            precondition(index <= state.frames.count && index < frameCount, "readers ask in order")
            if index == state.frames.count {
                do {
                    let frame = try picture()
                    frame.pointee.pts = Int64(index)
                    var made: [Packet] = []
                    try state.codec.encode(frame, through: state.scratch) {
                        made.append(try Packet(copying: $0))
                    }
                    state.frames.append(made)
                } catch {
                    state.failure = error
                    throw error
                }
            }
            return state.frames[index]
        }
    }

    /// `settings` without what does not change a picture's packets: the sound and the tags.
    private static func pictureSettings(_ settings: VideoEncoderSettings) -> VideoEncoderSettings {
        var pictures = settings
        pictures.audio = nil
        pictures.metadata = MediaMetadata()
        return pictures
    }
}

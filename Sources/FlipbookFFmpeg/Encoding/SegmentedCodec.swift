import CFFmpeg
import Foundation

/// The encoder of a stream cut into closed segments (`VideoEncoderSettings.segmentStarts`):
/// each segment is encoded by a `VideoCodec` of its own, opened at its first frame and flushed
/// after its last. A segment's packets then depend on its own frames and the settings alone —
/// not on the frames after it (x264's look-ahead), nor on rate control carried over from the
/// frames before — so a segment that several videos draw alike can be encoded once and its
/// packets copied into each (`EncodedOpening`). A stream without segment starts is one
/// segment: one codec, as any encoder.
///
/// Every codec must write the parameter sets the first one did (the file's header has one
/// copy); equal settings make them equal, and a codec that does not is an error rather than
/// a file players refuse. Not thread-safe: one thread at a time.
final class SegmentedCodec {
    private let settings: VideoEncoderSettings
    private let globalHeader: Bool
    /// The codec of the segment being encoded; `nil` between segments.
    private var codec: VideoCodec?
    /// The parameter sets every segment's codec must write: the first's.
    private var extradata: Data?

    /// A stream's encoder; `openNow`: opens the first segment's codec at once (its parameters
    /// go into the file's header), else at the first frame sent, which must then make the
    /// parameter sets `extradata` says.
    init(settings: VideoEncoderSettings, globalHeader: Bool, openNow: Bool, extradata: Data? = nil) throws {
        (self.settings, self.globalHeader, self.extradata) = (settings, globalHeader, extradata)
        if openNow { codec = try open() }
    }

    /// The open codec: its context describes the stream (`avcodec_parameters_from_context`).
    var current: VideoCodec? { codec }

    /// Encodes `frame` (its `pts` set), handing the packets ready to `write`; after the last
    /// frame of a segment, flushes its codec and hands on the rest.
    func encode(
        _ frame: UnsafeMutablePointer<AVFrame>, through packet: UnsafeMutablePointer<AVPacket>,
        to write: (UnsafeMutablePointer<AVPacket>) throws -> Void
    ) throws {
        let codec = try self.codec ?? open()
        self.codec = codec
        try codec.send(frame, through: packet, to: write)
        if settings.segmentStarts.contains(frame.pointee.pts + 1) {
            try codec.send(nil, through: packet, to: write)
            self.codec = nil
        }
    }

    /// Flushes the last segment's codec, handing on its packets, and keeps a first pass's
    /// statistics.
    func finish(
        through packet: UnsafeMutablePointer<AVPacket>,
        to write: (UnsafeMutablePointer<AVPacket>) throws -> Void
    )
        throws
    {
        guard let codec else { return }
        try codec.send(nil, through: packet, to: write)
        try codec.keepStatistics()
        self.codec = nil
    }

    /// A new segment's codec, checked to write the first one's parameter sets.
    private func open() throws -> VideoCodec {
        let codec = try VideoCodec(settings: settings, globalHeader: globalHeader)
        guard let extradata else {
            extradata = codec.extradata
            return codec
        }
        guard codec.extradata == extradata else {
            throw MediaError(
                operation: "start a closed segment",
                message: "\(settings.format.encoder) wrote other parameter sets than the first segment's")
        }
        return codec
    }
}

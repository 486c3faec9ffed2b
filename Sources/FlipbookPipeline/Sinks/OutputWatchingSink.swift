import Dispatch
import FlipbookFFmpeg
import Foundation

/// Passes frames on to a sink and stops the render as soon as the temporary output it writes
/// is gone — its folder deleted mid-render. An encoder that has opened its file would otherwise
/// go on writing to a file no one can reach, and the loss would show only when the finished file
/// cannot be moved into place: after every frame of the render. Looked at every half second of
/// writing at most, so the check costs nothing next to encoding. Lives on the encoder thread,
/// like every sink.
final class OutputWatchingSink: FrameSink {
    private let sink: any FrameSink
    /// The temporary file (or folder, for image sequences) being written.
    private let temporary: String
    /// The destination, for the error.
    private let destination: String
    private var lastLook = DispatchTime.now().uptimeNanoseconds

    static let interval: UInt64 = 500_000_000

    init(_ sink: any FrameSink, temporary: URL, destination: URL) {
        self.sink = sink
        self.temporary = temporary.path
        self.destination = destination.path
    }

    func write(_ frame: VideoFrame) throws {
        let now = DispatchTime.now().uptimeNanoseconds
        if now &- lastLook >= Self.interval {
            lastLook = now
            guard FileManager.default.fileExists(atPath: temporary) else {
                throw ExportError.outputNotWritable(
                    path: destination, reason: "the output was removed while rendering")
            }
        }
        try sink.write(frame)
    }

    func finish() throws {
        try sink.finish()
    }
}

/// How far an export has come; reported after every encoded frame.
public struct ExportProgress: Hashable, Sendable {
    /// Frames handed to the encoder so far, in order.
    public var framesEncoded: Int
    public var frameCount: Int
    /// Seconds since the export started.
    public var elapsedSeconds: Double
    /// How the frame just encoded was made: redrawn, and why, or reused.
    public var report: FrameReport

    public var fraction: Double { frameCount == 0 ? 1 : Double(framesEncoded) / Double(frameCount) }

    /// Encoded frames per second so far.
    public var framesPerSecond: Double {
        elapsedSeconds > 0 ? Double(framesEncoded) / elapsedSeconds : 0
    }

    /// Estimated seconds until done, from the rate so far; `nil` before the first frame.
    public var remainingSeconds: Double? {
        framesPerSecond > 0 ? Double(frameCount - framesEncoded) / framesPerSecond : nil
    }
}

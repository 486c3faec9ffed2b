/// Ends an animated WebP's last frame when the video ends.
///
/// Why: FFmpeg 5.1's `libwebp_anim` assembles the animation without telling libwebp when the
/// last frame ends, so libwebp gives that frame the average duration of the others, truncated to
/// whole milliseconds: 2 s at 30 fps played 1 999 ms, at 30000/1001 2 001 ms instead of 2 002,
/// and every loop of a looping sticker came round a little early or late. The encoder hands the
/// whole animation over as one packet at the end; this rewrites the last frame's duration in it
/// before it reaches the muxer.
///
/// The packet is a RIFF `WEBP` file: chunks of a four-letter name, a little-endian 32-bit size
/// and the payload, padded to an even length. Each frame is an `ANMF` chunk whose payload starts
/// with its offset and size (four 24-bit fields) and then its duration in milliseconds (24 bits).
enum WebPAnimationEnd {
    /// Sets the duration of the last `ANMF` frame in `file` so that it ends at `end`
    /// milliseconds: `end` less the durations of the frames before it, at least 1. Leaves a file
    /// that is not an animation (one frame, or not RIFF `WEBP`) as it is.
    static func endLastFrame(in file: UnsafeMutableRawBufferPointer, atMilliseconds end: Int64) {
        guard file.count >= 12, tag(file, at: 0) == "RIFF", tag(file, at: 8) == "WEBP" else { return }
        var offset = 12
        var start: Int64 = 0
        var lastDuration: Int?  // offset of the last frame's duration field
        while offset + 8 <= file.count {
            let size = Int(littleEndian(file, at: offset + 4, bytes: 4))
            let payload = offset + 8
            guard size <= file.count - payload else { return }
            if tag(file, at: offset) == "ANMF", size >= 16 {
                if let previous = lastDuration { start += littleEndian(file, at: previous, bytes: 3) }
                lastDuration = payload + 12
            }
            offset = payload + size + size % 2
        }
        guard let field = lastDuration else { return }
        let duration = min(max(end - start, 1), 0xFF_FFFF)
        for byte in 0..<3 { file[field + byte] = UInt8(truncatingIfNeeded: duration >> (8 * byte)) }
    }

    private static func tag(_ file: UnsafeMutableRawBufferPointer, at offset: Int) -> String {
        String(decoding: file[offset..<(offset + 4)], as: UTF8.self)
    }

    private static func littleEndian(_ file: UnsafeMutableRawBufferPointer, at offset: Int, bytes: Int)
        -> Int64
    {
        (0..<bytes).reduce(0) { $0 | Int64(file[offset + $1]) << (8 * $1) }
    }
}

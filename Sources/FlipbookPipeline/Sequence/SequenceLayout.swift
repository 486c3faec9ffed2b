import FlipbookFFmpeg
import Foundation

/// Where a PNG sequence goes. A destination whose last component holds `%0Nd` is a file
/// pattern in a folder shared with other files (`frames/shot_%05d.png`). Any other destination
/// is a folder of its own, with files named after it (`frames/` → `frames/frames_00000.png`).
/// Other formats write one file: no folder, no pattern. `SequenceOutput` puts the frames there.
struct SequenceLayout: Sendable {
    /// The folder that will hold the frames.
    let folder: URL?
    let pattern: String?
    /// Whether the folder is shared with other files (a pattern was given).
    let isShared: Bool

    init(format: OutputFormat, destination: URL) {
        guard format == .pngSequence else {
            (folder, pattern, isShared) = (nil, nil, false)
            return
        }
        let last = destination.lastPathComponent
        if OutputFormat.sequencePatternWidth(in: last) != nil {
            (folder, pattern, isShared) = (destination.deletingLastPathComponent(), last, true)
        } else {
            (folder, pattern, isShared) = (destination, "\(last)_%05d.png", false)
        }
    }
}

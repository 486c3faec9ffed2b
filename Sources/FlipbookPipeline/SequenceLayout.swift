import FlipbookMedia
import Foundation

/// Where a PNG sequence goes. A destination whose last component holds `%0Nd` is a file
/// pattern in an existing folder (`frames/shot_%05d.png`): the frames are moved in when all are
/// written, and stale frames of an earlier run with the same pattern removed; the folder's other
/// files are left alone. Any other destination is a folder of its own, with files named after
/// it (`frames/` → `frames/frames_00000.png`), which appears — or replaces an older one — as a
/// whole. Other formats write one file: no folder, no pattern.
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

    /// Whether `name` is a frame file of this pattern (any number of the pattern's digits).
    func matches(_ name: String) -> Bool {
        guard let pattern, let width = OutputFormat.sequencePatternWidth(in: pattern),
            let range = pattern.range(of: "%0\(width)d")
        else { return false }
        let (prefix, suffix) = (pattern[..<range.lowerBound], pattern[range.upperBound...])
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count == pattern.count - 4 + width else {
            return false
        }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        return digits.allSatisfy(\.isNumber)
    }
}

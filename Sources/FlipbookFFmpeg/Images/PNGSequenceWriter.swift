import Foundation

/// Writes each frame as a numbered PNG file into a folder: `name_00000.png`, `name_00001.png`, …
/// (the pattern's `%0Nd` replaced by the zero-padded frame index).
///
/// Takes `.rgba` frames. Not thread-safe: one per export, on the encoder thread.
package final class PNGSequenceWriter {
    package let folder: URL
    /// A file name with one `%0Nd`, e.g. `confetti_%05d.png`.
    package let pattern: String
    private let transparent: Bool
    private var index: Int

    /// A writer whose first frame is frame `firstIndex` of the video (a chunk's first frame).
    package init(folder: URL, pattern: String, transparent: Bool, firstIndex: Int = 0) throws {
        index = firstIndex
        guard OutputFormat.sequencePatternWidth(in: pattern) != nil, !pattern.contains("/") else {
            throw MediaError(
                operation: "write a PNG sequence",
                message: "the file pattern needs one %0Nd, like name_%05d.png (got \(pattern))")
        }
        (self.folder, self.pattern, self.transparent) = (folder, pattern, transparent)
    }

    /// The file name of frame `index`.
    package func fileName(of index: Int) -> String {
        Self.fileName(pattern: pattern, index: index)
    }

    /// The file name of frame `index` in `pattern` (one `%0Nd`; a name without one is itself).
    package static func fileName(pattern: String, index: Int) -> String {
        guard let width = OutputFormat.sequencePatternWidth(in: pattern),
            let range = pattern.range(of: "%0\(width)d")
        else { return pattern }
        let number = String(index)
        let padded = String(repeating: "0", count: max(0, width - number.count)) + number
        return pattern.replacingCharacters(in: range, with: padded)
    }

    package func write(_ frame: VideoFrame) throws {
        guard case .rgba(let pixmap) = frame else {
            throw MediaError(
                operation: "write a PNG sequence", message: "PNG files are written from RGBA frames")
        }
        let path = folder.appendingPathComponent(fileName(of: index)).path
        try StillImage.write(pixmap, format: .png, transparent: transparent, to: path)
        index += 1
    }
}

import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookGeometry
import Foundation
import Synchronization

/// The opening that the rows of a batch draw alike — the frames before the first layer that
/// shows a row's own variables comes in — encoded once for all of them (`EncodedOpening`)
/// instead of once a row. A render whose variables are given starts a closed segment where
/// each such layer comes in (`VideoExport.segmentTimes`), so a segment's packets depend on its
/// own frames alone and every row that draws the segment's frames alike may copy them: its
/// file stays byte for byte the file it makes alone.
///
/// Which rows draw alike is decided before they render, from their drawings: frames with equal
/// display lists have equal pixels (the frame cache's own rule). The first group of rows that
/// share a segment sets the opening — the first row's drawings up to the last segment start any
/// other row draws alike, kept to compare later rows with — and every later row copies the
/// segments it draws alike. One opening serves the rows of one preset, in one group or several
/// (`ExportGroup(_:to:opening:)`).
///
/// Thread-safe: the opening is set once, behind a `Mutex`.
package final class SharedOpening: Sendable {
    private struct Reference: Sendable {
        let opening: EncodedOpening
        /// The first row's drawings of the opening's frames.
        let drawings: [[DisplayList]]
    }

    /// The most bytes of drawings kept to compare rows with: an opening longer than this is
    /// shared up to the last segment start within it.
    static let maximumDrawingBytes = 64 << 20

    private let reference = Mutex<Reference?>(nil)
    /// How many rows may render with this opening, in all groups.
    private let rows: Int

    /// An opening for `rows` rows, in one group or several. When more rows are to come than
    /// the first group holds, its first row sets the opening even alone — a row rendered by
    /// itself (the odd one of a table, or every row when two do not fit the memory budget)
    /// encodes the opening for the rows after it.
    package init(rows: Int = 0) {
        self.rows = rows
    }

    /// The frames each of `exports` (rows that render together, `ExportGroup`) copies from the
    /// opening, `nil` for a row that encodes all of its own. Sets the opening from these rows
    /// when no earlier ones did and two of them draw a segment alike — or, when more rows are
    /// to come, from the first row's segments up to its last start.
    func shares(for exports: [VideoExport]) -> [EncodedOpening.Share?] {
        let settings = exports.map(\.encoderSettings)
        let frames = exports.map { Frames(of: $0) }
        return reference.withLock { reference in
            if let reference {
                return frames.indices.map { row in
                    guard reference.opening.encodes(settings[row]) else { return nil }
                    let alike = frames[row].alike(with: reference.drawings)
                    return Self.share(of: reference.opening, upTo: alike, starts: settings[row].segmentStarts)
                }
            }
            let toCome = rows > exports.count
            guard let first = frames.first, exports.count > 1 || toCome, settings[0].firstTimestamp == 0
            else {
                return exports.map { _ in nil }
            }
            let starts = settings[0].segmentStarts
            let partners = frames.indices.dropFirst().filter {
                EncodedOpening.encodeAlike(settings[$0], settings[0])
            }
            guard let last = starts.max(), !partners.isEmpty || toCome else {
                return exports.map { _ in nil }
            }
            let drawn = first.drawings(upTo: Int(last))
            let alike = partners.map { frames[$0].alike(with: drawn) }
            // With rows to come, the first row's own segments may be theirs.
            let reach = toCome ? [drawn.count] : alike
            guard let longest = reach.compactMap({ Self.segmentEnd(upTo: $0, starts: starts) }).max(),
                longest > 0, let opening = try? EncodedOpening(settings: settings[0], frameCount: longest)
            else { return exports.map { _ in nil } }
            reference = Reference(opening: opening, drawings: Array(drawn.prefix(longest)))
            var shares = exports.map { _ in EncodedOpening.Share?.none }
            shares[0] = EncodedOpening.Share(opening, frames: longest)
            for (row, count) in zip(partners, alike) {
                shares[row] = Self.share(of: opening, upTo: count, starts: starts)
            }
            return shares
        }
    }

    /// What a row whose first `alike` frames are the opening's copies: the segments that end
    /// within them.
    private static func share(of opening: EncodedOpening, upTo alike: Int, starts: Set<Int64>)
        -> EncodedOpening.Share?
    {
        segmentEnd(upTo: min(alike, opening.frameCount), starts: starts).map {
            EncodedOpening.Share(opening, frames: $0)
        }
    }

    /// The last segment start at or before frame `alike`, `nil` for none.
    private static func segmentEnd(upTo alike: Int, starts: Set<Int64>) -> Int? {
        starts.filter { $0 <= alike }.max().map { Int($0) }
    }

    /// A row's frames, drawn as the render stage draws them, when they are asked for.
    private struct Frames {
        let export: VideoExport
        let scene: any AnimatedScene
        let size: CGSize

        init(of export: VideoExport) {
            let pixels = export.pixelSize
            (self.export, scene) = (export, export.renderedScene)
            size = CGSize(width: Double(pixels.width), height: Double(pixels.height))
        }

        /// The drawing of frame `index`; its warnings are the render's to tell.
        func drawing(_ index: Int) -> [DisplayList] {
            WarningSink.discarding().receiving {
                RenderStage.drawing(
                    of: scene, at: export.sampler.frame(index), size: size, motionBlur: export.motionBlur,
                    rate: export.sampler.frameRate)
            }
        }

        /// The drawings of the first `count` frames (of the video's), fewer when they would
        /// outweigh `maximumDrawingBytes`.
        func drawings(upTo count: Int) -> [[DisplayList]] {
            var drawings: [[DisplayList]] = []
            var bytes = 0
            for index in 0..<min(count, export.sampler.frameCount) {
                let drawing = drawing(index)
                bytes += drawing.reduce(0) { $0 + $1.approximateBytes }
                guard bytes <= SharedOpening.maximumDrawingBytes else { break }
                drawings.append(drawing)
            }
            return drawings
        }

        /// How many of the first frames draw what `drawings` hold.
        func alike(with drawings: [[DisplayList]]) -> Int {
            drawings.indices.first { drawing($0) != drawings[$0] } ?? drawings.count
        }
    }
}

import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import FlipbookTimeline
import Foundation

/// A grid of evenly spaced frames of an export in one PNG, each labelled with its time
/// (`m:ss.ss`, in a monospaced font) — for reviewing a render at a glance.
///
/// Frames are drawn at the cell size (the scene scaled, not a full frame shrunk), from the
/// first frame to the last, row by row.
public struct ContactSheet: Sendable {
    public var export: VideoExport
    /// How many frames the sheet shows.
    public var frames: Int
    public var columns: Int
    /// The width of one cell in pixels; its height keeps the canvas's aspect ratio.
    public var cellWidth: Int

    /// The most pixels the sheet may have (the CLI passes its `pixels` limit); checked before
    /// anything is drawn.
    public var maximumPixels = 7680 * 4320

    public static let margin = 8
    public static let labelHeight = 20
    /// The sheet's own background, behind the cells and labels.
    public static let sheetColor = Color(hex: "#1C1C1E")!
    public static let labelColor = Color(white: 0.85)

    public init(export: VideoExport, frames: Int = 12, columns: Int = 4, cellWidth: Int = 320) {
        (self.export, self.frames, self.columns, self.cellWidth) = (export, frames, columns, cellWidth)
    }

    /// The indices of the frames shown: the first, the last and evenly between.
    public var frameIndices: [Int] {
        let count = export.sampler.frameCount
        let shown = min(frames, count)
        guard shown > 1 else { return [0] }
        return (0..<shown).map { Int((Double($0) * Double(count - 1) / Double(shown - 1)).rounded()) }
    }

    /// The sheet's size in pixels: the cells in `columns` columns, with margins and labels.
    public var pixelSize: (width: Int, height: Int) {
        let shown = frameIndices.count
        let rows = (shown + columns - 1) / columns
        return (
            Self.margin + min(columns, shown) * (cellWidth + Self.margin),
            Self.margin + rows * (cellHeight + Self.labelHeight + Self.margin)
        )
    }

    public var cellHeight: Int {
        max(1, Int((Double(cellWidth) * Double(export.height) / Double(export.width)).rounded()))
    }

    /// Renders the sheet.
    public func render() throws(ExportError) -> Pixmap {
        guard (1...1000).contains(frames), (1...100).contains(columns), (16...4096).contains(cellWidth) else {
            throw .invalidSettings(
                MediaError(
                    operation: "make a contact sheet",
                    message: "frames must be 1…1000, columns 1…100 and the cell width 16…4096 pixels"))
        }
        let size = pixelSize
        guard size.width * size.height <= maximumPixels else {
            throw .invalidSettings(
                MediaError(
                    operation: "make a contact sheet",
                    message:
                        "a sheet of \(size.width)×\(size.height) pixels exceeds the limit of \(maximumPixels) pixels; "
                        + "show fewer frames, use a smaller cell width, or raise the limit"))
        }
        let indices = frameIndices
        let (cellWidth, cellHeight) = (self.cellWidth, self.cellHeight)
        let pitch = (x: cellWidth + Self.margin, y: cellHeight + Self.labelHeight + Self.margin)
        var sheet = Pixmap(width: size.width, height: size.height)
        sheet.clear(to: Self.sheetColor.premultiplied)
        var cellExport = export
        cellExport.scale = Double(cellWidth) / Double(export.width)
        var rasterizer = Rasterizer()
        for (position, index) in indices.enumerated() {
            let x = Self.margin + position % columns * pitch.x
            let y = Self.margin + position / columns * pitch.y
            let time = export.sampler.frame(index)
            sheet.draw(cellExport.renderFrame(at: time, width: cellWidth, height: cellHeight), atX: x, y: y)
            let label = Text(Self.timestamp(time.seconds)).font(.system(size: 12, design: .monospaced))
                .foregroundStyle(Self.labelColor)
            let origin = CGPoint(x: Double(x) + 2, y: Double(y + cellHeight) + 3)
            Canvas { context, _ in context.draw(label, at: origin, anchor: .topLeading) }
                .displayList(size: CGSize(width: Double(sheet.width), height: Double(sheet.height)))
                .render(into: &sheet, using: &rasterizer)
        }
        return sheet
    }

    /// Writes the sheet as a PNG at `destination`, atomically.
    @discardableResult
    public func write(to destination: URL) throws -> VideoExport.Summary {
        let start = Date()
        let sheet = try render()
        let output = try AtomicOutput(destination: destination)
        try output.writeAndCommit {
            try StillImage.write(sheet, format: .png, transparent: false, to: output.temporary.path)
        }
        let bytes = FileStatus(path: destination.path)?.size ?? 0
        return VideoExport.Summary(
            frameCount: frameIndices.count, elapsedSeconds: Date().timeIntervalSince(start), bytes: bytes,
            framesDrawn: frameIndices.count, layersReused: 0, layersDrawn: 0)
    }

    /// `75.5` → `1:15.50`.
    public static func timestamp(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        let (minutes, rest) = (hundredths / 6000, hundredths % 6000)
        let whole = String(rest / 100)
        let fraction = String(rest % 100)
        return
            "\(minutes):\(whole.count < 2 ? "0" + whole : whole).\(fraction.count < 2 ? "0" + fraction : fraction)"
    }
}

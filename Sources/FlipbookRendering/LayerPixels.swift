import FlipbookRaster

/// The painted part of one offscreen layer: its pixels where it may be painted, and where they
/// go on the canvas.
package struct LayerPixels: Sendable {
    /// The pixels of `bounds`, its top-left pixel at `origin` on the canvas.
    package var pixmap: Pixmap
    package var origin: (x: Int, y: Int)
    /// Where the layer may be painted (outside it, every pixel is transparent); `nil` when
    /// nothing is.
    package var bounds: PixelBounds?
    /// The painted pixels, as runs in the canvas's coordinates: all that compositing the layer
    /// needs to touch.
    package var runs: [PixelRun]

    package init(pixmap: Pixmap, origin: (x: Int, y: Int) = (0, 0), bounds: PixelBounds?, runs: [PixelRun]) {
        self.pixmap = pixmap
        self.origin = origin
        self.bounds = bounds
        self.runs = runs
    }

    /// The part of `canvas` inside `painted` (the canvas is transparent elsewhere) and inside
    /// `shown`, the part of the canvas the frame shows (all of it, unless the canvas was grown
    /// past the frame's edges), placed on the frame.
    init(canvas: Pixmap, painted: PixelBounds?, shown: PixelBounds) {
        guard let inside = painted?.intersection(shown) else {
            self.init(pixmap: Pixmap(width: 0, height: 0), bounds: nil, runs: [])
            return
        }
        let (x, y) = (shown.columns.lowerBound, shown.rows.lowerBound)
        let bounds = PixelBounds(
            columns: (inside.columns.lowerBound - x)..<(inside.columns.upperBound - x),
            rows: (inside.rows.lowerBound - y)..<(inside.rows.upperBound - y))
        self.init(
            pixmap: canvas.cropped(to: inside), origin: (bounds.columns.lowerBound, bounds.rows.lowerBound),
            bounds: bounds,
            runs: canvas.paintedRuns(within: inside).map {
                PixelRun(row: $0.row - y, start: $0.start - x, end: $0.end - x)
            })
    }

    /// The parts of `runs` inside `window`: what compositing the layer into a partly redrawn
    /// frame touches.
    func runs(within window: PixelBounds) -> [PixelRun] {
        runs.compactMap { run in
            guard window.rows.contains(run.row) else { return nil }
            let (start, end) = (
                max(run.start, window.columns.lowerBound), min(run.end, window.columns.upperBound)
            )
            return end > start ? PixelRun(row: run.row, start: start, end: end) : nil
        }
    }
}

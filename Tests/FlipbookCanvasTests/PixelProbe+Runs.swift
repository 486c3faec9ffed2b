import FlipbookCanvas
import FlipbookRaster

extension PixelProbe {
    /// The runs of columns of row `y` whose pixel is exactly `color`, left to right.
    func columns(of color: Color, row y: Int) -> [Range<Int>] {
        runs(count: pixmap.width) { pixmap[$0, y] == color.premultiplied }
    }

    /// The runs of rows of column `x` whose pixel is exactly `color`, top to bottom.
    func rows(of color: Color, column x: Int) -> [Range<Int>] {
        runs(count: pixmap.height) { pixmap[x, $0] == color.premultiplied }
    }

    private func runs(count: Int, where matches: (Int) -> Bool) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for index in 0...count {
            let inside = index < count && matches(index)
            if inside, start == nil { start = index }
            if !inside, let first = start {
                runs.append(first..<index)
                start = nil
            }
        }
        return runs
    }
}

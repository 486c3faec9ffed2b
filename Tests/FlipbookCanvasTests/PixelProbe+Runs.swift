import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation

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

/// A canvas filled with `color`: a view whose pixels say exactly where layout put it.
func swatch(_ color: Color) -> Canvas {
    Canvas { context, size in
        context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(color))
    }
}

let pureRed = Color(red: 1, green: 0, blue: 0)
let pureBlue = Color(red: 0, green: 0, blue: 1)
let pureGreen = Color(red: 0, green: 1, blue: 0)

/// `nil` when the two pictures are the same; otherwise how they differ, briefly (a failing
/// `#expect(a == b)` would print every byte of both).
func mismatch(_ actual: Pixmap, _ expected: Pixmap) -> String? {
    guard actual.width == expected.width, actual.height == expected.height else {
        return "\(actual.width)×\(actual.height) is not \(expected.width)×\(expected.height)"
    }
    var differing: [(Int, Int)] = []
    for y in 0..<actual.height {
        for x in 0..<actual.width where actual[x, y] != expected[x, y] { differing.append((x, y)) }
    }
    guard let (x, y) = differing.first else { return nil }
    return
        "\(differing.count) pixels differ, the first at (\(x), \(y)): \(actual[x, y]) is not \(expected[x, y])"
}

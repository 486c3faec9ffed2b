import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation

// What the view tests build views from and compare them with.

/// A canvas filled with `color`: a view whose pixels say exactly where layout put it.
func swatch(_ color: Color) -> Canvas {
    Canvas { context, size in
        context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(color))
    }
}

/// Colours whose pixels are exactly (255, 0, 0) and so on, unlike SwiftUI's `.red`.
let pureRed = Color(red: 1, green: 0, blue: 0)
let pureBlue = Color(red: 0, green: 0, blue: 1)
let pureGreen = Color(red: 0, green: 1, blue: 0)

/// A red swatch then a blue one, each `width` × `height`: two subviews for a stack, whose
/// pixels say where it put each.
@ViewBuilder func redThenBlue(width: CGFloat, height: CGFloat) -> some View {
    swatch(pureRed).frame(width: width, height: height)
    swatch(pureBlue).frame(width: width, height: height)
}

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

/// `width` × `height` offered to a view (`nil` for a side left to the view).
func offer(_ width: CGFloat?, _ height: CGFloat?) -> ProposedViewSize {
    ProposedViewSize(width: width, height: height)
}

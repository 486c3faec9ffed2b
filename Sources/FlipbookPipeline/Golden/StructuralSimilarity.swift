import FlipbookRaster
import Foundation

/// How alike two pictures look: the structural similarity index (SSIM) of their luma, at every
/// pixel, after Wang, Bovik, Sheikh and Simoncelli, "Image quality assessment: from error
/// visibility to structural similarity", IEEE Transactions on Image Processing 13(4), 2004.
///
/// At each pixel, over the 11×11 window around it weighted by a Gaussian of σ = 1.5 pixels (the
/// paper's own choice, §III-B: a square 8×8 window makes blocking artefacts in the map, the
/// Gaussian's weights fall smoothly, so the map is isotropic and a line counts the same in any
/// window it crosses), with the window's means μ, variances σ² and covariance σxy of luma x
/// (reference) and y (candidate):
///
///     SSIM = (2·μx·μy + C1)(2·σxy + C2) / ((μx² + μy² + C1)(σx² + σy² + C2))
///
/// with C1 = (0.01·255)² and C2 = (0.03·255)² (the paper's K1 = 0.01, K2 = 0.03, L = 255), which
/// keep flat windows stable. 1 means identical; noise of ±1 code value leaves about 0.99 (the
/// constants outweigh its variance), while a one-pixel line of a new colour drops the windows it
/// crosses towards 0 — so the worst window (`lowest`), not the mean, says whether two frames
/// differ: a mean over a whole frame would hide a line.
///
/// Luma is BT.709's (0.2126 R + 0.7152 G + 0.0722 B) of the premultiplied pixels, that is of the
/// picture over black. Windows at the edges repeat the edge pixels outwards, so every pixel has
/// its window and a change in a corner counts as one in the middle.
package struct StructuralSimilarity: Sendable {
    package let width: Int
    package let height: Int
    /// SSIM of the window centred on each pixel, row by row.
    package let map: [Double]

    /// The similarity of `candidate` to `reference`; `nil` when their sizes differ.
    package init?(reference: Pixmap, candidate: Pixmap) {
        guard reference.width == candidate.width, reference.height == candidate.height else { return nil }
        (width, height) = (reference.width, reference.height)
        let x = Self.luma(reference)
        let y = Self.luma(candidate)
        let meanX = Self.blurred(x, width: width, height: height)
        let meanY = Self.blurred(y, width: width, height: height)
        let squaresX = Self.blurred(zip(x, x).map(*), width: width, height: height)
        let squaresY = Self.blurred(zip(y, y).map(*), width: width, height: height)
        let products = Self.blurred(zip(x, y).map(*), width: width, height: height)
        map = (0..<x.count).map { i in
            let (mx, my) = (meanX[i], meanY[i])
            let varianceX = squaresX[i] - mx * mx
            let varianceY = squaresY[i] - my * my
            let covariance = products[i] - mx * my
            return (2 * mx * my + Self.c1) * (2 * covariance + Self.c2)
                / ((mx * mx + my * my + Self.c1) * (varianceX + varianceY + Self.c2))
        }
    }

    /// The worst window: its SSIM and the pixel it is centred on (the first such, in row order).
    package var lowest: (score: Double, x: Int, y: Int) {
        var worst = 0
        for i in map.indices where map[i] < map[worst] { worst = i }
        return (map[worst], worst % width, worst / width)
    }

    /// The mean SSIM over every pixel's window: the paper's MSSIM, for reports.
    package var mean: Double { map.reduce(0, +) / Double(map.count) }

    /// The paper's stabilising constants, (K·L)² for K1 = 0.01, K2 = 0.03 and L = 255.
    private static let c1 = (0.01 * 255.0) * (0.01 * 255.0)
    private static let c2 = (0.03 * 255.0) * (0.03 * 255.0)

    /// The window's weights along one axis: a Gaussian of σ = 1.5 over 11 taps, summing to 1
    /// (the window is their outer product, so blurring is a pass along rows, then one along
    /// columns).
    static let weights: [Double] = {
        let raw = (-5...5).map { offset in
            let distance = Double(offset)
            return exp(-distance * distance / (2 * 1.5 * 1.5))
        }
        let total = raw.reduce(0, +)
        return raw.map { $0 / total }
    }()

    /// BT.709 luma of each pixel, 0…255.
    private static func luma(_ pixmap: Pixmap) -> [Double] {
        (0..<pixmap.width * pixmap.height).map { pixel in
            let i = pixel * 4
            return 0.2126 * Double(pixmap.bytes[i]) + 0.7152 * Double(pixmap.bytes[i + 1])
                + 0.0722 * Double(pixmap.bytes[i + 2])
        }
    }

    /// `plane` averaged over each pixel's window, edges repeated outwards.
    private static func blurred(_ plane: [Double], width: Int, height: Int) -> [Double] {
        let radius = weights.count / 2
        func pass(_ source: [Double], along step: (x: Int, y: Int)) -> [Double] {
            var result = [Double](repeating: 0, count: source.count)
            for row in 0..<height {
                for column in 0..<width {
                    var sum = 0.0
                    for (tap, weight) in weights.enumerated() {
                        let offset = tap - radius
                        let x = min(max(column + offset * step.x, 0), width - 1)
                        let y = min(max(row + offset * step.y, 0), height - 1)
                        sum += weight * source[y * width + x]
                    }
                    result[row * width + column] = sum
                }
            }
            return result
        }
        return pass(pass(plane, along: (1, 0)), along: (0, 1))
    }
}

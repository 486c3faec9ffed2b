import FlipbookMedia
import FlipbookRaster
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// A 64×48 picture with 3,072 colours: red across, green down, blue constant.
private let gradient: Pixmap = {
    var pixmap = Pixmap(width: 64, height: 48)
    for y in 0..<48 {
        for x in 0..<64 {
            pixmap[x, y] = PremultipliedColor(red: UInt8(x * 4), green: UInt8(y * 5), blue: 128, alpha: 255)
        }
    }
    return pixmap
}()

/// Encodes `pixmap` as a one-frame GIF with `dither` and decodes it back (BGRA).
private func roundTrip(_ pixmap: Pixmap, dither: Dither) throws -> [UInt8] {
    let folder = TemporaryDirectory()
    var settings = VideoEncoderSettings(
        width: pixmap.width, height: pixmap.height, frameRate: FrameRate(10)!,
        options: EncodingOptions(format: .gif))
    settings.dither = dither
    let encoder = try VideoEncoder(path: folder.path("g.gif"), settings: settings)
    try encoder.encode(.rgba(pixmap))
    try encoder.finish()
    return try #require(VideoFileReader(path: folder.path("g.gif")).readAllFrames().first).planes[0]
}

/// The mean absolute difference per channel between `pixmap` and decoded BGRA, averaged over
/// `block`×`block` tiles first (what the eye sees of a dither pattern).
private func meanError(_ pixmap: Pixmap, _ decoded: [UInt8], block: Int) -> Double {
    var total = 0.0
    var count = 0
    for tileY in stride(from: 0, to: pixmap.height, by: block) {
        for tileX in stride(from: 0, to: pixmap.width, by: block) {
            for channel in 0..<3 {
                var source = 0.0
                var output = 0.0
                for y in tileY..<tileY + block {
                    for x in tileX..<tileX + block {
                        let pixel = pixmap[x, y]
                        source += Double([pixel.red, pixel.green, pixel.blue][channel])
                        output += Double(decoded[(y * pixmap.width + x) * 4 + 2 - channel])
                    }
                }
                total += abs(source - output) / Double(block * block)
                count += 1
            }
        }
    }
    return total / Double(count)
}

@Test func medianCutKeepsAManyColouredPictureClose() throws {
    let plain = try roundTrip(gradient, dither: .none)
    #expect(meanError(gradient, plain, block: 1) < 3)
}

@Test(arguments: [Dither.bayer, .floydSteinberg])
func ditheringKeepsTheAverageColourOfEachTile(dither: Dither) throws {
    let decoded = try roundTrip(gradient, dither: dither)
    #expect(meanError(gradient, decoded, block: 8) < 2)
    // Dithering mixes neighbouring palette colours: more distinct values than without.
    let plain = try roundTrip(gradient, dither: .none)
    #expect(decoded != plain)
}

@Test func fewColoursAreKeptExactly() throws {
    var pixmap = Pixmap(width: 16, height: 16)
    for y in 0..<16 {
        for x in 0..<16 {
            pixmap[x, y] = PremultipliedColor(red: UInt8(x * 16), green: UInt8(y * 16), blue: 7, alpha: 255)
        }
    }
    #expect(meanError(pixmap, try roundTrip(pixmap, dither: .bayer), block: 1) == 0)
}

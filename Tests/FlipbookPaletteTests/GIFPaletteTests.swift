import FlipbookFFmpeg
import FlipbookPalette
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

/// Encodes `pixmap` as a one-frame GIF with `dither`, `transparent` or over black, and decodes
/// it back (BGRA).
private func roundTrip(_ pixmap: Pixmap, dither: Dither, transparent: Bool = false) throws -> [UInt8] {
    let folder = TemporaryDirectory()
    var settings = VideoEncoderSettings(
        width: pixmap.width, height: pixmap.height, frameRate: FrameRate(10)!, transparent: transparent,
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

@Test func aClearGifFrameOfManyColoursLeavesThePaletteEntryForClear() throws {
    // The gradient's left half (1 536 colours) beside a clear half: the colours get 255 entries,
    // the last being the clear one. No colour may take it, and they come out as close as in an
    // opaque GIF of the same picture.
    var pixmap = gradient
    for y in 0..<48 {
        for x in 32..<64 { pixmap[x, y] = .transparent }
    }
    let clear = try roundTrip(pixmap, dither: .none, transparent: true)
    let opaque = try roundTrip(pixmap, dither: .none)
    /// Mean difference per channel over the left half.
    func leftError(_ decoded: [UInt8]) -> Double {
        var total = 0
        for y in 0..<48 {
            for x in 0..<32 {
                let source = pixmap[x, y]
                let at = (y * 64 + x) * 4
                total +=
                    abs(Int(decoded[at + 2]) - Int(source.red))
                    + abs(Int(decoded[at + 1]) - Int(source.green))
                    + abs(Int(decoded[at]) - Int(source.blue))
            }
        }
        return Double(total) / Double(32 * 48 * 3)
    }
    for y in 0..<48 {
        #expect((0..<32).allSatisfy { clear[(y * 64 + $0) * 4 + 3] == 255 })
        #expect((32..<64).allSatisfy { clear[(y * 64 + $0) * 4 + 3] == 0 })
    }
    #expect(leftError(clear) < 3)
    #expect(leftError(clear) <= leftError(opaque) * 1.1)
}

@Test func eachGifFrameShowsItsOwnPictureInOrder() throws {
    // Palettes are made one frame ahead of the encoder (`PaletteStage`): every frame must still
    // reach the file, in order, with its own palette. Flat frames of distinct colours between
    // many-coloured ones (which change the palette), then a last frame alone.
    let flats: [PremultipliedColor] = [
        PremultipliedColor(red: 200, green: 30, blue: 40, alpha: 255),
        PremultipliedColor(red: 10, green: 180, blue: 90, alpha: 255),
        PremultipliedColor(red: 20, green: 40, blue: 230, alpha: 255),
    ]
    var pictures: [Pixmap] = []
    for color in flats {
        var flat = Pixmap(width: gradient.width, height: gradient.height)
        flat.clear(to: color)
        pictures += [flat, gradient]
    }
    let folder = TemporaryDirectory()
    let settings = VideoEncoderSettings(
        width: gradient.width, height: gradient.height, frameRate: FrameRate(10)!,
        options: EncodingOptions(format: .gif))
    let encoder = try VideoEncoder(path: folder.path("frames.gif"), settings: settings)
    for picture in pictures { try encoder.encode(.rgba(picture)) }
    try encoder.finish()
    let frames = try VideoFileReader(path: folder.path("frames.gif")).readAllFrames()
    try #require(frames.count == pictures.count)
    for (index, frame) in frames.enumerated() {
        let decoded = frame.planes[0]
        if index % 2 == 0 {
            let color = flats[index / 2]
            let expected: [UInt8] = [color.blue, color.green, color.red, 255]
            #expect(
                stride(from: 0, to: decoded.count, by: 4).allSatisfy {
                    Array(decoded[$0..<$0 + 4]) == expected
                })
        } else {
            #expect(meanError(gradient, decoded, block: 8) < 2, "frame \(index)")
        }
    }
}

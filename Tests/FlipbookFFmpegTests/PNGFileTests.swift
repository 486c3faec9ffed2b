import FlipbookFFmpeg
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

@Test func everyPremultipliedPixelSurvivesAPNGRoundTrip() throws {
    // All 32 896 premultiplied (value ≤ alpha) pairs, as grey pixels.
    var pixmap = Pixmap(width: 182, height: 182)
    var index = 0
    for alpha in 0...255 {
        for value in 0...alpha {
            let color = PremultipliedColor(
                red: UInt8(value), green: UInt8(value / 2), blue: 0, alpha: UInt8(alpha))
            pixmap[index % 182, index / 182] = color
            index += 1
        }
    }
    let folder = TemporaryDirectory()
    let path = folder.path("all.png")
    try PNGFile.write(pixmap, to: path)
    let decoded = try PNGFile.read(path)
    #expect(decoded.width == 182 && decoded.height == 182)
    #expect(decoded == pixmap)
}

@Test func writtenPNGsAreRealPNGs() throws {
    var pixmap = Pixmap(width: 3, height: 2)
    pixmap.clear(to: PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 255))
    let data = try PNGFile.encode(pixmap)
    #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
}

@Test func readingGarbageFailsWithAMessage() {
    #expect(throws: MediaError.self) { try PNGFile.decode(Data("not a png".utf8), name: "junk.png") }
    #expect(throws: MediaError.self) { try PNGFile.read("/no/such.png") }
}

import FlipbookRaster
import FlipbookScenes
import Testing

/// FNV-1a of a pixmap's bytes.
private func digest(_ pixmap: Pixmap) -> UInt64 {
    pixmap.bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
}

/// The frames' digests as the rasterizer drew them before its paths for text, clears and
/// gradients were made faster (coverage replay, memset clears, opaque gradients shaded straight
/// into the pixels two at a time): speed work must not change a pixel.
/// Taken at commit 8d906d0; the headline's three (headline, shadowed-headline, frame) again when
/// text came to be drawn glyph by glyph from the glyph cache, each glyph at its position
/// rounded to an eighth of a pixel (`GlyphCoverageCache`): within the peer band of the path's
/// pixels, as `GlyphCacheTests` checks.
private let expected: [String: UInt64] = [
    "confetti_200": 5_241_317_968_353_880_297,
    "confetti_2000": 12_781_224_691_866_901_803,
    "launch blurred-glow": 9_711_480_806_314_421_573,
    "launch confetti": 18_166_227_527_858_703_631,
    "launch empty": 10_940_092_884_356_784_933,
    "launch frame": 1_427_172_076_845_075_337,
    "launch glow": 2_708_901_644_076_495_516,
    "launch gradient": 2_314_434_205_495_356_248,
    "launch headline": 11_559_323_773_688_707_017,
    "launch shadowed-headline": 15_032_381_780_920_426_910,
    "spirograph": 11_782_562_847_617_555_000,
]

/// Every launch element drawn three times with one rasterizer — the third time a large fill's
/// coverage is replayed — and three frames of each benchmark scene, hash as before.
@Test func benchmarkAndLaunchFramesKeepTheirPixels() {
    var digests: [String: UInt64] = [:]
    for element in LaunchScene.allCases {
        var pixmap = Pixmap(width: LaunchScene.width, height: LaunchScene.height)
        var rasterizer = Rasterizer()
        var seen: [UInt64] = []
        for _ in 0..<3 {
            element.render(into: &pixmap, using: &rasterizer)
            seen.append(digest(pixmap))
        }
        #expect(Set(seen).count == 1, "\(element.rawValue): \(seen)")
        digests["launch \(element.rawValue)"] = seen[0]
    }
    for scene in BenchmarkScene.allCases {
        var pixmap = Pixmap(width: BenchmarkScene.width, height: BenchmarkScene.height)
        var rasterizer = Rasterizer()
        for index in [0, 30, 60] { scene.render(frame: index, into: &pixmap, using: &rasterizer) }
        digests[scene.rawValue] = digest(pixmap)
    }
    #expect(digests == expected)
}

import Foundation

/// A median with its range, as stored in `latest.json`.
struct Figure: Codable {
    var median: Double
    var minimum: Double
    var maximum: Double
}

extension Samples {
    var figure: Figure { Figure(median: median, minimum: minimum, maximum: maximum) }
}

/// One comparison: how many times faster (or leaner) Flipbook is than a peer, > 1 meaning
/// Flipbook wins. Plotted in `ratios.png`.
struct Ratio: Codable {
    var label: String
    var value: Double
}

/// Everything one run measured, written to `bench/results/latest.json`.
struct BenchmarkResults: Codable {
    struct RasterRow: Codable {
        var scene: String
        var framesPerSecond: [String: Figure]
    }

    struct Conversion: Codable {
        var flipbookMilliseconds: Figure
        /// Converting only a frame's changed pixels and copying the planes out, as in an export.
        var changedRegionMilliseconds: Figure
        var swscaleMilliseconds: Figure
        /// Largest difference between the two outputs, in code values (sanity: same colours).
        var largestDifference: Int
    }

    struct Export: Codable {
        var seconds: [String: Figure]
    }

    struct MemoryRow: Codable {
        var run: String
        var peakMiB: Double
        var seconds: Double
    }

    struct FidelityRow: Codable {
        var scene: String
        var peer: String
        /// Mean absolute difference per channel value, in 1/255 units.
        var meanDifference: Double
        var largestDifference: Int
        /// Share of pixels with some channel off by more than 16/255, in percent.
        var percentOffBy16: Double
    }

    struct Cache: Codable {
        var chartCachedFramesPerSecond: Figure
        var chartUncachedFramesPerSecond: Figure
        var chartCachedOneThread: Figure
        var chartUncachedOneThread: Figure
        var clockFrames: Int
        var clockFramesDrawn: Int
        var compositionCachedFramesPerSecond: Figure?
        var compositionUncachedFramesPerSecond: Figure?
    }

    var date: String
    var quick: Bool
    var cores: Int
    var raster: [RasterRow] = []
    /// All threads ÷ one for a loop that touches no memory: what this host gives a second thread.
    var hostScaling: Figure?
    var conversion: Conversion?
    var export: Export?
    /// `flipbook batch --jobs N` and the same renders as separate processes, wall seconds.
    var batch: Export?
    var memory: [MemoryRow] = []
    var fidelity: [FidelityRow] = []
    var cache: Cache?
    var ratios: [Ratio] = []
}

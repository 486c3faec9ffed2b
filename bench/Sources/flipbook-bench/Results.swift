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

/// One render's frames per second with the frame and layer caches on, and with `--no-cache`.
struct CacheOnAndOff: Codable {
    var cached: Figure
    var uncached: Figure
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

    /// One measured process: what it ran, its peak resident memory and its wall time.
    struct MemoryRow: Codable {
        var run: String
        /// The process's high-water mark of resident memory (VmHWM), MiB.
        var peakMiB: Double
        var seconds: Double
    }

    /// How far a frame of ours is from a peer's frame of the same scene.
    struct FidelityRow: Codable {
        var scene: String
        /// The engine compared with (`cairo`, `skia`).
        var peer: String
        var difference: FrameComparison
    }

    /// What the frame and layer caches save: renders with and without them.
    struct Cache: Codable {
        /// The chart scene on every core.
        var chart: CacheOnAndOff
        /// The chart scene on one thread.
        var chartOneThread: CacheOnAndOff
        /// The clock's frames, and how many of them were drawn rather than reused.
        var clockFrames: Int
        var clockFramesDrawn: Int
        /// A composition with a static background.
        var composition: CacheOnAndOff?
    }

    var date: String
    /// Whether the run was `--quick` (fewer frames and repetitions: figures for a glance).
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

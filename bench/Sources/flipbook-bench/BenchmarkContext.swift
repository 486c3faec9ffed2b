import Foundation

/// Where things are and how long to measure: shared by all sections.
struct BenchmarkContext {
    let root: URL
    let quick: Bool
    let work: URL
    let cores = ProcessInfo.processInfo.activeProcessorCount

    /// Interleaved rounds per figure.
    var rounds: Int { quick ? 2 : 5 }
    /// Frames per raster measurement (the bench definition: 180).
    var frames: Int { quick ? 60 : 180 }

    var python: String { root.appendingPathComponent("bench/.venv/bin/python").path }
    /// The native Cairo peer that `bench/peers/setup.sh` compiles.
    var cairoNative: String { root.appendingPathComponent(".build/bench/cairo_native").path }
    var flipbook: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("flipbook").path
    }

    func peer(_ script: String) -> String {
        root.appendingPathComponent("bench/peers/\(script)").path
    }

    func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    func scratch(_ name: String) -> String {
        work.appendingPathComponent(name).path
    }
}

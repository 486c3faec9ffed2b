import Flipbook

/// What the raster section's workers and copies draw: a benchmark scene's frames, or the launch
/// frame — the same frame each time, so its gradients, glow and headline come from the
/// rasterizer's caches and the shared glyph cache, as in a render of a still background.
enum DrawnScene: Hashable, Sendable {
    case benchmark(BenchmarkScene)
    case launch

    /// The benchmark scenes, then the launch frame.
    static let all = BenchmarkScene.allCases.map(Self.benchmark) + [.launch]

    init?(name: String) {
        if name == "launch" {
            self = .launch
        } else if let scene = BenchmarkScene(rawValue: name) {
            self = .benchmark(scene)
        } else {
            return nil
        }
    }

    var name: String {
        switch self {
        case .benchmark(let scene): scene.rawValue
        case .launch: "launch"
        }
    }
}

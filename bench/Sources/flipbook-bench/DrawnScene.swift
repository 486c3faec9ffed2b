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

    /// How many frames make one pass over what the scene draws, when a benchmark scene has
    /// `frames`: the launch frame is one frame drawn again and again.
    func passLength(_ frames: Int) -> Int {
        if case .launch = self { 1 } else { frames }
    }

    var name: String {
        switch self {
        case .benchmark(let scene): scene.rawValue
        case .launch: "launch"
        }
    }
}

/// One play of a layer in the video: from `start` to `end` (video seconds), its clock at 0 at
/// `start` — once, or once per loop of its clock.
struct LayerPlay {
    let layer: CompositionLayer
    let start: Double
    let end: Double
}

extension Composition {
    /// Every play of every layer that `wanted` accepts, those in groups within their group's, in
    /// a video of `duration` seconds: what goes along with the picture — a clip's sound, a
    /// scene's event cues, spoken captions — follows the layers' windows and loops from these.
    /// Only groups holding a wanted layer are walked, so a long video's loops cost nothing for
    /// layers that carry none of these. In time order within each layer; at most
    /// `maximumPlays` plays of layers and groups are walked, wanted or not (a loop restarting
    /// more often than that over the video is far below a frame, and walking on would hang),
    /// and at most `limit` wanted plays are collected.
    func plays(duration: Double, limit: Int = .max, of wanted: (CompositionLayer) -> Bool) -> [LayerPlay] {
        var plays: [LayerPlay] = []
        var walked = 0
        Self.collect(
            layers, offset: 0, end: duration, wanted: wanted, limit: limit, into: &plays, walked: &walked)
        return plays
    }

    /// The most plays `plays(duration:of:)` walks.
    static let maximumPlays = 1_000_000

    private static func collect(
        _ layers: [CompositionLayer], offset: Double, end: Double, wanted: (CompositionLayer) -> Bool,
        limit: Int, into plays: inout [LayerPlay], walked: inout Int
    ) {
        for layer in layers where holds(layer, wanted) {
            let start = offset + layer.timing.start
            let stop = min(layer.timing.end.map { offset + $0 } ?? end, end)
            guard stop > start else { continue }
            let cycle = layer.timing.loop ?? (stop - start)
            var index = 0.0
            while start + index * cycle < stop, walked < maximumPlays, plays.count < limit {
                walked += 1
                let play = LayerPlay(
                    layer: layer, start: start + index * cycle, end: min(start + (index + 1) * cycle, stop))
                if wanted(layer) { plays.append(play) }
                if case .group(let group) = layer.content {
                    collect(
                        group.layers, offset: play.start, end: play.end, wanted: wanted, limit: limit,
                        into: &plays, walked: &walked)
                }
                index += 1
            }
        }
    }

    /// Whether `layer` is wanted, or a group holding a wanted layer at any depth.
    private static func holds(_ layer: CompositionLayer, _ wanted: (CompositionLayer) -> Bool) -> Bool {
        if wanted(layer) { return true }
        guard case .group(let group) = layer.content else { return false }
        return group.layers.contains { holds($0, wanted) }
    }
}

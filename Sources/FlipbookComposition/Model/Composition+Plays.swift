/// One play of a layer in the video: from `start` to `end` (video seconds), its clock at 0 at
/// `start` — once, or once per loop of its clock.
struct LayerPlay {
    let layer: CompositionLayer
    let start: Double
    let end: Double
}

extension Composition {
    /// Every play of every layer, those in groups within their group's, in a video of
    /// `duration` seconds: what goes along with the picture — a clip's sound, a scene's event
    /// cues, spoken captions — follows the layers' windows and loops from these.
    func plays(duration: Double) -> [LayerPlay] {
        Self.plays(of: layers, offset: 0, end: duration)
    }

    private static func plays(of layers: [CompositionLayer], offset: Double, end: Double) -> [LayerPlay] {
        layers.flatMap { layer -> [LayerPlay] in
            let start = offset + layer.timing.start
            let stop = min(layer.timing.end.map { offset + $0 } ?? end, end)
            guard stop > start else { return [] }
            let cycle = layer.timing.loop ?? (stop - start)
            let cycles = min(Int(((stop - start) / cycle).rounded(.up)), 10_000)
            return (0..<cycles).flatMap { index -> [LayerPlay] in
                let play = LayerPlay(
                    layer: layer, start: start + Double(index) * cycle,
                    end: min(start + Double(index + 1) * cycle, stop))
                guard case .group(let group) = layer.content else { return [play] }
                return [play] + plays(of: group.layers, offset: play.start, end: play.end)
            }
        }
    }
}

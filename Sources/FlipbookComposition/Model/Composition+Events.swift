extension Composition {
    /// The events of the scenes in scene layers, at their times in the video: a confetti
    /// layer starting at 0.8 s pops its sound cue at 0.8 s. Events outside a layer's window
    /// are left out; a looping layer's events repeat with each loop.
    public func eventTimes(duration: Double) -> [Double] {
        Self.events(of: layers, offset: 0, end: duration).filter { $0 >= 0 && $0 < duration }.sorted()
    }

    private static func events(of layers: [CompositionLayer], offset: Double, end: Double) -> [Double] {
        layers.flatMap { layer -> [Double] in
            let start = offset + layer.timing.start
            let stop = min(layer.timing.end.map { offset + $0 } ?? end, end)
            guard stop > start else { return [] }
            let local: [Double]
            switch layer.content {
            case .scene(let content): local = content.scene.eventTimes(duration: stop - start)
            case .group(let group): local = events(of: group.layers, offset: 0, end: stop - start)
            default: local = []
            }
            guard let loop = layer.timing.loop else { return local.map { start + $0 } }
            let repeats = Int(((stop - start) / loop).rounded(.up))
            return (0..<min(repeats, 10_000)).flatMap { cycle in
                local.filter { $0 < loop }.map { start + Double(cycle) * loop + $0 }
            }
        }.filter { $0 < end }
    }
}

import FlipbookMedia

extension Composition {
    /// The sound of each video layer whose clip has one (and is not `muted`, and plays at speed 1), at its `volume`, as tracks of the
    /// video's mix: from the layer's start in the video to its end, from the clip's offset,
    /// repeating with the clip; a layer whose clock loops starts it again each loop.
    public func videoSoundTracks(duration: Double) -> [AudioTrack] {
        Self.videoSounds(of: layers, offset: 0, end: duration)
    }

    private static func videoSounds(of layers: [CompositionLayer], offset: Double, end: Double)
        -> [AudioTrack]
    {
        layers.flatMap { layer -> [AudioTrack] in
            let start = offset + layer.timing.start
            let stop = min(layer.timing.end.map { offset + $0 } ?? end, end)
            guard stop > start else { return [] }
            let cycle = layer.timing.loop ?? (stop - start)
            let cycles = min(Int(((stop - start) / cycle).rounded(.up)), 10_000)
            return (0..<cycles).flatMap { index -> [AudioTrack] in
                let cycleStart = start + Double(index) * cycle
                let cycleEnd = min(cycleStart + cycle, stop)
                switch layer.content {
                case .image(let image):
                    guard case .video(let clip) = image.source, clip.hasSound, !image.muted, image.speed == 1
                    else {
                        return []
                    }
                    var track = AudioTrack(file: clip.path)
                    (track.start, track.offset, track.loop) = (cycleStart, image.clipOffset, image.loops)
                    track.gain = image.volume
                    track.duration = cycleEnd - cycleStart
                    return [track]
                case .group(let group):
                    return videoSounds(of: group.layers, offset: cycleStart, end: cycleEnd)
                default:
                    return []
                }
            }
        }
    }
}

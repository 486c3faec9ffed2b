import FlipbookMedia

extension Composition {
    /// The sound of each video layer whose clip has one — unless `muted` or played at another
    /// speed than 1 — at its `volume`, as tracks of the video's mix: from the layer's start in
    /// the video to its end, from the clip's offset, repeating with the clip; a layer whose
    /// clock loops starts it again each loop.
    public func videoSoundTracks(duration: Double) -> [AudioTrack] {
        plays(duration: duration) { Self.soundingClip($0) != nil }.compactMap { play in
            guard let image = Self.soundingClip(play.layer), case .video(let clip) = image.source else {
                return nil
            }
            var track = AudioTrack(file: clip.path)
            (track.start, track.offset, track.loop) = (play.start, image.clipOffset, image.loops)
            track.gain = image.volume
            track.duration = play.end - play.start
            return track
        }
    }

    /// The image layer of `layer` when it plays a clip whose sound is heard.
    private static func soundingClip(_ layer: CompositionLayer) -> ImageLayer? {
        guard case .image(let image) = layer.content, case .video(let clip) = image.source, clip.hasSound,
            !image.muted, image.speed == 1
        else { return nil }
        return image
    }
}

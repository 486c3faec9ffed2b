import FlipbookAudio
import FlipbookFFmpeg

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

    /// Each layer's `sound`, as a track of the mix for every play of the layer: from the
    /// layer's start in the video, moved by the sound's delay, to the sound's own end (not cut
    /// at the layer's). One that would start before the video does starts at 0, that far into
    /// the file; one starting at or after the end is left out.
    public func layerSoundTracks(duration: Double) -> [AudioTrack] {
        plays(duration: duration) { $0.sound != nil }.compactMap { play in
            guard let sound = play.layer.sound else { return nil }
            let start = play.start + sound.delay
            guard start < duration else { return nil }
            var track = sound.track
            (track.start, track.offset) = start < 0 ? (0, track.offset - start) : (start, track.offset)
            return track
        }
    }

    /// How many sounds its layers schedule in a video of `duration` seconds — their clips' and
    /// their `sound`s, every loop counted — counting no further than `limit` + 1, with the JSON
    /// path of the layer whose sound passed `limit` (`nil` within it). A layer that loops every
    /// 0.00001 s with a sound schedules 100 000 in a second: the `sounds` limit refuses it before
    /// they are made, let alone mixed.
    public func soundCount(duration: Double, limit: Int) -> (count: Int, passedAt: String?) {
        let plays = plays(duration: duration, limit: limit == .max ? .max : limit + 1) { layer in
            layer.sound != nil || Self.soundingClip(layer) != nil
        }
        var count = 0
        for play in plays {
            let clip = Self.soundingClip(play.layer) != nil
            count += (play.layer.sound != nil ? 1 : 0) + (clip ? 1 : 0)
            if count > limit { return (count, clip ? play.layer.path : "\(play.layer.path).sound") }
        }
        return (count, nil)
    }

    /// The image layer of `layer` when it plays a clip whose sound is heard.
    private static func soundingClip(_ layer: CompositionLayer) -> ImageLayer? {
        guard case .image(let image) = layer.content, case .video(let clip) = image.source, clip.hasSound,
            !image.muted, image.speed == 1
        else { return nil }
        return image
    }
}

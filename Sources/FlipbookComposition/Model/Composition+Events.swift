extension Composition {
    /// The events of the scenes in scene layers, at their times in the video: a confetti
    /// layer starting at 0.8 s pops its sound cue at 0.8 s. Events outside a layer's window
    /// are left out; a looping layer's events repeat with each loop.
    public func eventTimes(duration: Double) -> [Double] {
        plays(duration: duration) { if case .scene = $0.content { true } else { false } }.flatMap {
            play -> [Double] in
            guard case .scene(let content) = play.layer.content else { return [] }
            let length = play.end - play.start
            return content.scene.eventTimes(duration: length).filter { $0 >= 0 && $0 < length }.map {
                play.start + $0
            }
        }.filter { $0 >= 0 && $0 < duration }.sorted()
    }
}

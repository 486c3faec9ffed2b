extension ConfettiScene {
    /// Each burst is an event: a sound cue (`audio.sceneCues`) pops with it.
    public func eventTimes(duration: Double) -> [Double] {
        configuration.bursts.map(\.time).filter { $0 < duration }.sorted()
    }
}

import FlipbookComposition

extension Preset {
    /// The times at which a render of `duration` seconds starts a closed segment
    /// (`VideoExport.segmentTimes`): where each of its composition's layers that show a
    /// variable comes in (`Composition.templatedEntrances`), so that the rows of a batch encode
    /// the frames before it once. None for other scenes, whose frames do not depend on
    /// variables.
    public func segmentTimes(duration: Double) -> [Double] {
        (scene as? Composition)?.templatedEntrances(duration: duration) ?? []
    }
}

extension Composition {
    /// The most times `templatedEntrances(duration:)` gives.
    public static let maximumTemplatedEntrances = 8

    /// The times after the video's start at which a layer that shows one of the variables
    /// given from outside the file (`givenVariables`) comes in — each of its plays, a group's
    /// layers within their group's — in order, the first `maximumTemplatedEntrances`. Before
    /// the first, the video draws what the file alone draws (unless a layout made room for
    /// what is still to come), so the rows of a batch draw those frames alike: a render starts
    /// a closed segment at each (`Preset.segmentTimes(duration:)`), and a batch encodes the
    /// frames before them once. None when no variable is given: a render of the file as it is
    /// is one segment.
    public func templatedEntrances(duration: Double) -> [Double] {
        guard !givenVariables.isEmpty else { return [] }
        let starts = plays(duration: duration, limit: 1000) { $0.shows(anyOf: givenVariables) }.map(\.start)
        return Array(
            Set(starts.filter { $0 > 0 && $0 < duration }).sorted().prefix(Self.maximumTemplatedEntrances))
    }
}

extension CompositionLayer {
    /// Whether the layer's own content shows one of `variables`: a text's placeholder (not a
    /// counter's, not the captions'), a number a counter counts with, or a text, colour or
    /// picture a Lottie file is filled with.
    func shows(anyOf variables: Set<String>) -> Bool {
        switch content {
        case .text(let text):
            !text.counterVariables.isDisjoint(with: variables)
                || text.runs.contains { run in
                    run.template.placeholders.contains {
                        text.counters[$0.name] == nil && variables.contains($0.name)
                    }
                }
        case .lottie(let lottie): !lottie.variables.isDisjoint(with: variables)
        default: false
        }
    }
}

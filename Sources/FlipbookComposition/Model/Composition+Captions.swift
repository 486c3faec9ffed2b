import FlipbookCaptions

extension Composition {
    /// The WebVTT sidecar's cues (`--captions`): the description for the whole video, then
    /// the cues of every captioned text layer, at their times in the video and within the
    /// layer's window (again each loop), their word timestamps with them — the words spoken, for
    /// people who cannot hear them.
    public func captions(duration: Double) -> [Caption] {
        let described = accessibilityLabel.map { [Caption(start: 0, end: duration, text: $0)] } ?? []
        let captioned = { (layer: CompositionLayer) in
            if case .text(let text) = layer.content { text.captions != nil } else { false }
        }
        let spoken = plays(duration: duration, of: captioned).flatMap { play -> [Caption] in
            guard case .text(let text) = play.layer.content, let cues = text.captions else { return [] }
            return cues.compactMap { cue in
                let (start, end) = (play.start + cue.start, min(play.start + cue.end, play.end))
                // Word timestamps move with the cue.
                let spans = cue.spans.map { span in
                    var moved = span
                    moved.style.time = span.style.time.map { $0 + play.start }
                    return moved
                }
                return end > start ? Caption(start: start, end: end, spans: spans) : nil
            }
        }
        return described + spoken
    }
}

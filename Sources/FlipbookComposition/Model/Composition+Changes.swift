import FlipbookCanvas
import FlipbookTimeline
import Foundation

extension Composition {
    /// Why each layer changed between two frames, for `--explain`: "scale keyframes; entrance:
    /// fade, slide" rather than the scene-wide "timeline.date changed". Read from the layers'
    /// windows, keyframes, transitions and content (a layer in a group that changed is drawn
    /// again with it, and says so); the render stage reports a reason only for a layer it drew
    /// again, and a layer none of these explains keeps the scene-wide reason.
    public func layerChanges(from previous: FrameTime, to time: FrameTime, size _: CGSize) -> [String: String]
    {
        var reasons: [String: String] = [:]
        Self.collectChanges(
            of: layers, from: previous.seconds, to: time.seconds, end: duration, group: nil, into: &reasons)
        return reasons
    }

    /// Adds the reasons of `layers` (and of the layers in their groups) between parent times
    /// `before` (`nil`: the parent did not show) and `now`; `end` is the parent's end, `group`
    /// the parent group's name and reason when it changed.
    private static func collectChanges(
        of layers: [CompositionLayer], from before: Double?, to now: Double, end: Double?,
        group: (name: String, reason: String)?, into reasons: inout [String: String]
    ) {
        for layer in layers {
            guard let local = layer.timing.localTime(at: now) else { continue }
            let earlier = before.flatMap { layer.timing.localTime(at: $0) }
            let layerEnd = layer.timing.duration ?? end.map { $0 - layer.timing.start }
            let reason =
                layer.change(from: before, to: now, end: end)
                ?? group.map { "its group \($0.name) changed: \($0.reason)" }
            if let reason { reasons[layer.name] = reason }
            if case .group(let content) = layer.content {
                collectChanges(
                    of: content.layers, from: earlier, to: local, end: layerEnd,
                    group: reason.map { (layer.name, $0) }, into: &reasons)
            }
        }
    }
}

extension CompositionLayer {
    /// What changes in this layer between parent times `from` (`nil`: the parent did not show)
    /// and `to`, `end` being the parent's end: that it appears, ends or loops, or what moves in
    /// it; `nil` when nothing does.
    fileprivate func change(from: Double?, to: Double, end: Double?) -> String? {
        let (earlier, local) = (from.flatMap { timing.localTime(at: $0) }, timing.localTime(at: to))
        guard let local else { return earlier == nil ? nil : "it ends" }
        guard let earlier else { return "it appears" }
        guard earlier <= local else { return "its loop restarted" }
        let causes = changes(from: earlier, to: local, end: timing.duration ?? end.map { $0 - timing.start })
        return causes.isEmpty ? nil : causes.joined(separator: "; ")
    }

    /// What moves between layer times `from` and `to` (`from` ≤ `to`): keyframed properties,
    /// named as their declarations name them (the layer's, then its kind's, then a text's runs'),
    /// entrances and exits, a wiggle, a scene's clock, a counting number, a caption, a video.
    fileprivate func changes(from: Double, to: Double, end: Double?) -> [String] {
        var moving = Self.keys.changes(of: self, from: from, to: to)
        var causes: [String] = []
        if wiggle?.moves(from, to) == true { causes.append("it wiggles") }
        switch content {
        case .scene(let scene):
            causes.append("the \(scene.sceneName) scene's clock")
        case .text(let text):
            let counting = text.counters.filter { $0.value.moves(from, to) }.keys.sorted()
            if !counting.isEmpty {
                causes.append("counting " + counting.map { "{\($0)}" }.joined(separator: ", "))
            }
            moving += TextLayer.keys.changes(of: text, from: from, to: to)
            for run in text.runs {
                moving += TextLayer.Run.keys.changes(of: run, from: from, to: to).filter {
                    !moving.contains($0)
                }
            }
            if text.captions != nil, text.captionSpans(at: from) != text.captionSpans(at: to) {
                causes.append("its caption changes")
            }
        case .shape(let shape):
            moving += ShapeLayer.keys.changes(of: shape, from: from, to: to)
        case .image(let image):
            let keys = if case .video = image.source { ImageLayer.videoKeys } else { ImageLayer.imageKeys }
            moving += keys.changes(of: image, from: from, to: to)
            if image.videoMoves(from, to) { causes.append("its video plays") }
        case .lottie(let lottie):
            if lottie.moves(from, to) { causes.append("its Lottie animation plays") }
        case .group(let group):
            if let layout = group.layout {
                moving += StackLayout.keys.changes(of: layout, from: from, to: to)
                if group.layers.contains(where: { $0.resizes(from: from, to: to) }) {
                    causes.append("its layers' sizes change")
                }
            }
        case .spacer:
            break
        }
        if !moving.isEmpty {
            let names = moving.reduce(into: [String]()) { names, name in
                if !names.contains(name) { names.append(name) }
            }
            causes.insert(names.joined(separator: ", ") + " keyframes", at: 0)
        }
        if let mask, let change = mask.layer.change(from: from, to: to, end: end) {
            causes.append("its mask: " + change)
        }
        for (transitions, isExit) in [(enter, false), (exit, true)] {
            let running = transitions.filter {
                $0.presence(at: from, exit: isExit, end: end) != $0.presence(at: to, exit: isExit, end: end)
            }
            guard !running.isEmpty else { continue }
            let effects = running.map(\.effect.rawValue).joined(separator: ", ")
            causes.append((isExit ? "exit: " : "entrance: ") + effects)
        }
        return causes
    }
}

extension CompositionLayer {
    /// Whether the layer's `size` or frame can change between its parent's times `from` and
    /// `to`: in a stack, its siblings move with it.
    fileprivate func resizes(from: Double, to: Double) -> Bool {
        let (start, end) = (from - timing.start, to - timing.start)
        return size?.moves(start, end) == true
            || frame.map { LayoutFrame.keys.anyChanges(of: $0, from: start, to: end) } == true
    }
}

extension LayerWiggle {
    /// Whether it moves the layer between layer times `from` and `to` (`from` < `to`): an
    /// amount keyframed between them, or one that is not 0 there. A wiggle whose amounts have
    /// come to rest at 0 leaves the layer where it is, and its pixels to be reused.
    fileprivate func moves(_ from: Double, _ to: Double) -> Bool {
        from < to && [position, rotation, scale].contains { $0.moves(from, to) || $0.value(at: from) != 0 }
    }
}

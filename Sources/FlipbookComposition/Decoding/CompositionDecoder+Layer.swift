import FlipbookAudio
import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookRaster
import FlipbookScenes
import Foundation

extension CompositionDecoder {
    /// One layer: its kind's content and the keys every layer has (`CompositionLayer.keys`), at
    /// nesting depth `depth`; `nil` when its content cannot be made.
    func readLayer(_ field: JSONField, depth: Int) throws(PresetError) -> CompositionLayer? {
        let inStack = nextLayerIsStacked
        nextLayerIsStacked = false
        var reader = try field.object()
        let kind = try CompositionLayer.type.read(&reader, self)
        let outer = (self.depth, parentClock, clock)
        (self.depth, parentClock, clock) = (depth, clock, clockStart(of: reader))
        defer { (self.depth, parentClock, clock) = outer }
        let content = readContent(kind, &reader, inStack: inStack)
        var layer = CompositionLayer(
            name: field.path, content: content ?? .group(GroupLayer(layers: [], clip: false)))
        layer.path = field.path
        let reading = readKeys(CompositionLayer.keys, &reader, into: &layer)
        checkPlacement(of: layer, inStack: inStack, reading)
        checkTransitions(of: &layer, kind: kind, reading)
        for problem in reader.unknownKeys() { log.record(problem) }
        return content == nil ? nil : layer
    }

    /// The content of a layer of `kind`, from its kind's keys; `nil` (its problems recorded)
    /// when it cannot be made.
    private func readContent(_ kind: String, _ reader: inout JSONObjectReader, inStack: Bool) -> LayerContent?
    {
        switch kind {
        case "scene": readScene(&reader)
        case "text": readText(&reader)
        case "image": readPicture(&reader, file: ImageLayer.imageFile, keys: ImageLayer.imageKeys)
        case "video": readVideo(&reader)
        case "lottie": readLottie(&reader)
        case "shape": readShape(&reader)
        case "sequence": readSequence(&reader)
        case "stack": readStack(&reader)
        case "spacer": readSpacer(&reader, inStack: inStack)
        default: readGroup(&reader)
        }
    }

    /// Holds entrances and exits to what the layer's kind can do: only a text's units move one
    /// by one or are typed, and a text's units are not blurred one by one past the
    /// `painted-area` limit.
    private func checkTransitions(
        of layer: inout CompositionLayer, kind: String,
        _ reading: ObjectDeclaration<CompositionDecoder, CompositionLayer>.Reading
    ) {
        for (key, transitions) in [("enter", \CompositionLayer.enter), ("exit", \.exit)] {
            guard let field = reading.fields[key], !reading.failed.contains(key) else { continue }
            let read = layer[keyPath: transitions]
            if kind != "text", let moved = read.first(where: { $0.unit != .layer }) {
                log.record(
                    field.error(
                        "only a text's \(moved.unit.rawValue)s can move one by one (this is a \(kind) layer)")
                )
                layer[keyPath: transitions] = []
            } else if kind != "text", read.contains(where: { $0.effect == .typewriter }) {
                log.record(field.error("a typewriter types a text's characters (this is a \(kind) layer)"))
                layer[keyPath: transitions] = []
            }
            if case .text(let text) = layer.content {
                attempt { try checkUnitBlur(read, units: text.maximumCharacters, at: field) }
            }
        }
    }

    /// A group: its layers, nested one deeper.
    private func readGroup(_ reader: inout JSONObjectReader) -> LayerContent? {
        var group = GroupLayer(layers: [], clip: false)
        let reading = readKeys(GroupLayer.keys, &reader, into: &group)
        return reading.fields["layers"] == nil ? nil : .group(group)
    }

    /// When, in seconds of the video, the clock of the layer `reader` reads starts: its
    /// parent's clock's start plus its `start` (read here ahead of its other keys, whose markers
    /// count from it; an unreadable `start` is reported where it is read, and counts as 0 here).
    private func clockStart(of reader: JSONObjectReader) -> Double? {
        guard let parent = clock else { return nil }
        var ahead = reader
        guard let field = ahead.optional("start"),
            let start = try? moment(field, clockStart: parent)
        else { return parent }
        return parent + start
    }

    /// A sequence: a group whose children start one after another — each when the one before
    /// ends, less `overlap`, its own `start` a gap after that. Every child but the last needs a
    /// length. Its children's clocks are not known while they are read, so they name no marker.
    private func readSequence(_ reader: inout JSONObjectReader) -> LayerContent? {
        var sequence = SequenceDraft()
        let outerClock = clock
        clock = nil
        let reading = readKeys(GroupLayer.sequenceKeys, &reader, into: &sequence)
        clock = outerClock
        guard let field = reading.fields["layers"] else { return nil }
        var layers = sequence.group.layers
        var cursor = 0.0
        let items = (try? field.array()) ?? []
        for i in layers.indices {
            layers[i].timing.start += cursor
            guard let length = layers[i].timing.duration else {
                if i == layers.count - 1 { break }  // the last one may run to the end
                log.record(
                    (i < items.count ? items[i] : field).error(
                        "a layer in a sequence needs a \"duration\" (or \"end\"), so the next knows when to start"
                    ))
                continue
            }
            cursor = layers[i].timing.start + length - sequence.overlap
        }
        return .group(GroupLayer(layers: layers, clip: sequence.group.clip))
    }

    /// Refuses an entrance or exit that blurs a text's characters, words or lines one by one
    /// at a cost over the `painted-area` limit each frame. Each unit that blurs on its own is
    /// a layer blurred by itself over the square its blur reaches (three radii each side, up to
    /// the canvas), and a text may have as many units as characters: a thousand characters
    /// blurred by 500 points took 25 s a frame.
    private func checkUnitBlur(_ transitions: [Transition], units: Int, at field: JSONField)
        throws(PresetError)
    {
        let radii = transitions.filter { $0.unit != .layer && $0.effect == .blur }.map(\.blur)
        guard let radius = radii.max(), radius > 0 else { return }
        let reach = 6 * radius
        let area = Double(units) * min(sceneContext.canvasArea, reach * reach)
        let limit = sceneContext.limits.paintedArea
        guard area <= limit else {
            throw field.error(
                "blurs up to \(units) units of its text one by one, each over up to "
                    + "\(JSONField.format(min(sceneContext.canvasArea, reach * reach).rounded())) square points: "
                    + SceneLimits.exceeded(
                        "painted-area", limit: JSONField.format(limit), got: JSONField.format(area.rounded()))
                    + " (blur them as a whole, by fewer units, or less)"
            ).exceeding("painted-area")
        }
    }
}

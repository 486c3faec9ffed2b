import FlipbookAudio
import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookRaster
import FlipbookScenes
import Foundation

extension CompositionDecoder {
    /// The keys every layer may have, whatever its kind.
    public static let commonLayerKeys =
        [
            "type", "name", "start", "duration", "end", "loop", "position", "size", "anchor", "scale",
            "rotation",
            "rotationX", "rotationY", "perspective",
            "opacity", "blendMode", "blur", "shadow", "enter", "exit", "inSafeArea", "mask", "maskInverted",
            "motionPath", "sound", "wiggle",
        ] + LayerColorAdjustments.keys

    /// One layer: its kind's content and the properties every layer has.
    func readLayer(_ field: JSONField, depth: Int) throws(PresetError) -> CompositionLayer? {
        var reader = try field.object()
        let kind = try reader.required("type").choice(LayerContent.kinds)
        let name = reader.optional("name").flatMap { item in attempt { try item.string() } } ?? field.path
        var timing = LayerTiming()
        if let start = reader.optional("start") { timing.start = attempt { try time(start) } ?? 0 }
        let durationField = reader.optional("duration")
        let endField = reader.optional("end")
        if durationField != nil, let endField {
            log.record(endField.error("give \"duration\" or \"end\", not both"))
        } else if let durationField {
            timing.duration = attempt { try positiveTime(durationField) }
        } else if let endField, let end = attempt({ try time(endField) }) {
            if end > timing.start {
                timing.duration = end - timing.start
            } else {
                log.record(
                    endField.error("must be after the layer's start (\(JSONField.format(timing.start)) s)"))
            }
        }
        if let loop = reader.optional("loop") { timing.loop = attempt { try positiveTime(loop) } }
        let content: LayerContent?
        switch kind {
        case "scene": content = attempt { try readScene(&reader) }
        case "text": content = attempt { try readText(&reader) }
        case "image": content = attempt { try readImage(&reader) }
        case "video": content = attempt { try readVideo(&reader) }
        case "shape": content = attempt { try readShape(&reader) }
        case "sequence": content = readGroup(&reader, depth: depth, sequence: true)
        default: content = readGroup(&reader, depth: depth, sequence: false)
        }
        // A kind's keys are known even when its content failed early, so that they are not
        // reported again as unknown.
        for key in Self.contentKeys[kind] ?? [] { _ = reader.optional(key) }
        var layer = CompositionLayer(
            name: name, content: content ?? .group(GroupLayer(layers: [], clip: false)))
        layer.timing = timing
        layer.path = field.path
        readPlacement(&reader, into: &layer)
        if let field = reader.optional("sound") { layer.sound = attempt { try readSound(field) } }
        for (key, isExit) in [("enter", false), ("exit", true)] {
            guard let field = reader.optional(key), let read = attempt({ try transitions(field) }) else {
                continue
            }
            if kind != "text", let moved = read.first(where: { $0.unit != .layer }) {
                log.record(
                    field.error(
                        "only a text's \(moved.unit.rawValue)s can move one by one (this is a \(kind) layer)")
                )
            } else if kind != "text", read.contains(where: { $0.effect == .typewriter }) {
                log.record(field.error("a typewriter types a text's characters (this is a \(kind) layer)"))
            }
            if case .text(let text)? = content {
                attempt { try checkUnitBlur(read, units: text.maximumCharacters, at: field) }
            }
            if isExit { layer.exit = read } else { layer.enter = read }
        }
        if let field = reader.optional("mask"), let mask = readCountedLayer(field, depth: depth + 1) {
            let inverted = reader.optional("maskInverted").flatMap { item in attempt { try item.bool() } }
            layer.mask = LayerMask(layer: mask, inverted: inverted ?? false)
        } else if let field = reader.optional("maskInverted") {
            log.record(field.error("needs a \"mask\""))
        }
        if let safe = reader.optional("inSafeArea") {
            layer.inSafeArea = attempt { try safe.bool() } ?? false
            if layer.inSafeArea, depth > 0 {
                log.record(safe.error("only top-level layers can be placed in the safe area"))
            }
        }
        for problem in reader.unknownKeys() { log.record(problem) }
        return content == nil ? nil : layer
    }

    /// A motion path: `{"path", "viewBox", "progress" (0…1, keyframed), "autoRotate"}`.
    private func motionPath(_ field: JSONField) throws(PresetError) -> MotionPath {
        var reader = try field.object()
        let (path, viewBox) = try svgPath(&reader)
        let progress = try animated(try reader.required("progress")) { (f) throws(PresetError) in
            try f.number(in: 0...1)
        }
        var motion = MotionPath(path: path, viewBox: viewBox, progress: progress)
        motion.autoRotate = try reader.optional("autoRotate")?.bool() ?? false
        try reader.finish()
        return motion
    }

    /// Position, size, anchor, scale, rotations, perspective, opacity, blend mode, blur and
    /// shadow.
    private func readPlacement(_ reader: inout JSONObjectReader, into layer: inout CompositionLayer) {
        if let field = reader.optional("position") {
            layer.position = attempt { try animated(field, lengthPair) }
        }
        if let field = reader.optional("motionPath") {
            if layer.position != nil {
                log.record(field.error("give \"position\" or \"motionPath\", not both"))
            } else {
                layer.motionPath = attempt { try motionPath(field) }
            }
        }
        if let field = reader.optional("size") { layer.size = attempt { try animated(field, extentPair) } }
        if let field = reader.optional("anchor") {
            layer.anchor = attempt { try unitPoint(field) } ?? .center
        }
        if let field = reader.optional("scale") {
            layer.scale = attempt { try animated(field, scalePair) } ?? layer.scale
        }
        for (key, rotation) in [
            ("rotation", \CompositionLayer.rotation), ("rotationX", \.rotationX), ("rotationY", \.rotationY),
        ] {
            guard let field = reader.optional(key) else { continue }
            layer[keyPath: rotation] =
                attempt {
                    try animated(field) { (f) throws(PresetError) in try f.number(in: -36_000...36_000) }
                }
                ?? layer[keyPath: rotation]
        }
        if let field = reader.optional("perspective") {
            layer.perspective = attempt { try field.number(in: 50...100_000) } ?? layer.perspective
        }
        if let field = reader.optional("opacity") {
            layer.opacity =
                attempt { try animated(field) { (f) throws(PresetError) in try f.number(in: 0...1) } }
                ?? layer.opacity
        }
        if let field = reader.optional("blendMode") {
            layer.blendMode = attempt { try field.choice(BlendMode.allCases) } ?? .normal
        }
        readColorAdjustments(&reader, into: &layer.colorAdjustments)
        if let field = reader.optional("blur"), let (radius, opaque) = attempt({ try blur(field) }) {
            (layer.blur, layer.blurIsOpaque) = (radius, opaque)
        }
        if let field = reader.optional("shadow") { layer.shadow = attempt { try shadow(field) } }
        if let field = reader.optional("wiggle") { layer.wiggle = attempt { try wiggle(field) } }
    }

    /// `{"frequency", "position", "rotation", "scale", "seed"}`: at least one amount; the seed
    /// by default the preset's mixed with the layer's JSON path, so that layers wiggle apart.
    private func wiggle(_ field: JSONField) throws(PresetError) -> LayerWiggle {
        var reader = try field.object()
        let frequency = try reader.optional("frequency")?.number(in: 0.01...100) ?? 2
        var seed = sceneContext.seed
        for byte in field.path.utf8 { seed = (seed ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var wiggle = LayerWiggle(frequency: frequency, seed: try reader.optional("seed")?.seed() ?? seed)
        var amounts = 0
        for (key, path, range) in [
            ("position", \LayerWiggle.position, 0.0...10_000), ("rotation", \.rotation, 0...360),
            ("scale", \.scale, 0...1),
        ] {
            guard let item = reader.optional(key) else { continue }
            wiggle[keyPath: path] = try animated(item) { (f) throws(PresetError) in try f.number(in: range) }
            amounts += 1
        }
        try reader.finish()
        guard amounts > 0 else {
            throw field.error("give how much it wiggles: \"position\", \"rotation\" or \"scale\"")
        }
        return wiggle
    }

    /// A sound the layer plays as it appears: `{"file", "volume", "delay", "name"}` (the name
    /// for tracks that duck under it); the file counts as an input.
    private func readSound(_ field: JSONField) throws(PresetError) -> LayerSound {
        var reader = try field.object()
        var track = AudioTrack(file: try reader.required("file").audioFile(files: files, seconds: duration))
        track.gain = try reader.optional("volume")?.volume() ?? 1
        track.name = try reader.optional("name")?.soundName()
        let delay = try reader.optional("delay").map { (item) throws(PresetError) in try time(item) } ?? 0
        try reader.finish()
        inputFiles.append(track.file)
        return LayerSound(track: track, delay: delay)
    }

    /// `brightness`, `contrast`, `saturation`, `grayscale`, `hueRotation`, `colorInvert` and
    /// `colorMultiply`, each a constant or keyframes.
    private func readColorAdjustments(
        _ reader: inout JSONObjectReader, into adjustments: inout LayerColorAdjustments
    ) {
        for (key, path, range) in LayerColorAdjustments.numbers {
            guard let field = reader.optional(key) else { continue }
            adjustments[keyPath: path] =
                attempt { try animated(field) { (f) throws(PresetError) in try f.number(in: range) } }
                ?? adjustments[keyPath: path]
        }
        if let field = reader.optional("colorMultiply") {
            adjustments.colorMultiply =
                attempt { try animated(field) { (f) throws(PresetError) in try f.color() } }
                ?? adjustments.colorMultiply
        }
    }

    /// A blur radius (a constant or keyframes), or `{"radius", "opaque"}`; and whether the
    /// blur is opaque.
    private func blur(_ field: JSONField) throws(PresetError) -> (Animated<Double>, Bool) {
        func radius(_ field: JSONField) throws(PresetError) -> Animated<Double> {
            try animated(field) { (f) throws(PresetError) in try f.number(in: 0...500) }
        }
        guard case .object = field.value.kind else { return (try radius(field), false) }
        var reader = try field.object()
        let blur = try radius(try reader.required("radius"))
        let opaque = try reader.optional("opaque")?.bool() ?? false
        try reader.finish()
        return (blur, opaque)
    }

    private func shadow(_ field: JSONField) throws(PresetError) -> LayerShadow {
        var reader = try field.object()
        func number(_ key: String, _ range: ClosedRange<Double>, _ fallback: Double) throws(PresetError)
            -> Animated<Double>
        {
            guard let item = reader.optional(key) else { return .constant(fallback) }
            return try animated(item) { (f) throws(PresetError) in try f.number(in: range) }
        }
        let color = try reader.optional("color").map { (item) throws(PresetError) in
            try animated(item) { (f) throws(PresetError) in try f.color() }
        }
        var shadow = LayerShadow(
            color: color ?? .constant(Color(white: 0, opacity: 0.5)),
            radius: try number("radius", 0...500, 12), x: try number("x", -10_000...10_000, 0),
            y: try number("y", -10_000...10_000, 6))
        shadow.inner = try reader.optional("inner")?.bool() ?? false
        try reader.finish()
        return shadow
    }

    /// Nested layers; in a sequence, each child starts when the one before ends (less
    /// `overlap`), its own `start` a gap after that; every child but the last needs a length.
    private func readGroup(_ reader: inout JSONObjectReader, depth: Int, sequence: Bool) -> LayerContent? {
        let clip = reader.optional("clip").flatMap { field in attempt { try field.bool() } } ?? false
        var overlap = 0.0
        if sequence, let field = reader.optional("overlap") { overlap = attempt { try time(field) } ?? 0 }
        guard let field = attempt({ () throws(PresetError) in try reader.required("layers") }) else {
            return nil
        }
        var layers = readLayers(field, depth: depth + 1)
        if sequence {
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
                cursor = layers[i].timing.start + length - overlap
            }
        }
        return .group(GroupLayer(layers: layers, clip: clip))
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

import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON
import FlipbookRaster
import Foundation

/// Reads a Lottie document into a `LottieAnimation`, counting what it reads against
/// `LottieLimits` and reporting what it cannot draw.
///
/// Precompositions are decoded once, when first used, and refused when one includes itself
/// (directly or through others); each layer list's expanded size — its layers plus, for each
/// precomposition layer, everything that precomposition draws — is counted, so that a file of
/// a few kilobytes whose precompositions use each other twice over 30 levels (2³⁰ layers a
/// frame) is refused rather than drawn.
struct LottieDecoder {
    let file: String
    let limits: LottieLimits
    var keyframeCount = 0
    var pointCount = 0
    /// The name of the layer being read, for warnings ("layer \"Star\": …").
    var layerName = ""
    /// Precomposition assets by id, before they are decoded.
    var precompFields: [String: JSONField] = [:]
    var precomps: [[LottieLayer]] = []
    /// A decoded precomposition's index in `precomps`, with the layers it draws (expanded) and
    /// the levels of precompositions inside it (itself included).
    var decodedPrecomps: [String: (index: Int, expandedLayers: Int, levels: Int)] = [:]
    /// The ids of the precompositions being decoded, outermost first.
    var decoding: [String] = []
    /// Where warnings point when the file is read for a composition's layer (its `file`):
    /// they then name the file and the path inside it.
    var reportingAt: String?
    /// Values put in place of the file's, and the names the file offers for them.
    var template = LottieTemplate()
    var targets = LottieTemplateTargets()
    /// The file's slots (`slots`: id → `{"p": value}`), each the property its users (`sid`) take.
    var slots: [String: JSONField] = [:]
    /// Decodes image assets' pictures; `nil` draws no image layer (they warn).
    var pictureLoader: LottiePictureLoader?
    /// Image assets by id: the decoded picture and the size the asset draws it at.
    var pictures: [String: (picture: RasterImage, width: Double, height: Double)] = [:]
    var pictureBytes = 0
    /// Image assets whose picture file is not there (warned of once, not an error).
    var missingPictures: Set<String> = []
    /// The file's fonts by name (`fonts.list`: `fName` → family and style).
    var fonts: [String: (family: String, style: String)] = [:]
    /// The file's glyphs (`chars`), by `LottieText.glyphKey`.
    var glyphs: [String: LottieText.Glyph] = [:]
    /// What fill and stroke colours are divided by: 255 in files older than Bodymovin 4.1.9,
    /// which wrote them 0…255 (lottie-web converts them so), else 1.
    var colorRange = 1.0

    init(file: String, limits: LottieLimits) {
        (self.file, self.limits) = (file, limits)
    }

    mutating func animation(_ root: JSONField) throws(PresetError) -> LottieAnimation {
        _ = try root.object()
        func required(_ key: String) throws(PresetError) -> JSONField {
            guard let field = root.member(key) else { throw root.error("missing required key \"\(key)\"") }
            return field
        }
        let width = try required("w").number(in: 1...100_000)
        let height = try required("h").number(in: 1...100_000)
        let frameRate = try required("fr").number(in: 0.001...1000)
        let inPoint = try required("ip").number(in: -1e7...1e7)
        let outPointField = try required("op")
        let outPoint = try outPointField.number(in: -1e7...1e7)
        guard outPoint > inPoint else {
            throw outPointField.error(
                "must be after \"ip\" (\(JSONField.format(inPoint))) (got \(JSONField.format(outPoint)))")
        }
        if root.flag("ddd") { unsupported(at: root.path, "3D layers are drawn flat") }
        if let version = root.text("v"), LottieDecoder.isBefore419(version) { colorRange = 255 }
        if let assets = root.member("assets") { try readAssets(assets) }
        try readSlots(root.member("slots"))
        try readFonts(root.member("fonts"))
        try readGlyphs(root.member("chars"))
        let layersField = try required("layers")
        let (layers, _, levels) = try layerList(layersField, depth: 0)
        var animation = LottieAnimation(
            width: width, height: height, frameRate: frameRate, inPoint: inPoint, outPoint: outPoint,
            markers: try markers(root.member("markers")), layers: layers, precomps: precomps,
            precompLevels: levels)
        animation.templateTargets = targets
        animation.pictureBytes = pictureBytes
        return animation
    }

    /// Whether a Bodymovin version (`"4.0.0"`) is older than 4.1.9.
    static func isBefore419(_ version: String) -> Bool {
        let parts = version.split(separator: ".").map { Int($0) ?? 0 }
        for (part, limit) in zip(parts + [0, 0, 0], [4, 1, 9]) where part != limit { return part < limit }
        return false
    }

    /// Reports what is not drawn as written, naming the layer.
    func unsupported(at path: String, _ feature: String) {
        let subject = layerName.isEmpty ? "" : "layer \"\(layerName)\": "
        if let reportingAt {
            let place = path.isEmpty ? file : "\(file) \(path)"
            WarningSink.current.report(.lottieUnsupported, at: reportingAt, "\(place): " + subject + feature)
            return
        }
        // The file itself (the root's path is empty) is the warning's subject, with no path.
        WarningSink.current.report(.lottieUnsupported, at: path.isEmpty ? nil : path, subject + feature)
    }

    private mutating func readAssets(_ field: JSONField) throws(PresetError) {
        for asset in try field.array() {
            guard let id = asset.text("id") else { throw asset.error("missing required key \"id\"") }
            if asset.member("layers") != nil {
                precompFields[id] = asset
            } else if let width = asset.member("w"), let height = asset.member("h") {
                let size = (try width.number(in: 0...1e6), try height.number(in: 0...1e6))
                let pixels = size.0 * size.1
                guard pixels <= Double(limits.imagePixels) else {
                    throw width.error(
                        "an image of \(JSONField.format(pixels)) pixels is larger than the \(limits.imagePixels) a Lottie picture may have"
                    )
                }
                targets.images.insert(id)
                if let replacement = template.images[id] {
                    pictures[id] = (replacement, size.0, size.1)
                    pictureBytes += replacement.width * replacement.height * 4
                } else if let pictureLoader, let source = asset.member("p") {
                    guard let picture = try pictureLoader(try imageSource(of: asset, at: source), source)
                    else {
                        missingPictures.insert(id)
                        unsupported(
                            at: source.path,
                            "image asset \"\(id)\"'s picture is not there: its layers are not drawn")
                        continue
                    }
                    guard picture.width * picture.height <= limits.imagePixels else {
                        throw source.error(
                            "its picture of \(picture.width) × \(picture.height) pixels is larger than the \(limits.imagePixels) a Lottie picture may have"
                        )
                    }
                    pictures[id] = (picture, size.0, size.1)
                    pictureBytes += picture.width * picture.height * 4
                }
            }
        }
    }

    /// Where an image asset's picture is: embedded (`e: 1`, or a `data:` URL in `p`, base64
    /// after its comma) or a file, `u` + `p`.
    private func imageSource(of asset: JSONField, at field: JSONField) throws(PresetError)
        -> LottieImageSource
    {
        let name = try field.string()
        guard asset.flag("e") || name.hasPrefix("data:") else {
            return .file((asset.text("u") ?? "") + name)
        }
        let payload = name.firstIndex(of: ",").map { String(name[name.index(after: $0)...]) } ?? name
        guard let data = Data(base64Encoded: payload, options: .ignoreUnknownCharacters) else {
            throw field.error(
                "its embedded picture is not base64 (a data: URL such as data:image/png;base64,…)")
        }
        return .embedded(data)
    }

    private func markers(_ field: JSONField?) throws(PresetError) -> [String: (
        frame: Double, duration: Double
    )] {
        guard let field else { return [:] }
        var markers: [String: (frame: Double, duration: Double)] = [:]
        for marker in try field.array() {
            guard let name = marker.text("cm") else { continue }
            markers[name] = (
                try marker.number("tm", default: 0), try marker.number("dr", default: 0, in: 0...1e9)
            )
        }
        return markers
    }

    /// The layers of `field`, with how many layers they draw (precompositions expanded) and the
    /// levels of precompositions they hold.
    mutating func layerList(_ field: JSONField, depth: Int) throws(PresetError)
        -> (layers: [LottieLayer], expanded: Int, levels: Int)
    {
        var layers: [LottieLayer] = []
        var expanded = 0
        var levels = 0
        for item in try field.array() {
            let (layer, drawn, inner) = try self.layer(item, depth: depth)
            layers.append(layer)
            expanded = LottieDecoder.sum(expanded, drawn)
            levels = max(levels, inner)
            guard expanded <= limits.layers else {
                throw item.error(
                    "the animation would draw more than \(limits.layers) layers a frame (precompositions counted each time they are used)"
                )
            }
        }
        return (layers, expanded, levels)
    }

    private static func sum(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : value
    }

    /// One layer, with how many layers it draws and the levels of precompositions inside it.
    private mutating func layer(_ field: JSONField, depth: Int) throws(PresetError)
        -> (LottieLayer, Int, Int)
    {
        _ = try field.object()
        layerName = field.text("nm") ?? ""
        guard let typeField = field.member("ty") else { throw field.error("missing required key \"ty\"") }
        let type = try typeField.integer(in: 0...99)
        let stretchField = field.member("sr")
        let stretch = try stretchField?.number(in: -1e4...1e4) ?? 1
        if stretch == 0, let stretchField {
            throw stretchField.error("must not be 0 (a layer's time stretch)")
        }
        var layer = LottieLayer(
            path: field.path, name: layerName,
            index: try field.member("ind")?.integer(in: -1_000_000_000...1_000_000_000),
            parent: try field.member("parent")?.integer(in: -1_000_000_000...1_000_000_000), content: .none,
            inPoint: try field.number("ip", default: -1e9), outPoint: try field.number("op", default: 1e9),
            startTime: try field.number("st", default: 0), stretch: stretch,
            transform: try transform(field.member("ks")), autoOrient: field.flag("ao"), masks: [],
            matte: nil, matteParent: try field.member("tp")?.integer(in: -1_000_000_000...1_000_000_000),
            isMatteSource: field.flag("td"), blendMode: try blendMode(field.member("bm")),
            hidden: field.flag("hd"))
        if field.flag("ddd") { unsupported(at: field.path, "a 3D layer is drawn flat") }
        if let matte = field.member("tt") {
            let modes: [LottieLayer.Matte?] = [nil, .alpha, .alphaInverted, .luma, .lumaInverted]
            layer.matte = modes[try matte.integer(in: 0...4)]
        }
        if let effects = field.member("ef") { layer.effects = try self.effects(effects) }
        if let masks = field.member("masksProperties") { layer.masks = try self.masks(masks) }
        var drawn = 1
        var levels = 0
        switch type {
        case 0:
            guard let reference = field.member("refId") else {
                throw field.error("missing required key \"refId\"")
            }
            let (asset, expanded, inner) = try precomp(
                try reference.string(), at: reference, depth: depth + 1)
            layer.content = .precomp(
                asset: asset, width: try field.number("w", default: 0, in: 0...1e6),
                height: try field.number("h", default: 0, in: 0...1e6),
                timeRemap: try field.member("tm").map { (remap) throws(PresetError) in
                    try property(remap, default: [0])
                })
            drawn = LottieDecoder.sum(drawn, expanded)
            levels = inner
        case 1:
            targets.colors.insert(layerName)
            var color = template.colors[layerName] ?? Color.black
            if let colorField = field.member("sc"), template.colors[layerName] == nil {
                if let parsed = Color(hex: try colorField.string()) {
                    color = parsed
                } else {
                    unsupported(
                        at: colorField.path,
                        "solid colour \(colorField.value.summary) is not \"#rrggbb\": drawn black")
                }
            }
            layer.content = .solid(
                color: color, width: try field.number("sw", default: 0, in: 0...1e6),
                height: try field.number("sh", default: 0, in: 0...1e6))
        case 2:
            guard let reference = field.member("refId") else {
                throw field.error("missing required key \"refId\"")
            }
            if let asset = pictures[try reference.string()] {
                layer.content = .image(asset.picture, width: asset.width, height: asset.height)
            } else if missingPictures.contains(try reference.string()) {
                break
            } else if pictureLoader == nil {
                unsupported(at: field.path, "image layers are not drawn here")
            } else {
                let known = pictures.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                throw reference.error(
                    "no image asset has id \"\(try reference.string())\" (images: \(known.isEmpty ? "none" : known))"
                )
            }
        case 3: break
        case 4:
            guard let shapes = field.member("shapes") else {
                throw field.error("missing required key \"shapes\"")
            }
            layer.content = .shapes(try shapeList(shapes, depth: 0))
        case 5:
            guard let text = field.member("t") else { throw field.error("missing required key \"t\"") }
            layer.content = .text(try self.text(text))
        case 6: break  // audio: nothing to draw
        default: unsupported(at: typeField.path, "layers of type \(type) are not drawn")
        }
        return (layer, drawn, levels)
    }

    /// The precomposition `id` (decoding it on first use), with the layers it draws and its
    /// levels of nesting.
    private mutating func precomp(_ id: String, at field: JSONField, depth: Int) throws(PresetError)
        -> (Int, Int, Int)
    {
        // Checked before descending, so that a chain of thousands of precompositions is refused
        // at its 33rd level rather than followed down the stack.
        guard depth <= limits.precompDepth else {
            throw field.error("precompositions nest more than \(limits.precompDepth) deep")
        }
        if decoding.contains(id) {
            let chain = (decoding.drop { $0 != id } + [id]).map { "\"\($0)\"" }.joined(separator: " → ")
            throw field.error("precomposition \"\(id)\" includes itself (\(chain))")
        }
        let decoded: (index: Int, expandedLayers: Int, levels: Int)
        if let known = decodedPrecomps[id] {
            decoded = known
        } else {
            guard let asset = precompFields[id], let layersField = asset.member("layers") else {
                let known = precompFields.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                throw field.error(
                    "no precomposition asset has id \"\(id)\" (precompositions: \(known.isEmpty ? "none" : known))"
                )
            }
            decoding.append(id)
            let outerName = layerName
            let (layers, expanded, levels) = try layerList(layersField, depth: depth)
            layerName = outerName
            decoding.removeLast()
            precomps.append(layers)
            decoded = (precomps.count - 1, expanded, levels + 1)
            decodedPrecomps[id] = decoded
        }
        guard depth - 1 + decoded.levels <= limits.precompDepth else {
            throw field.error("precompositions nest more than \(limits.precompDepth) deep")
        }
        return decoded
    }

    private func blendMode(_ field: JSONField?) throws(PresetError) -> BlendMode {
        guard let field else { return .normal }
        let modes: [BlendMode] = [
            .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight,
            .softLight, .difference, .exclusion, .hue, .saturation, .color, .luminosity, .plusLighter,
        ]
        let index = try field.integer(in: 0...17)
        guard index < modes.count else {
            unsupported(at: field.path, "blend mode \"hard mix\" is drawn as normal")
            return .normal
        }
        return modes[index]
    }

    private mutating func masks(_ field: JSONField) throws(PresetError) -> [LottieMask] {
        var masks: [LottieMask] = []
        for item in try field.array() {
            let modeText = item.text("mode") ?? "a"
            let mode: LottieMask.Mode
            switch modeText {
            case "l", "d":
                unsupported(
                    at: item.path, "mask mode \"\(modeText == "l" ? "lighten" : "darken")\" is drawn as add")
                mode = .add
            default:
                guard let known = LottieMask.Mode(rawValue: modeText) else {
                    throw item.error("mask mode must be one of a, s, i, f, l, d, n (got \"\(modeText)\")")
                }
                mode = known
            }
            guard let outline = item.member("pt") else { throw item.error("missing required key \"pt\"") }
            masks.append(
                LottieMask(
                    mode: mode, outline: try property(outline, default: LottieBezier.empty),
                    opacity: try property(item.member("o"), default: [100]), inverted: item.flag("inv"),
                    expansion: try property(item.member("x"), default: [0]),
                    feather: try property(item.member("f"), default: [0, 0])))
        }
        return masks
    }

    /// A transform (`ks`, `tr`, a repeater's `tr`); identity when absent.
    mutating func transform(_ field: JSONField?) throws(PresetError) -> LottieTransform {
        var transform = LottieTransform()
        guard let field else { return transform }
        transform.anchor = try property(field.member("a"), default: [0, 0])
        if let position = field.member("p") {
            if position.flag("s") {
                transform.position = .split(
                    x: try property(position.member("x"), default: [0]),
                    y: try property(position.member("y"), default: [0]))
            } else {
                transform.position = .combined(try property(position, default: [0, 0]))
            }
        }
        transform.scale = try property(field.member("s"), default: [100, 100])
        transform.rotation = try property(field.member("r") ?? field.member("rz"), default: [0])
        transform.opacity = try property(field.member("o"), default: [100])
        transform.skew = try property(field.member("sk"), default: [0])
        transform.skewAxis = try property(field.member("sa"), default: [0])
        if field.member("rx") != nil || field.member("ry") != nil || field.member("or") != nil {
            unsupported(at: field.path, "3D rotation is not applied")
        }
        return transform
    }

    /// An animatable property (`{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`), or
    /// `fallback` when absent.
    mutating func property<Value: LottieInterpolable>(_ field: JSONField?, default fallback: Value)
        throws(PresetError) -> LottieProperty<Value>
    {
        guard var field else { return LottieProperty(fallback) }
        if field.member("k") == nil, let slot = try slotProperty(of: field) { field = slot }
        if field.member("x") != nil { unsupported(at: field.path, "expressions are not evaluated") }
        guard let value = field.member("k") else { throw field.error("missing required key \"k\"") }
        guard LottieDecoder.isKeyframeList(value) else {
            let read = try Value.read(value)
            try count(points: read.pointCount, at: value)
            return LottieProperty(read)
        }
        let items = try value.array()
        guard items.count <= limits.keyframesPerProperty else {
            throw value.error(
                "has \(items.count) keyframes; a property may have at most \(limits.keyframesPerProperty)")
        }
        keyframeCount += items.count
        guard keyframeCount <= limits.keyframes else {
            throw value.error("the animation has more than \(limits.keyframes) keyframes")
        }
        var keyframes: [LottieKeyframe<Value>] = []
        for item in items {
            guard let time = item.member("t") else { throw item.error("missing required key \"t\"") }
            let start = try item.member("s").map { (start) throws(PresetError) in try Value.read(start) }
            let end = try item.member("e").map { (end) throws(PresetError) in try Value.read(end) }
            // The last keyframe of older files has only a time: it holds the previous one's end.
            guard let value = start ?? keyframes.last?.end ?? keyframes.last?.value else {
                throw item.error("missing required key \"s\"")
            }
            try count(points: value.pointCount + (end?.pointCount ?? 0), at: item)
            keyframes.append(
                LottieKeyframe(
                    frame: try time.number(in: -1e9...1e9), value: value, end: end, hold: item.flag("h"),
                    easing: LottieEasing(
                        out: try LottieDecoder.easing(item.member("o"), linear: 0),
                        into: try LottieDecoder.easing(item.member("i"), linear: 1)),
                    outTangent: try item.member("to").map { (tangent) throws(PresetError) in
                        try [Double].read(tangent)
                    },
                    inTangent: try item.member("ti").map { (tangent) throws(PresetError) in
                        try [Double].read(tangent)
                    }))
        }
        guard !keyframes.isEmpty else { throw value.error("must hold at least one keyframe (got [])") }
        // Players read keyframes in time order; a file out of order is read as sorted.
        keyframes.sort { $0.frame < $1.frame }
        return LottieProperty(keyframes: keyframes)
    }

    /// Whether `k` holds keyframes: an array of objects with a time `t`.
    private static func isKeyframeList(_ value: JSONField) -> Bool {
        guard case .array(let items) = value.value.kind, let first = items.first else { return false }
        return JSONField(value: first, file: value.file).member("t") != nil
    }

    /// An easing control point `{"x": …, "y": …}` (numbers or arrays of one per dimension, of
    /// which the first is used — and read: exporters have written absurd values for dimensions
    /// players ignore, `-626352172116081`); the diagonal's end `linear` when absent.
    private static func easing(_ field: JSONField?, linear: Double) throws(PresetError) -> CGPoint {
        guard let field else { return CGPoint(x: linear, y: linear) }
        func component(_ key: String) throws(PresetError) -> Double {
            guard let value = field.member(key) else { return linear }
            guard case .array = value.value.kind else { return try value.number(in: -1e9...1e9) }
            return try value.array().first?.number(in: -1e9...1e9) ?? linear
        }
        return CGPoint(x: try component("x"), y: try component("y"))
    }

    private mutating func count(points: Int, at field: JSONField) throws(PresetError) {
        pointCount += points
        guard pointCount <= limits.points else {
            throw field.error("the animation's outlines have more than \(limits.points) points")
        }
    }
}

extension LottieBezier {
    static let empty = LottieBezier(closed: false, vertices: [], inControls: [], outControls: [])
}

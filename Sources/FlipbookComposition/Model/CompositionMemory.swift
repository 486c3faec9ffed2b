import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import FlipbookSVG
import Foundation

/// Works out a composition's `MemoryEstimate` from its layers, as a frame draws them:
///
/// ```
/// frame's canvas ─ layers[0] canvas ─ layers[0].layers[2] canvas ─ …   held at once (a chain)
///                └ layers[1] canvas                                      after layers[0]'s
/// ```
/// - Every layer is drawn on an offscreen canvas of its parent's size (`drawLayer`); once drawn,
///   its painted part is cut out for compositing, as its filters work beside it
///   (`Filter.workingBytes`). A layer whose filters see past the frame (a blur, a shadow, a
///   3D turn) grows its canvas by their reach, at most 512 pixels past the frame in all
///   (`DisplayList.overscan`). A mask draws on a canvas of its own, into a coverage of a byte
///   a pixel. One chain of nested layers holds its canvases at once; siblings are drawn one
///   after another, so the costliest chain counts — per worker.
/// - A frame's drawing is recorded whole before it is rendered: the particles of all its
///   scenes and the glyphs of all its texts are summed, per worker.
/// - Decoded pictures are held once for the render, one per file (the decoder shares them);
///   an SVG's rasterisations by pixel size (`SVGRasters`), a clip's kept pictures and decoder.
struct CompositionMemory {
    /// The canvas in points, drawn at `scale` pixels per point.
    let canvas: CGSize
    let scale: Double
    /// The frame in pixels.
    let frame: (width: Int, height: Int)
    /// What the whole render holds once.
    private(set) var shared = MemoryEstimate()
    /// What each worker's recorded frame holds: particles and text, summed over the layers.
    private(set) var recorded = MemoryEstimate()
    private var seenPictures: Set<ObjectIdentifier> = []
    private var seenClips: Set<ObjectIdentifier> = []
    private var seenRasters: Set<String> = []

    /// Bytes a character of text holds in each worker's frame while it is drawn (its glyph's
    /// outline recorded as a path, a few dozen points of 16 bytes, and its fill), and in what
    /// the workers share (the latest frames' drawings, the layer cache's, the shaped runs).
    /// Measured: a text of 9000 characters redrawn every frame took 115 MB more than one of
    /// ten on one render worker and 159 MB more on two — about 5 kB a character per worker and
    /// 8 kB shared.
    static let bytesPerCharacter = (perWorker: 5 << 10, shared: 8 << 10)

    init(canvas: CGSize, scale: Double) {
        (self.canvas, self.scale) = (canvas, scale)
        frame = (
            max(1, Int((canvas.width * scale).rounded(.up))),
            max(1, Int((canvas.height * scale).rounded(.up)))
        )
    }

    /// The estimate of `layers` drawn on the frame: the costliest chain of canvases and the
    /// recorded drawing per worker, the pictures once.
    mutating func estimate(_ layers: [CompositionLayer]) -> MemoryEstimate {
        var estimate = costliestChain(layers, room: 0)
        estimate.add(recorded)
        estimate.add(shared)
        return estimate
    }

    /// The items of the costliest chain of nested canvases among `layers`, drawn on a canvas
    /// reaching `room` pixels past the frame on every side.
    private mutating func costliestChain(_ layers: [CompositionLayer], room: Int) -> MemoryEstimate {
        var costliest = MemoryEstimate()
        for layer in layers {
            let chain = self.chain(of: layer, room: room)
            if chain.bytes(workers: 1) > costliest.bytes(workers: 1) { costliest = chain }
        }
        return costliest
    }

    /// The canvases `layer` holds while it is drawn, with the costliest of what it draws on
    /// them: its children's or its mask's chain, or — once they are drawn — its painted part,
    /// cut out for compositing, and its filters' buffers. What it records and decodes is noted
    /// on the way.
    private mutating func chain(of layer: CompositionLayer, room: Int) -> MemoryEstimate {
        // A spacer, or a layer left out, is not drawn.
        guard layer.isVisible, !layer.isSpacer else { return MemoryEstimate() }
        let filters = Self.largestFilters(of: layer, scale: scale)
        let reach = min(DisplayList.marginLimit, room + DisplayList.reach(of: filters))
        let (width, height) = (frame.width + 2 * reach, frame.height + 2 * reach)
        let canvasBytes = MemoryEstimate.canvasBytes(width: width, height: height)
        var chain = MemoryEstimate()
        chain.add(
            "an offscreen canvas of \(width)×\(height) pixels", bytes: canvasBytes, path: layer.path,
            perWorker: true)
        if layer.blurIsOpaque, layer.blur.values.contains(where: { $0 > 0 }) {
            chain.add("its opaque blur's canvas", bytes: canvasBytes, path: layer.path, perWorker: true)
        }
        var inner = MemoryEstimate()
        inner.add("its painted part, cut out", bytes: canvasBytes, path: layer.path, perWorker: true)
        let working = filters.map { $0.workingBytes(width: width, height: height) }.max() ?? 0
        inner.add("its filters' buffers", bytes: working, path: layer.path, perWorker: true)
        if let mask = layer.mask {
            chain.add("its mask's coverage", bytes: canvasBytes / 4, path: layer.path, perWorker: true)
            let masking = self.chain(of: mask.layer, room: reach)
            if masking.bytes(workers: 1) > inner.bytes(workers: 1) { inner = masking }
        }
        switch layer.content {
        case .group(let group):
            let children = costliestChain(group.layers, room: reach)
            if children.bytes(workers: 1) > inner.bytes(workers: 1) { inner = children }
        case .scene(let scene):
            recorded.add(scene.scene.estimatedMemory(canvas: canvas, scale: scale).rooted(at: layer.path))
        case .text(let text):
            let characters = text.maximumCharacters
            recorded.add(
                "\(characters) characters of text drawn",
                bytes: characters * Self.bytesPerCharacter.perWorker,
                path: layer.path, perWorker: true)
            recorded.add(
                "\(characters) characters of text kept", bytes: characters * Self.bytesPerCharacter.shared,
                path: layer.path, perWorker: false)
        case .image(let image):
            notePicture(image, of: layer)
        case .lottie(let lottie):
            recorded.add(lottie.scene.memoryEstimate(canvas: canvas, scale: scale).rooted(at: layer.path))
        case .shape, .spacer:
            break
        }
        chain.add(inner)
        return chain
    }

    /// Notes the memory `image`'s picture holds for the whole render, once per picture.
    private mutating func notePicture(_ image: ImageLayer, of layer: CompositionLayer) {
        switch image.source {
        case .raster(let picture):
            guard seenPictures.insert(ObjectIdentifier(picture)).inserted else { return }
            shared.add(
                "a decoded \(picture.width)×\(picture.height) picture",
                bytes: MemoryEstimate.canvasBytes(width: picture.width, height: picture.height),
                path: layer.path, perWorker: false)
        case .video(let clip):
            guard seenClips.insert(ObjectIdentifier(clip)).inserted else { return }
            shared.add(
                "a \(clip.width)×\(clip.height) clip's decoder and kept pictures", bytes: clip.residentBytes,
                path: layer.path, perWorker: false)
        case .svg(let document):
            let pixels = rasterPixels(of: layer, natural: image.naturalSize)
            let key = "\(ObjectIdentifier(document))@\(pixels.width)x\(pixels.height)"
            guard seenRasters.insert(key).inserted else { return }
            let one = MemoryEstimate.canvasBytes(width: pixels.width, height: pixels.height)
            // A layer that scales is rasterised at each size it passes through, as many as
            // the rasterisations' budget keeps.
            let bytes =
                layer.scale.isConstant
                ? one
                : max(one, min(SVGRasters.budgetBytes, MemoryEstimate.Item.product(SVGRasters.capacity, one)))
            shared.add(
                "an SVG rasterised at \(pixels.width)×\(pixels.height) pixels\(layer.scale.isConstant ? "" : " and the sizes it scales through")",
                bytes: bytes, path: layer.path, perWorker: false)
        }
    }

    /// The largest pixel size an SVG of `natural` size is rasterised at in `layer`: its box
    /// (its `size` against the canvas, or its natural size) at its largest scale, at most
    /// `SVGRasters.maximumPixels`.
    private func rasterPixels(of layer: CompositionLayer, natural: CGSize) -> (width: Int, height: Int) {
        let boxes =
            layer.size?.values.map { $0.points(in: canvas, canvas: canvas) }
            ?? [CGPoint(x: natural.width, y: natural.height)]
        let scales = layer.scale.values.map { max(abs($0.x), abs($0.y)) }
        let largestScale = (scales.max() ?? 1) * scale
        var width = (boxes.map(\.x).max() ?? 0) * largestScale
        var height = (boxes.map(\.y).max() ?? 0) * largestScale
        let pixels = width * height
        if pixels > SVGRasters.maximumPixels {
            let shrink = (SVGRasters.maximumPixels / pixels).squareRoot()
            (width, height) = (width * shrink, height * shrink)
        }
        guard width.isFinite, height.isFinite else { return (0, 0) }
        return (max(0, Int(width.rounded(.up))), max(0, Int(height.rounded(.up))))
    }

    /// The filters `layer` is drawn under at their widest, in pixels at `scale`: its blur (and
    /// an entrance's or exit's), its shadow, its 3D turn (and a flip's). Colour adjustments
    /// work in place and reach nowhere: they cost nothing here.
    static func largestFilters(of layer: CompositionLayer, scale: Double) -> [Filter] {
        var filters: [Filter] = []
        let transitions = layer.enter + layer.exit
        let turns = layer.rotationX.values + layer.rotationY.values
        if turns.contains(where: { $0 != 0 }) || transitions.contains(where: { $0.effect == .flip }) {
            filters.append(.projection(ProjectionTransform()))
        }
        if let shadow = layer.shadow {
            let offset = (shadow.x.values + shadow.y.values).map(abs).max() ?? 0
            filters.append(
                .shadow(
                    color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255),
                    radius: (shadow.radius.values.max() ?? 0) * scale, x: offset * scale, y: offset * scale,
                    placement: .below))
        }
        let entering = transitions.filter { $0.effect == .blur }.map(\.blur).max() ?? 0
        let blur = (layer.blur.values.max() ?? 0) + entering
        if blur > 0 { filters.append(.blur(radius: blur * scale)) }
        return filters
    }
}

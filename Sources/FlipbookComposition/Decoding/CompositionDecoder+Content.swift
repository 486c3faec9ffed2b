import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookGeometry
import FlipbookJSON
import FlipbookRaster
import FlipbookSVG
import FlipbookScenes
import Foundation

extension CompositionDecoder {
    /// The keys of each layer kind besides the common ones.
    public static let contentKeys: [String: [String]] = [
        "scene": ["scene", "parameters", "seed", "clip"],
        "text": [
            "text", "runs", "font", "fill", "alignment", "maxWidth", "lineSpacing", "letterSpacing",
            "counters", "lineLimit", "truncationMode", "textCase", "captions", "minimumScaleFactor",
            "underline", "strikethrough", "stroke", "highlight",
        ],
        "image": ["file", "fit", "cornerRadius"],
        "video": ["file", "fit", "cornerRadius", "offset", "repeat", "muted", "volume", "speed"],
        "shape": [
            "shape", "cornerRadius", "points", "innerRadius", "sides", "path", "viewBox", "fill", "stroke",
            "trimStart", "trimEnd",
        ],
        "group": ["layers", "clip"],
        "sequence": ["layers", "clip", "overlap"],
    ]

    /// A built-in scene with its parameters, read by the scene's own reader.
    func readScene(_ reader: inout JSONObjectReader) throws(PresetError) -> LayerContent {
        let field = try reader.required("scene")
        let name = try field.string()
        guard let entry = SceneCatalog.entry(named: name) else {
            let known = SceneCatalog.entries.map(\.name)
            let hint = DidYouMean.closest(to: name, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
            throw field.error(
                "unknown scene \"\(name)\"\(hint) (known scenes: \(known.joined(separator: ", ")))")
        }
        var context = sceneContext
        context.sceneField = field
        if let seed = reader.optional("seed") { context.seed = try seed.seed() }
        let parameters = reader.optional("parameters")
        let clip = try reader.optional("clip")?.bool() ?? false
        // Past the particles limit the file fails: the scenes after are not made (2000 of
        // them would take seconds and gigabytes to say nothing new).
        guard !particlesRefused else { return .group(GroupLayer(layers: [], clip: false)) }
        let scene = try entry.make(parameters, context)
        try countParticles(of: scene, at: parameters ?? field)
        return .scene(SceneLayer(sceneName: name, scene: scene, clip: clip))
    }

    /// Adds `scene`'s particles to the composition's and holds the sum to the `particles`
    /// limit, which bounds all of a preset's scenes together: two thousand confetti layers of
    /// two thousand pieces each are four million pieces a frame, whatever each one's count.
    private func countParticles(of scene: any AnimatedScene, at field: JSONField) throws(PresetError) {
        guard let count = (scene as? any ParticleScene)?.particleCount else { return }
        particles += count
        let limit = sceneContext.limits.particles
        guard particles > limit else { return }
        particlesRefused = true
        throw field.error(
            "this scene's \(count) particles bring the composition's scenes to \(particles) together, which "
                + SceneLimits.exceeded("particles", limit: "\(limit)", got: "\(particles)")
        ).exceeding("particles")
    }

    /// A picture from a file, relative to the preset's folder.
    func readImage(_ reader: inout JSONObjectReader) throws(PresetError) -> LayerContent {
        let field = try reader.required("file")
        let name = try field.string()
        guard !name.isEmpty else { throw field.error("must name an image file") }
        let path = try files.path(name, at: field)
        let source = try picture(at: path, field: field)
        inputFiles.append(path)
        if case .svg(let document) = source {
            for reference in document.refusedReferences {
                WarningSink.current.report(
                    "\(field.path): \(path) refers to \"\(reference)\", which is not drawn: an SVG may use "
                        + "files in its own folder or below it only")
            }
            inputFiles += document.referencedFiles
        }
        return .image(try readPicture(&reader, source: source))
    }

    /// The picture in the image file at `path`, decoded once whatever the number of layers
    /// showing it (by the file's real path, so `a/../logo.png` and a link to it count as the
    /// file): every layer shares its pixels, or its SVG document, whose rasterisations are
    /// shared by pixel size (`SVGRasters`).
    private func picture(at path: String, field: JSONField) throws(PresetError) -> ImageLayer.Source {
        let key = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        if let source = pictures[key] { return source }
        let source: ImageLayer.Source
        do {
            let data = try Self.imageData(path)
            if path.lowercased().hasSuffix(".svg") || SVGDocument.looksLikeSVG(data) {
                source = .svg(try SVGDocument(data: data, name: path, baseFile: path))
            } else {
                source = .raster(RasterImage(try ImageFile.decode(data, name: path)))
            }
        } catch let error as MediaError {
            throw field.error("cannot use \(path): \(error.message)")
        } catch let error as SVGError {
            throw field.error("cannot use \(path): \(error.message)")
        } catch {
            throw field.error("cannot use \(path): \(error)")
        }
        pictures[key] = source
        return source
    }

    /// The keys a picture's layer has, image or video: `fit` and `cornerRadius`.
    private func readPicture(_ reader: inout JSONObjectReader, source: ImageLayer.Source) throws(PresetError)
        -> ImageLayer
    {
        var image = ImageLayer(source: source)
        if let fit = reader.optional("fit") { image.fit = try fit.choice(ImageLayer.Fit.allCases) }
        if let radius = reader.optional("cornerRadius") { image.cornerRadius = try animated(radius, extent) }
        return image
    }

    /// A video clip from a file, relative to the preset's folder: its frames shown by the
    /// layer's time from `offset` seconds into the clip, holding the last — or, with
    /// `repeat`, starting again.
    func readVideo(_ reader: inout JSONObjectReader) throws(PresetError) -> LayerContent {
        let field = try reader.required("file")
        let name = try field.string()
        guard !name.isEmpty else { throw field.error("must name a video file") }
        let path = try files.path(name, at: field)
        if let problem = Self.inputFileProblem(path, kind: "a video", maximumBytes: Int.max) {
            throw field.error("cannot use \(path): \(problem)")
        }
        let clip: VideoClip
        do {
            clip = try VideoClip(path: path)
        } catch let error as MediaError {
            throw field.error("cannot use \(path): \(error.message)")
        } catch {
            throw field.error("cannot use \(path): \(error)")
        }
        // Its first frame decoded now, as the render will: a clip whose pictures cannot be
        // decoded is refused here, at its JSON path.
        guard clip.image(at: 0) != nil else {
            throw field.error("cannot use \(path): its first frame cannot be decoded")
        }
        inputFiles.append(path)
        var video = try readPicture(&reader, source: .video(clip))
        if let offset = reader.optional("offset") {
            video.clipOffset = try time(offset)
            guard video.clipOffset >= 0 else {
                throw offset.error("must be 0 or more (got \(offset.value.summary))")
            }
            guard video.clipOffset < clip.duration else {
                throw offset.error(
                    "is past the clip's end (\(JSONField.format(clip.duration)) s; got \(JSONField.format(video.clipOffset)))"
                )
            }
        }
        video.loops = try reader.optional("repeat")?.bool() ?? false
        video.muted = try reader.optional("muted")?.bool() ?? false
        video.volume = try reader.optional("volume")?.volume() ?? 1
        if let speed = reader.optional("speed") {
            video.speed = try speed.number(in: 0.05...20)
            if video.speed != 1, clip.hasSound, !video.muted {
                WarningSink.current.report(
                    "\(speed.path): the clip plays at speed \(JSONField.format(video.speed)) without its sound "
                        + "(faster or slower, it would change in pitch); \"muted\": true says so")
            }
        }
        if clip.hasSound, !video.muted, video.speed == 1 {
            // Its sound plays in the mix: refused here, at its layer, if it cannot be read
            // (a sample rate of 1 Hz), not part-way through the render.
            do {
                _ = try AudioFileReader(path: path)
            } catch let error as MediaError {
                throw field.error(
                    "cannot use the sound of \(path): \(error.message); \"muted\": true leaves it out")
            } catch {
                throw field.error("cannot use the sound of \(path): \(error)")
            }
        }
        return .image(video)
    }

    /// `path` (SVG path data, every SVG 1.1 command) and the optional `viewBox`
    /// `[x, y, width, height]` it is drawn in: a path shape's outline, or a motion path.
    func svgPath(_ reader: inout JSONObjectReader) throws(PresetError) -> (Path, CGRect?) {
        let field = try reader.required("path")
        let path: Path
        do {
            path = try Path(svgData: try field.string())
        } catch let error as PresetError {
            throw error
        } catch {
            throw field.error("invalid SVG path data: \(error)")
        }
        guard let box = reader.optional("viewBox") else { return (path, nil) }
        let numbers = try box.array().map { (item) throws(PresetError) in try item.number(in: -1e6...1e6) }
        guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
            throw box.error("must be [x, y, width, height] with a positive width and height")
        }
        return (path, CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
    }

    /// The largest image file a composition reads.
    public static let maximumImageBytes = 64 << 20

    /// The bytes of the image file at `path`, refusing what is not a regular file and files
    /// over `maximumImageBytes`.
    private static func imageData(_ path: String) throws -> Data {
        if let problem = inputFileProblem(path, kind: "an image", maximumBytes: maximumImageBytes) {
            throw MediaError(operation: "read \(path)", message: problem)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MediaError(operation: "read \(path)", message: "no such file or not readable")
        }
        return data
    }

    /// What keeps the file at `path` from being read as `kind` (an image, a font): missing, not a
    /// regular file (a FIFO would block, a device never end), or larger than `maximumBytes`;
    /// `nil` when nothing does.
    static func inputFileProblem(_ path: String, kind: String, maximumBytes: Int) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return "no such file or not readable" }
        guard status.st_mode & S_IFMT == S_IFREG else { return "not a regular file" }
        guard Int(status.st_size) <= maximumBytes else {
            return "\(status.st_size) bytes; \(kind) may have at most \(maximumBytes)"
        }
        return nil
    }

    /// A shape, filled and/or stroked.
    func readShape(_ reader: inout JSONObjectReader) throws(PresetError) -> LayerContent {
        let kindField = try reader.required("shape")
        let kindName = try kindField.choice(ShapeLayer.kinds)
        let kind: ShapeLayer.Kind
        switch kindName {
        case "rect": kind = .rect
        case "roundedRect": kind = .roundedRect
        case "circle": kind = .circle
        case "ellipse": kind = .ellipse
        case "capsule": kind = .capsule
        case "star":
            kind = .star(
                points: try reader.optional("points")?.integer(in: 3...100) ?? 5,
                innerRadius: try reader.optional("innerRadius")?.number(in: 0...1) ?? 0.45)
        case "polygon":
            kind = .polygon(sides: try reader.optional("sides")?.integer(in: 3...100) ?? 6)
        default:
            let (path, viewBox) = try svgPath(&reader)
            kind = .path(path, viewBox: viewBox)
        }
        var shape = ShapeLayer(kind: kind)
        if let radius = reader.optional("cornerRadius") {
            shape.cornerRadius = attempt { try animated(radius, extent) } ?? shape.cornerRadius
        }
        if let fill = reader.optional("fill") {
            shape.fill = attempt { try paint(fill) } ?? .color(.constant(.white))
        }
        if let stroke = reader.optional("stroke") { shape.stroke = attempt { try readStroke(stroke) } }
        let fraction = { (f: JSONField) throws(PresetError) in try f.number(in: 0...1) }
        if let start = reader.optional("trimStart") {
            shape.trimStart = attempt { try animated(start, fraction) } ?? shape.trimStart
        }
        if let end = reader.optional("trimEnd") {
            shape.trimEnd = attempt { try animated(end, fraction) } ?? shape.trimEnd
        }
        if shape.fill == nil, shape.stroke == nil { shape.fill = .color(.constant(.white)) }
        return .shape(shape)
    }

    /// An outline: `{"paint", "width", "cap", "join", "dash"}`, joined as `join` says or else
    /// by `defaultJoin`.
    func readStroke(_ field: JSONField, defaultJoin: CGLineJoin = .miter) throws(PresetError) -> LayerStroke {
        var reader = try field.object()
        let paint = try paint(try reader.required("paint"))
        let width =
            try reader.optional("width").map { (item) throws(PresetError) in
                try animated(item) { (f) throws(PresetError) in try f.number(in: 0...10_000) }
            } ?? .constant(1)
        var style = StrokeStyle(lineJoin: defaultJoin)
        if let cap = reader.optional("cap") {
            style.lineCap =
                [CGLineCap.butt, .round, .square][
                    ["butt", "round", "square"].firstIndex(of: try cap.choice(["butt", "round", "square"]))!]
        }
        if let join = reader.optional("join") {
            style.lineJoin =
                [CGLineJoin.miter, .round, .bevel][
                    ["miter", "round", "bevel"].firstIndex(of: try join.choice(["miter", "round", "bevel"]))!]
        }
        if let dash = reader.optional("dash") {
            style.dash = try dash.array().map { (item) throws(PresetError) in try item.number(in: 0...10_000)
            }
            guard style.dash.count <= 64, style.dash.contains(where: { $0 > 0 }) || style.dash.isEmpty else {
                throw dash.error("must list at most 64 lengths, not all zero")
            }
        }
        try reader.finish()
        return LayerStroke(paint: paint, width: width, style: style)
    }
}

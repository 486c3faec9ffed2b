import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookGeometry
import FlipbookJSON
import FlipbookRaster
import FlipbookSVG
import FlipbookScenes
import Foundation

extension CompositionDecoder {
    /// A built-in scene, made by the scene's own reader from its parameters once its keys are
    /// read; `nil` (its problems recorded) when it cannot be made.
    func readScene(_ reader: inout JSONObjectReader) -> LayerContent? {
        var draft = SceneDraft()
        _ = readKeys(SceneLayer.keys, &reader, into: &draft)
        guard let entry = draft.entry, let field = draft.field else { return nil }
        return attempt { () throws(PresetError) -> LayerContent in
            var context = sceneContext
            context.sceneField = field
            if let seed = draft.seed { context.seed = seed }
            // Past the particles limit the file fails: the scenes after are not made (2000 of
            // them would take seconds and gigabytes to say nothing new).
            guard !particlesRefused else { return .group(GroupLayer(layers: [], clip: false)) }
            let scene = try entry.make(draft.parameters, context)
            try countParticles(of: scene, at: draft.parameters ?? field)
            return .scene(SceneLayer(sceneName: entry.name, scene: scene, clip: draft.clip))
        }
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

    /// The picture in the file `field` names, relative to the preset's folder; the file (and
    /// those an SVG draws) count as inputs.
    func picture(named field: JSONField) throws(PresetError) -> ImageLayer.Source {
        let name = try field.string()
        guard !name.isEmpty else { throw field.error("must name an image file") }
        let path = try files.path(name, at: field)
        let source = try picture(at: path, field: field)
        inputFiles.append(path)
        if case .svg(let document) = source {
            for reference in document.refusedReferences {
                WarningSink.current.report(
                    .svgReference, at: field.path,
                    "\(path) refers to \"\(reference)\", which is not drawn: an SVG may use "
                        + "files in its own folder or below it only")
            }
            inputFiles += document.referencedFiles
        }
        return source
    }

    /// A picture's layer, image or video: made by its `file`, then its other keys; `nil` (its
    /// problems recorded) when the file cannot be used.
    func readPicture(
        _ reader: inout JSONObjectReader, file: KeyDeclaration<CompositionDecoder, ImageLayer>,
        keys: ObjectDeclaration<CompositionDecoder, ImageLayer>
    ) -> LayerContent? {
        guard var picture = attempt({ () throws(PresetError) in try file.read(&reader, self) }) else {
            // Its other keys are known even so, and not reported as unknown.
            for key in keys.keys { _ = reader.optional(key) }
            return nil
        }
        _ = readKeys(keys, &reader, into: &picture)
        return .image(picture)
    }

    /// The picture in the image file at `path`, decoded once whatever the number of layers
    /// showing it (by the file's real path, so `a/../logo.png` and a link to it count as the
    /// file): every layer shares its pixels, or its SVG document, whose rasterisations are
    /// shared by pixel size (`SVGRasters`).
    func picture(at path: String, field: JSONField) throws(PresetError) -> ImageLayer.Source {
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

    /// The clip in the video file `field` names, relative to the preset's folder, its first
    /// frame decoded now, as the render will: a clip whose pictures cannot be decoded is refused
    /// here, at its JSON path. The file counts as an input.
    func clip(named field: JSONField) throws(PresetError) -> VideoClip {
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
        guard clip.image(at: 0) != nil else {
            throw field.error("cannot use \(path): its first frame cannot be decoded")
        }
        inputFiles.append(path)
        return clip
    }

    /// A video clip shown by the layer's time from `offset` seconds into the clip, holding the
    /// last frame — or, with `repeat`, starting again; its sound, playing in the mix, is
    /// refused here if it cannot be read.
    func readVideo(_ reader: inout JSONObjectReader) -> LayerContent? {
        let content = readPicture(&reader, file: ImageLayer.videoFile, keys: ImageLayer.videoKeys)
        guard case .image(let video)? = content, case .video(let clip) = video.source,
            let field = reader.optional("file")
        else { return content }
        if clip.hasSound, !video.muted, video.speed == 1 {
            // Its sound plays in the mix: refused here, at its layer, if it cannot be read
            // (a sample rate of 1 Hz), not part-way through the render.
            do {
                _ = try AudioFileReader(path: clip.path)
            } catch let error as MediaError {
                log.record(
                    field.error(
                        "cannot use the sound of \(clip.path): \(error.message); \"muted\": true leaves it out"
                    ))
            } catch {
                log.record(field.error("cannot use the sound of \(clip.path): \(error)"))
            }
        }
        return content
    }

    /// The largest image file a composition reads.
    package static let maximumImageBytes = 64 << 20

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

    /// A shape, filled and/or stroked (white when it is neither); a path's `path` must be given.
    func readShape(_ reader: inout JSONObjectReader) -> LayerContent? {
        var shape = ShapeLayer(kind: .rect)
        let reading = readKeys(ShapeLayer.keys, &reader, into: &shape)
        guard reading.fields["shape"] != nil, !reading.failed.contains("shape") else { return nil }
        if case .path = shape.kind, reading.fields["path"] == nil {
            attempt { _ = try reader.required("path") }
            return nil
        }
        if shape.fill == nil, shape.stroke == nil { shape.fill = .color(.constant(.white)) }
        return .shape(shape)
    }
}

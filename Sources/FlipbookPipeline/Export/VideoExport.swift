import FlipbookAudio
import FlipbookCanvas
import FlipbookCaptions
import FlipbookFFmpeg
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import FlipbookTimeline
import Foundation

/// One video to render: a scene, its timeline, the frame size and how to encode it.
///
/// ```swift
/// var export = VideoExport(scene: ConfettiScene(), sampler: sampler, width: 1920, height: 1080)
/// export.output.format = .vp9  // or set by the file name: OutputFormat(path:)
/// try await export.run(to: URL(fileURLWithPath: "out/confetti.webm")) { print($0.fraction) }
/// ```
public struct VideoExport: Sendable {
    public var scene: any AnimatedScene
    public var sampler: TimelineSampler
    /// The canvas size the scene lays out in, in points.
    public var width: Int
    public var height: Int
    /// Pixels per point: 0.5 renders a half-size preview, 2 a sharper double-size video. The
    /// scene is drawn scaled (vectors stay sharp), not resampled.
    public var scale: Double = 1
    /// Painted under every frame. A (partly) transparent background keeps its transparency in
    /// formats with alpha (VP9, ProRes, APNG, PNG); in the others transparent areas show black.
    public var background: Color
    /// Format and codec options.
    public var output: EncodingOptions
    /// The pass of a two-pass encode this render is (`run(to:within:)` makes both); `nil`: one.
    package var encoderPass: EncoderPass?
    /// Render workers; by default one per core. Setting it sets `framesInFlight` to match.
    public var renderThreads: Int {
        didSet { framesInFlight = Self.framesInFlight(threads: renderThreads, width: width, height: height) }
    }
    /// The most frames rendered ahead of the encoder (each holds one frame in memory); by
    /// default `framesInFlight(threads:width:height:)`.
    public var framesInFlight: Int
    /// Reuse the pixels of an earlier frame with the same drawing (the output is identical
    /// either way; off is for comparison and debugging).
    public var caching = true
    /// Memory the frame cache may hold, in bytes; the latest two distinct frames stay whatever
    /// their size. Reuse mostly needs those (a paused or periodic timeline repeats the one before;
    /// an alternating pair, the one before that), so the default, 8 MB, keeps two 1080p video
    /// frames and five 720p ones. At 16 MB a 1080p render whose frames never repeat held three
    /// more that nothing read again: 9 MB more at peak.
    public var cacheBytes = defaultCacheBytes
    /// The default `cacheBytes`.
    public static let defaultCacheBytes = 8 << 20
    /// Where the warnings of this export go, its workers' and encoder's included: by default
    /// the sink the code that made it works for (`WarningSink.current`). `batch` gives each
    /// render a sink `about` its preset and row, so that two renders' warnings are told apart.
    public var warnings = WarningSink.current
    /// Memory the layer cache may hold, in bytes (a 1080p layer takes 8 MB).
    public var layerCacheBytes = defaultLayerCacheBytes
    /// The default `layerCacheBytes`.
    public static let defaultLayerCacheBytes = 128 << 20
    /// Average several sub-frames per frame; `nil` for none.
    public var motionBlur: MotionBlur?
    /// The times (seconds) at which the stream starts a closed segment: a key frame that
    /// references nothing before it, from an encoder that sees nothing after the segment
    /// (`VideoEncoderSettings.segmentStarts`). A preset's composition starts one where each
    /// layer that shows a variable comes in (`Preset.segmentTimes(duration:)`), so that the rows
    /// of a batch encode the frames they draw alike once (`SharedOpening`). Formats without
    /// rate control and two-pass encodes ignore them.
    public var segmentTimes: [Double] = []
    /// The sound, mixed and encoded beside the pictures (MP4, MOV, WebM); `nil` or empty for
    /// a silent video. It lasts exactly as long as the video. A chunk (a sampler restricted to
    /// part of the video) has none: its sound is added once, when the chunks are joined.
    public var audio: AudioMix?
    /// For rehearsing failure handling: make the encoder fail when it reaches this frame,
    /// exactly as a real encoder failure would surface (`ExportError.encodingFailed`, nothing
    /// left behind). Not public API: the tests and the command line (`FLIPBOOK_FAIL_AT_FRAME`)
    /// use it.
    package var failAtFrame: Int?

    public init(
        scene: any AnimatedScene, sampler: TimelineSampler, width: Int, height: Int,
        background: Color = .black, output: EncodingOptions = EncodingOptions()
    ) {
        (self.scene, self.sampler, self.width, self.height) = (scene, sampler, width, height)
        (self.background, self.output) = (background, output)
        renderThreads = ProcessInfo.processInfo.activeProcessorCount
        framesInFlight = Self.framesInFlight(
            threads: ProcessInfo.processInfo.activeProcessorCount, width: width, height: height)
    }

    /// How much memory the frames in flight may take together, in bytes, before fewer are kept.
    public static let framesInFlightBytes = 64 << 20

    /// Frames in flight for `threads` workers on a `width` × `height` canvas: two each, so none
    /// waits while the encoder takes a frame, and two for the reorder buffer to hold the next
    /// ones in order — but no more than `framesInFlightBytes` of `yuv420p` frames hold (a 4K
    /// frame is 12 MB, and sixteen workers would keep 34), and never fewer than one per worker
    /// and one for the encoder.
    public static func framesInFlight(threads: Int, width: Int, height: Int) -> Int {
        let frameBytes = max(1, width * height * 3 / 2)
        return max(threads + 1, min(2 * threads + 2, framesInFlightBytes / frameBytes))
    }

    /// Whether the output keeps transparency: the background is not opaque and the format has
    /// alpha.
    public var isTransparent: Bool {
        background.alpha < 1 && output.format.supportsAlpha
    }

    /// The size of the output's pictures in pixels: the canvas times `scale`, rounded, and
    /// padded by one pixel of background where the pixel format needs even sides.
    public var pixelSize: (width: Int, height: Int) {
        var pixels = (
            width: max(1, Int((Double(width) * scale).rounded())),
            height: max(1, Int((Double(height) * scale).rounded()))
        )
        let format = encoderSettings(width: pixels.width, height: pixels.height).resolvedPixelFormat
        if output.format.needsEvenSize(pixelFormat: format) {
            pixels = (pixels.width + pixels.width % 2, pixels.height + pixels.height % 2)
        }
        return pixels
    }

    /// The encoder settings at the output's pixel size; the description tag defaults to the
    /// scene's accessibility label.
    package var encoderSettings: VideoEncoderSettings {
        let pixels = pixelSize
        return encoderSettings(width: pixels.width, height: pixels.height)
    }

    private func encoderSettings(width: Int, height: Int) -> VideoEncoderSettings {
        var settings = VideoEncoderSettings(
            width: width, height: height, frameRate: sampler.frameRate, transparent: isTransparent,
            options: output)
        if settings.metadata.description == nil { settings.metadata.description = describedScene }
        settings.pass = encoderPass
        settings.firstTimestamp = Int64(sampler.firstFrame)
        if output.format.hasRateControl, encoderPass == nil { settings.segmentStarts = segmentStarts }
        if let audio, !audio.isEmpty, sampler.frameCount == sampler.totalFrameCount {
            settings.audio = AudioSettings(
                mix: audio,
                codec: output.audioCodec ?? AudioCodec.default(for: output.format, in: output.container)
                    ?? .aac,
                bitrate: output.audioBitrate ?? AudioCodec.defaultBitrate, totalFrames: soundFrames)
        }
        return settings
    }

    /// The frames `segmentTimes` start at: each the first frame at or after its time, past the
    /// video's first frame and before its end.
    private var segmentStarts: Set<Int64> {
        let rate = sampler.frameRate
        let frames = segmentTimes.map {
            Int64(($0 * Double(rate.numerator) / Double(rate.denominator) - 1e-6).rounded(.up))
        }
        return Set(frames.filter { $0 > 0 && $0 < sampler.totalFrameCount })
    }

    /// The sound's length in 48 kHz sample frames: frames ÷ fps seconds, computed exactly from
    /// the rational rate.
    private var soundFrames: Int {
        let rate = sampler.frameRate
        return Int(
            Int64(sampler.frameCount) * Int64(AudioMix.sampleRate) * Int64(rate.denominator)
                / Int64(rate.numerator))
    }

    /// The export with its sound's loudness measured and the gain to its target found
    /// (`AudioMix.normalized(totalFrames:codec:bitrate:codecs:)`), so that it can be reported
    /// before the render starts, and a warning (to `warnings`) when the target cannot be reached;
    /// the export itself when its sound has no loudness target. (A render measures it
    /// otherwise, without a warning, as it opens the encoder.)
    public func measuringLoudness() throws -> VideoExport {
        guard let audio, audio.loudness != nil, let settings = encoderSettings.audio else { return self }
        var measured = self
        measured.audio = try audio.normalized(
            totalFrames: settings.totalFrames, codec: settings.codec, bitrate: settings.bitrate,
            codecs: FFmpegAudio())
        for warning in measured.audio?.normalization?.warnings ?? [] {
            warnings.report(.loudness, warning)
        }
        return measured
    }

    /// The scene's accessibility label, and the soundtrack's title when it has one.
    var describedScene: String? {
        guard let title = audio?.title, !(audio?.isEmpty ?? true) else { return scene.accessibilityLabel }
        return [scene.accessibilityLabel, "Soundtrack: \(title)."].compactMap { $0 }.joined(separator: " ")
    }

    /// The scene as the render workers draw it: scaled, or laid out within padding, when the
    /// pixel size differs from the canvas.
    package var renderedScene: any AnimatedScene {
        let pixels = pixelSize
        guard scale != 1 || pixels.width != width || pixels.height != height else { return scene }
        return ScaledScene(
            scene: scene, size: CGSize(width: Double(width), height: Double(height)), scale: scale)
    }

    /// What a finished export produced.
    public struct Summary: Hashable, Sendable {
        public var frameCount: Int
        public var elapsedSeconds: Double
        public var bytes: Int
        /// Frames rasterized; the rest reused an earlier frame's pixels.
        public var framesDrawn: Int
        /// Layers composited from the layer cache, and layers drawn.
        public var layersReused: Int
        public var layersDrawn: Int
        /// Frames whose packets came from the opening a batch's rows share (`SharedOpening`),
        /// encoded once for all of them.
        public var framesShared = 0
    }

    /// Renders and encodes to `destination`, atomically: the file (or, for a PNG sequence, the
    /// folder) appears only when complete. A PNG sequence's destination is its folder, or a
    /// file pattern such as `frames/shot_%05d.png`.
    /// - Parameters:
    ///   - progress: called on the encoder thread after each encoded frame, in order.
    ///   - rendered: called on a render worker after each frame is drawn (any order).
    /// - Throws: `ExportError`, or `CancellationError` when the task is cancelled (the partial
    ///   output is removed either way).
    @discardableResult
    public func run(
        to destination: URL, progress: @escaping @Sendable (ExportProgress) -> Void = { _ in },
        rendered: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> Summary {
        try await run(to: destination, takingName: true, progress: progress, rendered: rendered)
    }

    /// `run(to:progress:rendered:)`, whose file takes its name through the `CommitGate` only when
    /// `takingName`: a size budget's try (`BudgetTries`) is not an output yet.
    func run(
        to destination: URL, takingName: Bool, progress: @escaping @Sendable (ExportProgress) -> Void,
        rendered: @escaping @Sendable (Int) -> Void
    ) async throws -> Summary {
        let settings = try validatedSettings(destination: destination)
        guard !output.format.isStill else {
            throw ExportError.invalidSettings(
                MediaError(
                    operation: "render a video",
                    message: "\(output.format) is a still image format; use renderStill(at:to:)"))
        }
        warnings.receiving { warnIfUnreproducible(at: sampler.frame(0)) }
        let layout = SequenceLayout(format: output.format, destination: destination)
        let stage = makeStage(input: layout.folder == nil ? settings.frameInput : .rgba)
        let start = Date()
        let bytes: Int
        if layout.folder != nil {
            let sequence = try SequenceOutput(
                layout: layout, first: sampler.firstFrame, chunk: settings.metadata.chunk)
            let (temporary, target) = (sequence.stagingFolder, sequence.folder)
            do {
                try await stage.run([
                    stageOutput(
                        temporary: temporary, target: target, pattern: layout.pattern, progress: progress,
                        rendered: rendered)
                ])[0].get()
                bytes = Self.size(of: temporary)
                try sequence.commit()
            } catch {
                sequence.discard()
                throw ExportError.mapping(error, temporary: temporary, destination: target)
            }
        } else {
            let output = try AtomicOutput(destination: destination)
            try await output.renderAndCommit(throughGate: takingName) {
                try await stage.run([
                    stageOutput(
                        temporary: output.temporary, target: output.destination, progress: progress,
                        rendered: rendered)
                ])[0].get()
            }
            bytes = Self.size(of: destination)
        }
        return summary(of: stage.rows[0], stage: stage, bytes: bytes, since: start)
    }

    /// What leaves the render stage for this export: its encoder — with the packets of
    /// `sound`, shared with other files, or its own; its first frames' copied from `opening`
    /// (`SharedOpening`), those it has already not drawn — or, given the file name `pattern`, a PNG
    /// sequence's writer — writing into `temporary`, watched so that the render stops when
    /// `temporary` is removed (`target` names the output in that error), failing at
    /// `failAtFrame` when rehearsing.
    func stageOutput(
        temporary: URL, target: URL, pattern: String? = nil, sound: EncodedSound? = nil,
        opening: EncodedOpening.Share? = nil, progress: @escaping @Sendable (ExportProgress) -> Void,
        rendered: @escaping @Sendable (Int) -> Void
    ) -> RenderStage.Output {
        let settings = encoderSettings
        let failAtFrame = failAtFrame
        return RenderStage.Output(
            makeSink: {
                let sink: any FrameSink
                if let pattern {
                    sink = try PNGSequenceWriter(
                        folder: temporary, pattern: pattern, transparent: settings.transparent,
                        firstIndex: Int(settings.firstTimestamp))
                } else {
                    sink = try VideoEncoder(
                        path: temporary.path, settings: settings, sound: sound, opening: opening)
                }
                let watched = OutputWatchingSink(sink, temporary: temporary, destination: target)
                return failAtFrame.map { FaultInjectingSink(watched, failAt: $0) } ?? watched
            }, progress: progress, rendered: rendered,
            // What the opening has encoded already need not be drawn.
            copiedFrames: opening.map { min($0.frames, $0.opening.framesEncoded) } ?? 0)
    }

    /// Makes every check of the settings that `run(to:)` (or, for a still, `renderStill`) makes
    /// before its first frame — the format against the name, alpha, the encoder's own settings
    /// — without rendering: a dry run fails where the real one would.
    public func checkSettings(destination: URL, still: Bool) throws(ExportError) {
        guard still else {
            _ = try validatedSettings(destination: destination)
            return
        }
        _ = try stillExport(to: destination).validatedSettings(destination: destination)
    }

    /// This export as a still at `destination`: in the format its name says (a video export
    /// can make a poster too), PNG when it names none.
    private func stillExport(to destination: URL) -> VideoExport {
        var still = self
        if !output.format.isStill {
            still.output.format =
                OutputFormat(path: destination.path).flatMap { $0.isStill ? $0 : nil } ?? .png
            still.output.pixelFormat = nil
        }
        return still
    }

    /// The pixels of the still at `seconds` that `renderStill` would write to `destination`,
    /// with the settings it would encode them with: `flipbook test` compares these very pixels
    /// with its reference frames, so a golden frame is what `flipbook still --at` makes.
    package func stillFrame(at seconds: Double, for destination: URL) throws -> (Pixmap, VideoEncoderSettings)
    {
        let settings = try stillExport(to: destination).validatedSettings(destination: destination)
        guard seconds.isFinite, seconds >= 0 else {
            throw ExportError.invalidSettings(
                MediaError(
                    operation: "render a still", message: "the time must be 0 or later (got \(seconds))"))
        }
        let time = FrameTime(index: 0, seconds: seconds)
        let pixmap = warnings.receiving {
            warnIfUnreproducible(at: time)
            return renderFrame(at: time, width: settings.width, height: settings.height)
        }
        return (pixmap, settings)
    }

    /// Renders the frame at `seconds` as a PNG or JPEG still at `destination`, atomically.
    @discardableResult
    public func renderStill(at seconds: Double, to destination: URL) throws -> Summary {
        let start = Date()
        let (pixmap, settings) = try stillFrame(at: seconds, for: destination)
        let output = try AtomicOutput(destination: destination)
        try output.writeAndCommit {
            try StillImage.write(pixmap, settings: settings, to: output.temporary.path)
        }
        return Summary(
            frameCount: 1, elapsedSeconds: Date().timeIntervalSince(start), bytes: Self.size(of: destination),
            framesDrawn: 1, layersReused: 0, layersDrawn: 0)
    }

    /// Writes the WebVTT sidecar describing the video (the scene's captions) at `destination`,
    /// atomically.
    public func writeCaptions(to destination: URL) throws {
        let output = try AtomicOutput(destination: destination)
        var captions = scene.captions(duration: sampler.durationSeconds)
        if let title = audio?.title, !(audio?.isEmpty ?? true) {
            captions.append(Caption(start: 0, end: sampler.durationSeconds, text: "♪ \(title)"))
        }
        try output.writeAndCommit { try WebVTTFile.write(captions, to: output.temporary.path) }
    }

    /// Renders one frame at the output's pixel size, without the pipeline.
    func renderFrame(at time: FrameTime, width: Int, height: Int) -> Pixmap {
        renderedScene.renderedFrame(at: time, width: width, height: height, background: background)
    }

    func validatedSettings(destination: URL) throws(ExportError) -> VideoEncoderSettings {
        func refuse(_ message: String) -> ExportError {
            .invalidSettings(
                MediaError(operation: "export to \(destination.lastPathComponent)", message: message))
        }
        // A folder's URL keeps its trailing slash only in `hasDirectoryPath`; the name needs it.
        let name = destination.path + (destination.hasDirectoryPath ? "/" : "")
        if let named = output.format.contradiction(with: name) {
            let names = output.format.fileExtensions.map { ".\($0)" }.joined(separator: " or ")
            throw refuse(
                "the name stands for \(named) but the output format is \(output.format); set the format "
                    + "to \(named), or use a name ending in \(names.isEmpty ? "/ or _%05d.png" : names)")
        }
        if background.alpha < 1, !output.format.supportsAlpha {
            throw refuse(
                "\(output.format) has no alpha channel, so the transparent background would turn black; "
                    + "use vp9 (.webm), prores (.mov), apng, png, a PNG sequence or gif (each pixel drawn or "
                    + "clear), or an opaque background")
        }
        let settings = encoderSettings
        do {
            try settings.validate()
        } catch {
            throw .invalidSettings(error)
        }
        guard scale.isFinite, scale > 0 else {
            throw .invalidSettings(
                MediaError(operation: "render", message: "scale must be a positive number (got \(scale))"))
        }
        return settings
    }

    /// The bytes of a file, or of the files in a folder.
    static func size(of url: URL) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
            return FileStatus(path: url.path)?.size ?? 0
        }
        return names.reduce(0) { total, name in
            total + (FileStatus(path: url.appendingPathComponent(name).path)?.size ?? 0)
        }
    }

    /// Renders every frame into the sink that `makeSink` creates on the encoder thread (a
    /// custom output, or a discarding sink for measuring the render stage alone). Frames arrive
    /// in order, as BT.709 `yuv420p` or premultiplied RGBA (`input`).
    @discardableResult
    package func run(
        into makeSink: @escaping @Sendable () throws -> any FrameSink, input: FrameInput = .yuv420,
        progress: @escaping @Sendable (ExportProgress) -> Void = { _ in }
    ) async throws -> Summary {
        let stage = makeStage(input: input)
        let start = Date()
        try await stage.run([RenderStage.Output(makeSink: makeSink, progress: progress)])[0].get()
        return summary(of: stage.rows[0], stage: stage, bytes: 0, since: start)
    }

    /// The render stage drawing this export, alone or — as the first of `together`, exports of
    /// the same timeline, size and caches (`ExportGroup`) — with them: a row each.
    func makeStage(input: FrameInput, together: [VideoExport] = []) -> RenderStage {
        let rows = ([self] + together).map { StageRow(scene: $0.renderedScene, warnings: $0.warnings) }
        return RenderStage(
            rows: rows, sampler: sampler, pixelSize: pixelSize, background: background.premultiplied,
            threads: renderThreads, framesInFlight: framesInFlight(rows: rows.count),
            cacheBytes: caching ? cacheBytes : nil, layerCacheBytes: caching ? layerCacheBytes : nil,
            motionBlur: motionBlur, input: input)
    }

    /// The frames in flight when `rows` videos render together: `framesInFlight` for one, and
    /// enough for two a row besides one a worker for more, so that no row's encoder waits
    /// while the workers draw the other rows' frames.
    func framesInFlight(rows: Int) -> Int {
        rows == 1 ? framesInFlight : max(framesInFlight, renderThreads + 2 * rows)
    }

    /// What rendering `row` of `stage` into `bytes` of output made, `start` to now.
    func summary(of row: StageRow, stage: RenderStage, bytes: Int, since start: Date) -> Summary {
        let caching = stage.cache != nil
        return Summary(
            frameCount: sampler.frameCount, elapsedSeconds: Date().timeIntervalSince(start),
            bytes: bytes,
            framesDrawn: caching ? row.framesDrawn.load(ordering: .relaxed) : sampler.frameCount,
            layersReused: stage.layerCache == nil ? 0 : row.layersReused.load(ordering: .relaxed),
            layersDrawn: stage.layerCache == nil ? 0 : row.layersDrawn.load(ordering: .relaxed))
    }
}

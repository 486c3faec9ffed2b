import Flipbook
import Foundation
import Synchronization

/// The studio behind `flipbook preview`'s page: the document (the preset as last read without
/// error, and the problems of the latest reading), a `FrameRenderer` per shape, the sound, the
/// exports, the file watcher that reloads on a save, and the events that tell the page. It
/// answers the server's requests (`handle`), on the server's connection threads; `state` is
/// locked for lookups only, `reloading` for a whole reading of the preset.
package final class PreviewStudio: Sendable {
    private struct State {
        var document: PreviewDocument
        var problems: [PresetError] = []
        /// The form's variables as overrides' values (`variables.NAME=VALUE`), by name.
        var variables: [String: String] = [:]
        /// The sound last mixed, and what it was mixed from.
        var sound: (key: PreviewSound.Key, sound: PreviewSound?)?
    }

    package let configuration: PreviewConfiguration
    package let shapes: [PreviewShape]
    package let events = EventStream()
    private let renderers: [FrameRenderer]
    private let state: Mutex<State>
    private let reloading = Mutex(())
    private let jobs: ExportJobs
    private let presetFiles: ServedFolder?
    private let exportFiles: Mutex<ServedFolder?> = Mutex(nil)
    /// Frames rendered at once, across shapes: one per core, at most four.
    private let renderLimit = DispatchSemaphore(
        value: max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)))
    private let watcher: Mutex<FileWatcher?> = Mutex(nil)

    /// The studio of the preset `configuration` names, read once: a preset that does not read
    /// cleanly the first time is refused, as `render` refuses it.
    package init(_ configuration: PreviewConfiguration) throws(PresetError) {
        self.configuration = configuration
        let document = try Self.read(configuration, variables: [:], version: 1, shapes: nil)
        shapes = configuration.shapes(of: document.preset)
        renderers = shapes.map(FrameRenderer.init(shape:))
        state = Mutex(State(document: document))
        jobs = ExportJobs(folder: configuration.outputFolder, events: events)
        presetFiles = ServedFolder(configuration.presetFolder)
        let watcher = FileWatcher { [weak self] in self?.reload() }
        watcher.watch(document.watchedFiles)
        self.watcher.withLock { $0 = watcher }
    }

    /// The preset read with the command line's overrides and then the form's `variables`, and —
    /// a composition — read again for each of `shapes` (nil: those of its own size) whose size is
    /// not its own, with its overrides for that shape.
    private static func read(
        _ configuration: PreviewConfiguration, variables: [String: String], version: Int,
        shapes: [PreviewShape]?
    ) throws(PresetError) -> PreviewDocument {
        let overrides =
            configuration.overrides
            + variables.keys.sorted().compactMap { PresetOverride("variables.\($0)=\(variables[$0] ?? "")") }
        func read(size: (width: Int, height: Int)?) throws(PresetError) -> (
            preset: Preset, export: VideoExport
        ) {
            let preset = try Preset.load(
                path: configuration.presetPath, limits: configuration.limits, overrides: overrides,
                readableFolders: configuration.readableFolders, size: size)
            return (preset, try preset.export(limits: configuration.limits))
        }
        let (preset, export) = try read(size: nil)
        var document = PreviewDocument(preset: preset, export: export, version: version, variables: variables)
        guard document.composition != nil else { return document }
        for shape in shapes ?? configuration.shapes(of: preset)
        where (shape.width, shape.height) != (preset.width, preset.height) {
            do {
                document.shapeReadings[shape] = try read(size: (shape.width, shape.height))
            } catch {
                throw error.seen(on: shape)
            }
        }
        return document
    }

    /// The document as it is now.
    package var document: PreviewDocument { state.withLock { $0.document } }

    /// Reads the preset again (a file changed, or the form's variables): a clean reading
    /// becomes the document and every page is told its version; a reading with errors keeps
    /// the document and tells every problem, until a reading is clean again.
    package func reload() {
        reloading.withLock { _ in
            let (variables, version) = state.withLock { ($0.variables, $0.document.version) }
            do throws(PresetError) {
                let document = try Self.read(
                    configuration, variables: variables, version: version + 1, shapes: shapes)
                state.withLock { state in
                    state.document = document
                    state.problems = []
                }
                watcher.withLock { $0?.watch(document.watchedFiles) }
                events.publish("document", ["version": document.version])
                events.publish("problems", [Any]())
            } catch {
                let problems = [error] + error.others
                state.withLock { $0.problems = problems }
                events.publish("problems", problems.map(DocumentSummary.problemJSON))
            }
        }
    }

    /// Stops watching, ends every page's event stream and stops the exports running.
    package func stop() async {
        watcher.withLock { $0?.stop() }
        events.close()
        await jobs.cancelAll()
    }

    // MARK: Requests

    /// The answer to `request` (already admitted by the `RequestGuard`).
    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        let reading = request.method == "GET" || request.method == "HEAD"
        switch (request.path, reading) {
        case ("/", true): return StudioPage.response(for: "studio.html")
        case ("/studio.css", true), ("/studio.js", true):
            return StudioPage.response(for: String(request.path.dropFirst()))
        case ("/api/document", true): return documentResponse()
        case ("/api/frame", true): return frameResponse(request)
        case ("/api/explain", true): return explainResponse(request)
        case ("/api/inspect", true): return inspectResponse(request)
        case ("/api/events", true): return eventsResponse()
        case ("/api/sound.wav", true): return soundResponse(wav: true)
        case ("/api/waveform", true): return soundResponse(wav: false)
        case ("/api/variables", false) where request.method == "POST": return variablesResponse(request)
        case ("/api/row", false) where request.method == "POST": return rowResponse(request)
        case ("/api/export", false) where request.method == "POST": return exportResponse(request)
        case (let path, true) where path.hasPrefix("/files/"):
            guard let presetFiles else { return .text("the preset's folder is gone", status: 404) }
            return presetFiles.response(for: String(path.dropFirst("/files/".count)))
        case (let path, true) where path.hasPrefix("/exports/"):
            guard let folder = exportFolder() else { return .text("nothing exported yet", status: 404) }
            return folder.response(for: String(path.dropFirst("/exports/".count)))
        case (let path, false) where Self.routes.contains(path):
            return .text("\(request.method) is not allowed here", status: 405)
        default:
            return .text("not found: \(request.path)", status: 404)
        }
    }

    /// The paths the studio answers (besides `/files/` and `/exports/`).
    static let routes: Set<String> = [
        "/", "/studio.css", "/studio.js", "/api/document", "/api/frame", "/api/explain", "/api/inspect",
        "/api/events",
        "/api/sound.wav", "/api/waveform", "/api/variables", "/api/row", "/api/export",
    ]

    /// The output folder, once it exists (an export creates it).
    private func exportFolder() -> ServedFolder? {
        exportFiles.withLock { folder in
            if folder == nil { folder = ServedFolder(configuration.outputFolder) }
            return folder
        }
    }

    private func documentResponse() -> HTTPResponse {
        let (document, problems) = state.withLock { ($0.document, $0.problems) }
        return .json(
            DocumentSummary.json(document, shapes: shapes, configuration: configuration, problems: problems))
    }

    /// `GET /api/frame?shape=I&frame=N&width=PX`: frame N of shape I, PX device pixels wide, as
    /// straight RGBA (its size in `X-Frame-Width` and `X-Frame-Height`); 204 when a newer request
    /// for the shape superseded it.
    private func frameResponse(_ request: HTTPRequest) -> HTTPResponse {
        guard let shape = request.integer("shape"), renderers.indices.contains(shape),
            let index = request.integer("frame"), let width = request.integer("width"),
            (16...FrameRenderer.widest).contains(width)
        else {
            return .text(
                "expects shape=0…\(renderers.count - 1), frame=N and width=16…\(FrameRenderer.widest)",
                status: 400)
        }
        let document = self.document
        guard let frame = renderers[shape].frame(index, of: document, pixelWidth: width, limit: renderLimit)
        else {
            return .noContent
        }
        return HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", "application/octet-stream"), ("Cache-Control", "no-store"),
                ("X-Frame-Width", "\(frame.width)"), ("X-Frame-Height", "\(frame.height)"),
                ("X-Frame-Index", "\(frame.index)"), ("X-Document-Version", "\(document.version)"),
            ], body: .bytes(frame.rgba))
    }

    /// `GET /api/explain?shape=I&frame=N`: why frame N redrew what it drew (`--explain`).
    private func explainResponse(_ request: HTTPRequest) -> HTTPResponse {
        guard let shape = request.integer("shape"), renderers.indices.contains(shape),
            let index = request.integer("frame")
        else { return .text("expects shape=0…\(renderers.count - 1) and frame=N", status: 400) }
        let report = renderers[shape].explanation(of: index, in: document)
        var json: [String: Any] = ["frame": report.index, "text": report.description]
        switch report.outcome {
        case .redrawn(let reason):
            json["redrawn"] = true
            json["reason"] = reason
        case .reused(let source):
            json["redrawn"] = false
            json["reusedFrom"] = source
        case .copied:
            json["redrawn"] = false
        }
        json["layers"] = report.layers.map { layer -> [String: Any] in
            ["name": layer.name, "reused": layer.reused, "reason": layer.reason ?? ""]
        }
        return .json(json)
    }

    /// `GET /api/inspect?shape=I&frame=N`: the layers at frame N on shape I as `flipbook
    /// inspect` computes them — boxes, visibility, text lines and fonts (`LayerBoxes`).
    private func inspectResponse(_ request: HTTPRequest) -> HTTPResponse {
        guard let shape = request.integer("shape"), shapes.indices.contains(shape),
            let index = request.integer("frame")
        else { return .text("expects shape=0…\(shapes.count - 1) and frame=N", status: 400) }
        return .json(LayerBoxes.json(document, shape: shapes[shape], frame: index))
    }

    /// `GET /api/events`: the event stream, starting with the document's version and problems.
    private func eventsResponse() -> HTTPResponse {
        let (version, problems) = state.withLock { ($0.document.version, $0.problems) }
        let subscriber = events.subscribe(first: [
            ("document", ["version": version]), ("problems", problems.map(DocumentSummary.problemJSON)),
        ])
        return HTTPResponse(
            status: 200,
            headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")],
            body: .events(subscriber))
    }

    /// The sound as WAV, or its waveform as JSON (`{"peaks": […]}`, empty when silent). It is
    /// mixed again only when what it is mixed from changed: a variable typed into the form
    /// or a moved layer keeps the sound.
    private func soundResponse(wav: Bool) -> HTTPResponse {
        let export = document.export
        let key = PreviewSound.Key(export)
        var sound = state.withLock { state in state.sound.flatMap { $0.key == key ? $0 : nil } }?.sound
        if sound == nil {
            do {
                sound = try PreviewSound.of(export)
            } catch {
                return .text("cannot mix the sound: \(error)", status: 500)
            }
            state.withLock { $0.sound = (key, sound) }
        }
        if wav {
            guard let sound else { return .text("this video is silent", status: 404) }
            return .data(sound.wav, type: "audio/wav")
        }
        return .json(["peaks": sound?.peaks ?? []])
    }

    /// `POST /api/variables` with `{"NAME": "value", …}`: the form's values, applied as
    /// `--set variables.NAME=…` would be (a number field's text as JSON, a text field's as a
    /// string), and the preset read again. Answers the version and the problems.
    private func variablesResponse(_ request: HTTPRequest) -> HTTPResponse {
        guard let values = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any] else {
            return .text("expects a JSON object of variables", status: 400)
        }
        let document = self.document
        let known = document.composition?.variableNames ?? []
        var texts: [String: String] = [:]
        for (name, value) in values {
            guard known.contains(name) else {
                return .text(
                    "no variable \"\(name)\"; the variables are \(known.sorted().joined(separator: ", "))",
                    status: 400)
            }
            switch value {
            case let number as NSNumber: texts[name] = JSONField.format(number.doubleValue)
            case let text as String: texts[name] = Self.jsonString(text)
            default: return .text("variable \"\(name)\" must be a string or a number", status: 400)
            }
        }
        return applying(texts)
    }

    /// `POST /api/row` with `{"id": "ROW"}`: the values of the variables table's row ROW, put
    /// into the form (as `batch --variables` renders that row).
    private func rowResponse(_ request: HTTPRequest) -> HTTPResponse {
        let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]
        guard let id = body?["id"] as? String, let row = configuration.tableRows.first(where: { $0.id == id })
        else {
            let ids = configuration.tableRows.map(\.id).joined(separator: ", ")
            return .text("expects {\"id\": ROW} with ROW one of the table's rows: \(ids)", status: 400)
        }
        // As `batch` does: the columns the composition has no variable for (its `name`) are left out.
        let known = document.composition?.variableNames ?? []
        return applying(
            Dictionary(row.values.filter { known.contains($0.name) }.map { ($0.name, $0.value) }) { $1 })
    }

    /// The form's variables with `texts` (values as `--set variables.NAME=` takes them) set, the
    /// preset read again, and the version and problems answered.
    private func applying(_ texts: [String: String]) -> HTTPResponse {
        state.withLock { state in state.variables.merge(texts) { $1 } }
        reload()
        let (version, problems) = state.withLock { ($0.document.version, $0.problems) }
        return .json(["version": version, "problems": problems.map(DocumentSummary.problemJSON)])
    }

    /// `text` as a JSON string: what `--set` reads as that string whatever it holds.
    private static func jsonString(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// `POST /api/export` with `{"format": "h264"}`: starts an export; progress comes as events.
    private func exportResponse(_ request: HTTPRequest) -> HTTPResponse {
        guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
            let name = body["format"] as? String, let format = OutputFormat(rawValue: name)
        else {
            let names = ExportJobs.formats.map(\.rawValue).joined(separator: ", ")
            return .text("expects {\"format\": NAME} with NAME one of \(names)", status: 400)
        }
        do {
            let job = try jobs.start(document, format: format)
            return .json(["id": job.id, "name": job.name], status: 202)
        } catch {
            return .text(error.description, status: 400)
        }
    }
}

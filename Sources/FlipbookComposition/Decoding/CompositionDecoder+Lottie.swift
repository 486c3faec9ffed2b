import FlipbookCanvas
import FlipbookJSON
import FlipbookLottie
import Foundation

extension CompositionDecoder {
    /// The largest Lottie file a composition reads: a parsed JSON document holds several
    /// times its bytes, and files with embedded pictures run to megabytes.
    package static let maximumLottieBytes = 16 << 20

    /// A Lottie layer: its file decoded once its keys are read, its segment checked against
    /// the file's frames and markers; `nil` (its problems recorded) when it cannot be used.
    func readLottie(_ reader: inout JSONObjectReader) -> LayerContent? {
        var draft = LottieDraft()
        let reading = readKeys(LottieAnimationLayer.keys, &reader, into: &draft)
        guard let fileField = draft.file else { return nil }
        return attempt { () throws(PresetError) -> LayerContent in
            let template = try lottieTemplate(draft)
            let chosen = draft.animation.flatMap { id in reading.fields["animation"].map { (id, $0) } }
            let animation = try lottieAnimation(named: fileField, template: template, animation: chosen)
            try check(draft.texts, against: animation.templateTargets.texts, "text layer or text slot")
            try check(
                draft.colors, against: animation.templateTargets.colors, "colour slot, fill, stroke or layer")
            try check(draft.images, against: animation.templateTargets.images, "image asset")
            var layer = LottieAnimationLayer(scene: LottieScene(animation: animation))
            (layer.fit, layer.speed, layer.loops) = (draft.fit, draft.speed, draft.loops)
            layer.variables = (draft.texts + draft.colors + draft.images).reduce([]) {
                $0.union($1.variables)
            }
            if let segment = draft.segment, let field = reading.fields["segment"] {
                layer.segment = try frames(of: segment, in: animation, at: field)
            }
            return .lottie(layer)
        }
    }

    /// The animation in the Lottie file `field` names, relative to the preset's folder. A
    /// problem inside the file is located there (its line, column and JSON path), and says
    /// which layer of the preset read it; what the file has that is not drawn warns at `field`.
    private func lottieAnimation(
        named field: JSONField, template: LottieTemplate, animation chosen: (id: String, field: JSONField)?
    ) throws(PresetError) -> LottieAnimation {
        let name = try field.string()
        guard !name.isEmpty else { throw field.error("must name a Lottie file") }
        let path = try files.path(name, at: field)
        if let problem = Self.inputFileProblem(
            path, kind: "a Lottie file", maximumBytes: Self.maximumLottieBytes)
        {
            throw field.error("cannot use \(path): \(problem)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw field.error("cannot use \(path): not readable")
        }
        var archive: DotLottieArchive?
        var text = String(decoding: data, as: UTF8.self)
        // Problems inside an archive name the archive and the member: `anim.lottie (animations/a.json)`.
        var source = path
        if DotLottieArchive.isArchive(data) {
            do throws(LottieArchiveError) {
                let opened = try DotLottieArchive(bytes: [UInt8](data))
                let animation = try opened.animation(chosen?.id)
                (archive, text, source) = (opened, animation.text, "\(path) (\(animation.member))")
            } catch {
                throw (error.message.hasPrefix("has no animation") ? chosen?.field ?? field : field).error(
                    "cannot use \(path): a .lottie archive that \(error.message)")
            }
        } else if String(data: data, encoding: .utf8) == nil {
            throw field.error("cannot use \(path): neither UTF-8 text nor a .lottie archive")
        } else if let chosen {
            throw chosen.field.error(
                "names an animation of a .lottie file, but \(path) is a Lottie JSON file")
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw PresetError(
                file: source, location: error.location, path: "",
                message: "invalid JSON: \(error.message) (the Lottie file of \(field.path) in \(file))")
        }
        guard LottieAnimation.isLottie(root) else {
            throw field.error(
                "cannot use \(path): not a Lottie animation (an object with v, fr, ip, op, w, h and layers)")
        }
        do {
            let animation = try LottieAnimation.decode(
                root, file: source, reportingAt: field.path, template: template,
                pictures: LottiePictures.loader(files: files, lottieFile: path, archive: archive))
            inputFiles.append(path)
            return animation
        } catch {
            var located = error
            located.message += " (the Lottie file of \(field.path) in \(file))"
            throw located
        }
    }

    /// The texts, colours and pictures `draft` puts into its file: its colours read from their
    /// filled text, its pictures decoded from the files they name (inputs of the render).
    private func lottieTemplate(_ draft: LottieDraft) throws(PresetError) -> LottieTemplate {
        var template = LottieTemplate()
        for text in draft.texts { template.texts[text.name] = text.text }
        for color in draft.colors {
            guard let parsed = Color(parsing: color.text) else {
                throw color.field.error(
                    "\"\(color.text)\" is not a colour (a name, \"#rrggbb\", rgb() or hsl(), as in compositions.md)"
                )
            }
            template.colors[color.name] = parsed
        }
        for image in draft.images {
            guard !image.text.isEmpty else { throw image.field.error("must name an image file") }
            let path = try files.path(image.text, at: image.field)
            guard case .raster(let picture) = try picture(at: path, field: image.field) else {
                throw image.field.error(
                    "cannot use \(path): a Lottie picture is a PNG, JPEG or WebP file, not an SVG")
            }
            inputFiles.append(path)
            template.images[image.name] = picture
        }
        return template
    }

    /// Refuses a replacement whose name the file does not offer (`kind` says what it must
    /// name), with a did-you-mean and the names it does offer.
    private func check(_ replacements: [LottieDraft.Replacement], against names: Set<String>, _ kind: String)
        throws(PresetError)
    {
        for replacement in replacements where !names.contains(replacement.name) {
            let known = names.sorted()
            let hint =
                DidYouMean.closest(to: replacement.name, among: known).map { "; did you mean \"\($0)\"?" }
                ?? ""
            let list = known.isEmpty ? "none" : known.prefix(20).map { "\"\($0)\"" }.joined(separator: ", ")
            throw replacement.field.error(
                "the Lottie file has no \(kind) named \"\(replacement.name)\"\(hint) (it has: \(list))")
        }
    }

    /// The frames `segment` names in `animation`: its own, or a marker's span, within the
    /// file's `ip` to `op`.
    private func frames(of segment: LottieDraft.Segment, in animation: LottieAnimation, at field: JSONField)
        throws(PresetError) -> (from: Double, to: Double)
    {
        let (first, end) = (animation.inPoint, animation.outPoint)
        let frames: (from: Double, to: Double)
        switch segment {
        case .frames(let from, let to):
            frames = (from, to)
        case .marker(let name):
            guard let marker = animation.markers[name] else {
                let names = animation.markers.keys.sorted()
                let hint =
                    DidYouMean.closest(to: name, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
                let known = names.isEmpty ? "none" : names.map { "\"\($0)\"" }.joined(separator: ", ")
                throw field.error("the file has no marker \"\(name)\"\(hint) (its markers: \(known))")
            }
            guard marker.duration > 0 else {
                throw field.error("marker \"\(name)\" spans no frames (its \"dr\" is 0)")
            }
            frames = (marker.frame, marker.frame + marker.duration)
        }
        guard frames.from >= first, frames.to <= end else {
            throw field.error(
                "frames \(JSONField.format(frames.from)) to \(JSONField.format(frames.to)) are not all within the file's "
                    + "\(JSONField.format(first)) (ip) to \(JSONField.format(end)) (op)")
        }
        return frames
    }
}

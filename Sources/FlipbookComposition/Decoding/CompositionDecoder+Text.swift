import FlipbookCanvas
import FlipbookCaptions
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookScenes
import FlipbookText
import Foundation

extension CompositionDecoder {
    /// A text layer: `text`, `runs` or `captions`, and its style (`TextLayer.keys`); every
    /// placeholder names a variable or counter, and the text with its placeholders filled is
    /// held to the `text-length` limit.
    func readText(_ reader: inout JSONObjectReader) -> LayerContent? {
        (textCounters, textIsCaptioned) = ([:], false)
        var text = TextLayer(runs: [], font: FontSpec(), paint: .color(.constant(.white)))
        let reading = readKeys(TextLayer.keys, &reader, into: &text)
        guard !["text", "runs", "captions"].allSatisfy({ reading.fields[$0] == nil }) else {
            log.record(reader.field.error("a text layer needs \"text\", \"runs\" or \"captions\""))
            return nil
        }
        text.font.files = fontFiles
        let longestCue = text.captions?.map(\.text.count).max() ?? 0
        text.maximumCharacters = text.runs.reduce(0) {
            $0 + filledLength(of: $1.template, counters: text.counters, caption: longestCue)
        }
        attempt {
            try countCharacters(
                text.maximumCharacters, at: reading.fields["text"] ?? reading.fields["runs"] ?? reader.field)
        }
        return .text(text)
    }

    /// A captions file (SubRip or WebVTT), relative to the preset's folder: its cues, timed
    /// from the layer's start.
    func readCaptions(_ field: JSONField) throws(PresetError) -> [Caption] {
        let name = try field.string()
        guard !name.isEmpty else { throw field.error("must name a captions file (.srt or .vtt)") }
        let path = try files.path(name, at: field)
        if let problem = Self.inputFileProblem(path, kind: "captions", maximumBytes: Self.maximumCaptionBytes)
        {
            throw field.error("cannot use \(path): \(problem)")
        }
        let captions: [Caption]
        do {
            captions = try CaptionFileReader.read(path: path)
        } catch let error as MediaError {
            throw field.error("cannot use \(path): \(error.message)")
        } catch {
            throw field.error("cannot use \(path): \(error)")
        }
        guard !captions.isEmpty else { throw field.error("cannot use \(path): it has no cues") }
        inputFiles.append(path)
        return captions
    }

    /// The largest captions file a composition reads.
    static let maximumCaptionBytes = 16 << 20

    /// Text with placeholders, each checked against the variables and counters (and, on a
    /// `captioned` layer, `{caption}`).
    func template(_ field: JSONField, counters: [String: Animated<Double>], captioned: Bool)
        throws(PresetError) -> TextTemplate
    {
        let text = try field.string()
        guard text.count <= sceneContext.limits.textLength else {
            throw field.error(
                SceneLimits.exceeded(
                    "text-length", limit: "\(sceneContext.limits.textLength)", got: "\(text.count)")
            ).exceeding("text-length")
        }
        let template: TextTemplate
        do {
            template = try TextTemplate(parsing: text)
        } catch {
            throw field.error(error.message)
        }
        for (name, format) in template.placeholders {
            let isCaption = captioned && name == TextLayer.captionName
            if counters[name] == nil, !isCaption { placeholderNames.insert(name) }
            let value: VariableValue? =
                counters[name] != nil ? .number(0) : isCaption ? .text("") : variables[name]
            if value == nil, variablesUnreadable || variablesInError.contains(name) { continue }
            guard let value else {
                let known = Array(variables.keys) + Array(counters.keys)
                let hint =
                    DidYouMean.closest(to: name, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
                throw field.error(
                    "\"{\(name)}\" names no variable or counter\(hint) (add it to \"variables\", or override variables.\(name))"
                )
            }
            switch (value, format) {
            case (.text(let text), .date), (.text(let text), .time):
                guard ValueFormatter.date(text) != nil else {
                    throw field.error(
                        "\"{\(name)}\" is formatted as a date, but \"\(text)\" is not an ISO 8601 date such as 2026-12-01"
                    )
                }
            case (.text(let text), .number), (.text(let text), .percent):
                throw field.error("\"{\(name)}\" is formatted as a number, but its value \"\(text)\" is text")
            case (.number, .date), (.number, .time):
                throw field.error("\"{\(name)}\" is formatted as a date, but its value is a number")
            default: break
            }
        }
        return template
    }

    /// A counter's number written as `"{name}"`: the value of the number variable `name`, within
    /// `range`. The variable counts as shown, so that overriding it is not refused as unused.
    func counterVariable(_ field: JSONField, in range: ClosedRange<Double>) throws(PresetError) -> Double {
        let text = try field.string()
        guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else {
            throw field.error(
                "must be a number or \"{name}\", a number variable's value (got \(field.value.summary))")
        }
        let name = String(text.dropFirst().dropLast())
        placeholderNames.insert(name)
        counterVariables.insert(name)
        guard let value = variables[name] else {
            // A variable that could not be read is reported where it is written.
            if variablesUnreadable || variablesInError.contains(name) { return 0 }
            let hint =
                DidYouMean.closest(to: name, among: Array(variables.keys)).map { "; did you mean \"\($0)\"?" }
                ?? ""
            throw field.error(
                "\"{\(name)}\" names no variable\(hint) (add it to \"variables\", or override variables.\(name))"
            )
        }
        guard case .number(let number) = value else {
            throw field.error("\"{\(name)}\" is a counter's number, but the variable's value is text")
        }
        guard range.contains(number) else {
            throw field.error(
                "\"{\(name)}\" is \(JSONField.format(number)), outside a counter's \(JSONField.format(range.lowerBound))…\(JSONField.format(range.upperBound))"
            )
        }
        return number
    }

    /// The most characters `template` shows with its placeholders filled, as the composition's
    /// locale writes them: a variable's value written in its format, a counter's keyframes
    /// (and a sign), a caption as long as the longest cue (`caption`).
    private func filledLength(of template: TextTemplate, counters: [String: Animated<Double>], caption: Int)
        -> Int
    {
        template.parts.reduce(0) { total, part in
            switch part {
            case .literal(let text):
                return total + text.count
            case .placeholder(let name, let format):
                if let counter = counters[name] {
                    let longest =
                        counter.values.map { formatter.format(.number($0), as: format).count }.max() ?? 0
                    return total + 1 + longest
                }
                guard let value = variables[name] else { return total + caption }
                return total + formatter.format(value, as: format).count
            }
        }
    }

    /// Adds a text's `count` characters, placeholders filled, to the composition's and holds
    /// the text and the sum to the `text-length` limit: every text is shaped each frame it
    /// changes, so `"{a}{a}{a}…"` with a long `a`, or two thousand texts at the limit, cost
    /// what their filled characters cost, whatever each template's length.
    private func countCharacters(_ count: Int, at field: JSONField) throws(PresetError) {
        let limit = sceneContext.limits.textLength
        guard count <= limit else {
            throw field.error(
                "with its placeholders filled, the text shows up to \(count) characters, which "
                    + SceneLimits.exceeded("text-length", limit: "\(limit)", got: "\(count)")
            ).exceeding("text-length")
        }
        textCharacters += count
        guard textCharacters > limit, !textRefused else { return }
        textRefused = true
        throw field.error(
            "this text's \(count) characters bring the composition's texts to \(textCharacters) together, which "
                + SceneLimits.exceeded("text-length", limit: "\(limit)", got: "\(textCharacters)")
        ).exceeding("text-length")
    }

    /// The largest font file a composition reads.
    static let maximumFontBytes = 64 << 20
    /// At most this many font files.
    static let maximumFonts = 32

    /// `fonts`: font files relative to the preset's folder, each a font FreeType reads.
    func readFonts(_ field: JSONField) throws(PresetError) -> [String] {
        let items = try field.array()
        guard items.count <= Self.maximumFonts else {
            throw field.error("may list at most \(Self.maximumFonts) font files (got \(items.count))")
        }
        var paths: [String] = []
        for item in items {
            guard
                let path = attempt({ () throws(PresetError) -> String in
                    let name = try item.string()
                    guard !name.isEmpty else { throw item.error("must name a font file") }
                    let path = try files.path(name, at: item)
                    if let problem = Self.inputFileProblem(
                        path, kind: "a font", maximumBytes: Self.maximumFontBytes)
                    {
                        throw item.error("cannot use \(path): \(problem)")
                    }
                    do {
                        _ = try FontLibrary.shared.fontFile(at: path)
                    } catch {
                        throw item.error("cannot use \(path): \(error)")
                    }
                    return path
                })
            else { continue }
            inputFiles.append(path)
            paths.append(path)
            fontPaths.append(item.path)
        }
        return paths
    }
}

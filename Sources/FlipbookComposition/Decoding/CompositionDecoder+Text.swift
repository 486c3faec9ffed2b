import FlipbookCanvas
import FlipbookCaptions
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookScenes
import FlipbookText
import Foundation

extension CompositionDecoder {
    /// A text layer: `text` or `runs`, its font, paint, alignment, wrapping, spacing and
    /// counters; every placeholder must name a variable or counter.
    func readText(_ reader: inout JSONObjectReader) throws(PresetError) -> LayerContent {
        var font = reader.optional("font").flatMap { field in attempt { try fontSpec(field) } } ?? FontSpec()
        font.files = fontFiles
        let paint: LayerPaint =
            reader.optional("fill").flatMap { field in attempt { try self.paint(field) } }
            ?? .color(.constant(.white))
        var counters: [String: Animated<Double>] = [:]
        if let field = reader.optional("counters") {
            guard case .object(let members) = field.value.kind else {
                throw field.error(
                    "must be an object of names to numbers or keyframes (got \(field.value.summary))")
            }
            for member in members {
                counters[member.key] = try animated(field.child(member.value, key: member.key)) {
                    (f) throws(PresetError) in
                    try f.number(in: -1e15...1e15)
                }
            }
        }
        let captions = try reader.optional("captions").map(readCaptions)
        let textField = reader.optional("text")
        let runsField = reader.optional("runs")
        var runs: [TextLayer.Run]
        switch (textField, runsField) {
        case (let field?, nil):
            runs = [
                TextLayer.Run(
                    template: try template(field, counters: counters, captioned: captions != nil),
                    font: FontSpec(),
                    paint: nil)
            ]
        case (nil, let field?):
            let items = try field.array()
            guard (1...1000).contains(items.count) else {
                throw field.error("must list 1 to 1000 runs (got \(items.count))")
            }
            runs = try items.map { (item) throws(PresetError) in
                try run(item, counters: counters, captioned: captions != nil)
            }
        case (.some, .some(let field)):
            throw field.error("give \"text\" or \"runs\", not both")
        case (nil, nil):
            guard captions != nil else {
                throw reader.field.error("a text layer needs \"text\", \"runs\" or \"captions\"")
            }
            let caption = TextTemplate(parts: [.placeholder(name: TextLayer.captionName, format: .plain)])
            runs = [TextLayer.Run(template: caption, font: FontSpec(), paint: nil)]
        }
        var text = TextLayer(runs: runs, font: font, paint: paint)
        text.counters = counters
        text.captions = captions
        let longestCue = captions?.map(\.text.count).max() ?? 0
        text.maximumCharacters = runs.reduce(0) {
            $0 + filledLength(of: $1.template, counters: counters, caption: longestCue)
        }
        try countCharacters(text.maximumCharacters, at: textField ?? runsField ?? reader.field)
        text.stylesCaptions = captions != nil && textField == nil && runsField == nil
        if let field = reader.optional("highlight") {
            if text.stylesCaptions {
                text.captionHighlight = attempt { try captionHighlight(field) }
            } else {
                log.record(
                    field.error(
                        "colours the words of captions a layer shows itself: give \"captions\" and no \"text\" or \"runs\""
                    ))
            }
        }
        if let field = reader.optional("stroke") {
            text.stroke = attempt { try readStroke(field, defaultJoin: .round) }
        }
        if let field = reader.optional("underline") { text.underline = attempt { try lineStyle(field) } }
        if let field = reader.optional("strikethrough") {
            text.strikethrough = attempt { try lineStyle(field) }
        }
        if let field = reader.optional("alignment") {
            text.alignment = attempt { try field.choice(TextLayout.Alignment.allCases) } ?? .leading
        }
        if let field = reader.optional("maxWidth") { text.maxWidth = attempt { try extent(field) } }
        if let field = reader.optional("lineSpacing") {
            text.lineSpacing = attempt { try length(field) } ?? Length(0)
        }
        if let field = reader.optional("letterSpacing") {
            text.letterSpacing = attempt { try field.number(in: -1000...1000) } ?? 0
        }
        if let field = reader.optional("lineLimit") {
            text.lineLimit = attempt { try field.integer(in: 1...1000) }
        }
        if let field = reader.optional("textCase") {
            text.textCase = attempt { try field.choice(Text.Case.allCases) }
        }
        if let field = reader.optional("truncationMode") {
            text.truncationMode = attempt { try field.choice(TextLayout.TruncationMode.allCases) } ?? .tail
        }
        if let field = reader.optional("minimumScaleFactor") {
            text.minimumScaleFactor = attempt { try field.number(in: 0.01...1) } ?? 1
        }
        return .text(text)
    }

    /// A caption highlight: a colour (every word spoken so far), or `{"color", "words"}` with
    /// `words` `spoken` or `current`.
    private func captionHighlight(_ field: JSONField) throws(PresetError) -> CaptionHighlight {
        func packed(_ color: Color) -> UInt32 {
            let byte = { (value: Double) in UInt32((min(max(value, 0), 1) * 255).rounded()) }
            return byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
        }
        guard case .object = field.value.kind else {
            return CaptionHighlight(color: packed(try field.color()), currentOnly: false)
        }
        var reader = try field.object()
        let color = packed(try reader.required("color").color())
        let words = try reader.optional("words")?.choice(["spoken", "current"]) ?? "spoken"
        try reader.finish()
        return CaptionHighlight(color: color, currentOnly: words == "current")
    }

    /// A captions file (SubRip or WebVTT), relative to the preset's folder: its cues, timed
    /// from the layer's start.
    private func readCaptions(_ field: JSONField) throws(PresetError) -> [Caption] {
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

    private func run(_ field: JSONField, counters: [String: Animated<Double>], captioned: Bool)
        throws(PresetError) -> TextLayer.Run
    {
        var reader = try field.object()
        let template = try template(try reader.required("text"), counters: counters, captioned: captioned)
        let font = try reader.optional("font").map(fontSpec) ?? FontSpec()
        let paint = try reader.optional("fill").map(paint)
        let spacing = try reader.optional("letterSpacing")?.number(in: -1000...1000)
        let underline = try reader.optional("underline").map(lineStyle)
        let strikethrough = try reader.optional("strikethrough").map(lineStyle)
        try reader.finish()
        return TextLayer.Run(
            template: template, font: font, paint: paint, letterSpacing: spacing, underline: underline,
            strikethrough: strikethrough)
    }

    /// An underline or strikethrough: `true`/`false`, or `{"pattern", "color"}` (drawn).
    private func lineStyle(_ field: JSONField) throws(PresetError) -> Text.LineStyle {
        if case .bool(let drawn) = field.value.kind { return Text.LineStyle(isActive: drawn) }
        var reader = try field.object()
        let pattern =
            try reader.optional("pattern").map { (f) throws(PresetError) in
                try f.choice(Text.LineStyle.Pattern.allCases)
            } ?? .solid
        let color = try reader.optional("color").map { (f) throws(PresetError) in try f.color() }
        try reader.finish()
        return Text.LineStyle(pattern: pattern, color: color)
    }

    /// Text with placeholders, each checked against the variables and counters (and, on a
    /// `captioned` layer, `{caption}`).
    private func template(_ field: JSONField, counters: [String: Animated<Double>], captioned: Bool)
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
        }
        return paths
    }

    /// A font: `{"family", "size", "weight", "design", "italic"}`, each optional.
    private func fontSpec(_ field: JSONField) throws(PresetError) -> FontSpec {
        var reader = try field.object()
        var font = FontSpec()
        font.family = try reader.optional("family")?.string()
        font.size = try reader.optional("size").map(extent)
        if let weight = reader.optional("weight") {
            if case .number = weight.value.kind {
                font.weight = try weight.integer(in: 1...1000)
            } else {
                let name = try weight.choice(FontSpec.weights.map(\.name))
                font.weight = FontSpec.weights.first { $0.name == name }?.value
            }
        }
        if let design = reader.optional("design") {
            font.design = try design.choice([FontDescriptor.Design.default, .serif, .monospaced, .rounded])
        }
        font.italic = try reader.optional("italic")?.bool()
        try reader.finish()
        return font
    }
}

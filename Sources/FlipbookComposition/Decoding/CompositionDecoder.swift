import FlipbookCanvas
import FlipbookJSON
import FlipbookScenes
import FlipbookTimeline
import Foundation

/// Reads a composition from a preset's JSON: its layers, variables, locale and safe area.
///
/// Decoding goes on past a problem: each layer and each property is read on its own, a
/// problem is recorded (`ProblemLog`) and the rest is still checked, so one run reports every
/// mistake in the file, each with its line:column and JSON path.
public final class CompositionDecoder {
    /// The top-level keys a composition adds to a preset.
    public static let topLevelKeys = [
        "layers", "variables", "locale", "timeZone", "safeArea", "description", "fonts",
    ]
    /// At most this many layers in all, and this deep.
    public static let maximumLayers = 2000
    public static let maximumDepth = 16
    public static let maximumKeyframes = 1000

    let file: String
    /// Where the files it names are, and which it may read.
    let files: PresetFiles
    let frameRate: FrameRate
    let duration: Double
    let sceneContext: SceneCatalog.DecodingContext
    var log = ProblemLog()
    var variables: [String: VariableValue] = [:]
    /// The variables that texts' placeholders name, as the layers are read.
    var placeholderNames: Set<String> = []
    /// Whether `variables` could not be read, and the variables that could not (an error says
    /// why): the placeholders that show them are not checked, so as not to blame them too.
    var variablesUnreadable = false
    var variablesInError: Set<String> = []
    private var layerCount = 0
    /// The files the composition reads (images, fonts), for the command line's output checks.
    public internal(set) var inputFiles: [String] = []
    /// The composition's own font files (`fonts`), which its texts' families may name.
    var fontFiles: [String] = []
    /// Pictures read so far by their file's real path: every layer that shows a file shares
    /// one decoded picture (twelve layers of a 7000 × 7000 PNG hold 196 MB, not 2.4 GB).
    var pictures: [String: ImageLayer.Source] = [:]
    /// The particles of the scenes read so far, held to the `particles` limit together; and
    /// whether that limit was reported (once: every scene after would repeat it).
    var particles = 0
    var particlesRefused = false
    /// The characters the texts read so far show with their placeholders filled, held to the
    /// `text-length` limit together; and whether that limit was reported (once).
    var textCharacters = 0
    var textRefused = false
    /// How the composition writes numbers and dates (its locale and time zone), read before
    /// its layers: their texts' lengths count with their placeholders filled.
    var formatter = ValueFormatter()

    private init(
        file: String, files: PresetFiles, frameRate: FrameRate, duration: Double,
        sceneContext: SceneCatalog.DecodingContext
    ) {
        (self.file, self.files) = (file, files)
        (self.frameRate, self.duration, self.sceneContext) = (frameRate, duration, sceneContext)
    }

    /// The composition a preset's top-level `reader` describes (its `layers` and the other
    /// `topLevelKeys`), with the files it reads.
    package static func decode(
        _ reader: inout JSONObjectReader, file: String, files: PresetFiles, frameRate: FrameRate,
        duration: Double, sceneContext: SceneCatalog.DecodingContext
    ) throws(PresetError) -> (composition: Composition, inputFiles: [String]) {
        let decoder = CompositionDecoder(
            file: file, files: files, frameRate: frameRate, duration: duration, sceneContext: sceneContext)
        let composition = decoder.read(&reader)
        try decoder.log.finish()
        return (composition, decoder.inputFiles)
    }

    private func read(_ reader: inout JSONObjectReader) -> Composition {
        let variablesField = reader.optional("variables")
        if let field = variablesField {
            if let read = attempt({ try readVariables(field) }) {
                variables = read
            } else {
                // Told already: the texts are not told their variables are missing too.
                variablesUnreadable = true
            }
        }
        if let field = reader.optional("locale") {
            attempt {
                let identifier = try field.string()
                if let problem = LocaleIdentifier.problem(with: identifier) {
                    let hint =
                        DidYouMean.closest(to: identifier, among: Locale.availableIdentifiers).map {
                            "; did you mean \"\($0)\"?"
                        } ?? ""
                    throw field.error(
                        "must be a locale such as \"en_US\", \"de_DE\" or \"fr-FR\": \(problem)\(hint) (got \(field.value.summary))"
                    )
                }
                formatter.locale = Locale(identifier: identifier)
            }
        }
        if let field = reader.optional("timeZone") {
            attempt {
                let identifier = try field.string()
                guard let zone = TimeZone(identifier: identifier) else {
                    throw field.error(
                        "must be a time zone such as \"UTC\" or \"Europe/Berlin\" (got \(field.value.summary))"
                    )
                }
                formatter.timeZone = zone
            }
        }
        var safeArea = Array(repeating: Length(0), count: 4)
        if let field = reader.optional("safeArea") {
            safeArea = attempt { try readSafeArea(field) } ?? safeArea
        }
        let label = reader.optional("description").flatMap { field in attempt { try field.string() } }
        if let field = reader.optional("fonts") {
            fontFiles = attempt { try readFonts(field) } ?? []
        }
        var layers: [CompositionLayer] = []
        if let field = attempt({ () throws(PresetError) in try reader.required("layers") }) {
            layers = readLayers(field, depth: 0)
        }
        if let variablesField { refuseUnusedOverrides(variablesField) }
        let texts = layers.compactMap(\.literalText)
        return Composition(
            layers: layers, variables: variables, formatter: formatter, safeArea: safeArea,
            duration: duration,
            label: label ?? (texts.isEmpty ? nil : texts.joined(separator: " — ")),
            placeholderNames: placeholderNames)
    }

    /// `body`'s result, or `nil` with its problem recorded. (Untyped, so that plain closures
    /// over typed-throwing readers need no annotation; only `PresetError`s are thrown in them.)
    func attempt<Value>(_ body: () throws -> Value) -> Value? {
        do {
            return try body()
        } catch let error as PresetError {
            log.record(error)
        } catch {
            log.record(PresetError(file: file, location: nil, path: "", message: "\(error)"))
        }
        return nil
    }

    /// A list of layers, each read on its own.
    func readLayers(_ field: JSONField, depth: Int) -> [CompositionLayer] {
        guard let items = attempt({ () throws(PresetError) in try field.array() }) else { return [] }
        return items.compactMap { item in readCountedLayer(item, depth: depth) }
    }

    /// One layer of a list or a mask, counted against the composition's limits on layers and
    /// nesting; `nil` (its problems logged) when it cannot be read.
    func readCountedLayer(_ item: JSONField, depth: Int) -> CompositionLayer? {
        attempt { () throws(PresetError) -> CompositionLayer? in
            layerCount += 1
            guard layerCount <= Self.maximumLayers else {
                // Said once, at the first layer past the limit: the file fails either way,
                // and thousands of layers more would each repeat it.
                guard layerCount == Self.maximumLayers + 1 else { return nil }
                throw item.error(
                    "a composition may have at most \(Self.maximumLayers) layers; this one and those after it are more"
                )
            }
            guard depth < Self.maximumDepth else {
                throw item.error("groups and masks may nest at most \(Self.maximumDepth) deep")
            }
            return try readLayer(item, depth: depth)
        } ?? nil
    }

    private func readVariables(_ field: JSONField) throws(PresetError) -> [String: VariableValue] {
        guard case .object(let members) = field.value.kind else {
            throw field.error("must be an object of names to text or numbers (got \(field.value.summary))")
        }
        var values: [String: VariableValue] = [:]
        for member in members {
            let item = field.child(member.value, key: member.key)
            switch member.value.kind {
            case .string(let text) where text.count > sceneContext.limits.textLength:
                log.record(
                    item.error(
                        SceneLimits.exceeded(
                            "text-length", limit: "\(sceneContext.limits.textLength)", got: "\(text.count)")
                    ).exceeding("text-length"))
                variablesInError.insert(member.key)
            case .string(let text): values[member.key] = .text(text)
            case .number(let number): values[member.key] = .number(number)
            case .bool(let flag): values[member.key] = .text(flag ? "true" : "false")
            default:
                log.record(item.error("a variable must be text or a number (got \(member.value.summary))"))
                variablesInError.insert(member.key)
            }
        }
        return values
    }

    /// Records an error for each variable that an override added (`--set variables.NAME=…`:
    /// the file has no such variable) and that no text names: almost always a misspelt name,
    /// which would otherwise leave the text it was meant for unchanged without a word.
    private func refuseUnusedOverrides(_ field: JSONField) {
        guard case .object(let members) = field.value.kind else { return }
        for member in members where member.keyLocation.isOverride && !placeholderNames.contains(member.key) {
            let hint =
                DidYouMean.closest(to: member.key, among: Array(placeholderNames)).map {
                    "; did you mean \"\($0)\"?"
                }
                ?? ""
            log.record(
                field.child(member.value, key: member.key).error(
                    "no text shows {\(member.key)}, and the preset has no such variable\(hint)"))
        }
    }

    private func readSafeArea(_ field: JSONField) throws(PresetError) -> [Length] {
        if case .array(let items) = field.value.kind {
            guard items.count == 4 else {
                throw field.error(
                    "must be one length or four: [top, trailing, bottom, leading] (got \(items.count))")
            }
            return try field.array().map { (item) throws(PresetError) in try extent(item) }
        }
        return Array(repeating: try extent(field), count: 4)
    }
}

extension CompositionLayer {
    /// The text a text layer shows without its placeholders, for the accessibility description.
    var literalText: String? {
        // A captioned text's words are timed: they go to the captions, not the description.
        guard case .text(let text) = content, text.captions == nil else { return nil }
        let literal = text.runs.flatMap(\.template.parts).compactMap { part -> String? in
            if case .literal(let text) = part { return text }
            return nil
        }.joined()
        return literal.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : literal
    }
}

import FlipbookCanvas
import FlipbookJSON
import FlipbookScenes
import FlipbookTimeline
import Foundation

/// Reads a composition from a preset's JSON: its layers, variables, locale and safe area.
///
/// Every key is read as its declaration says (`Composition.keys`, `CompositionLayer.keys`, each
/// kind's keys: `Declarations/`); what is left here is reading layers one by one and the rules
/// across keys. Decoding goes on past a problem: each layer and each property is read on its
/// own, a problem is recorded (`ProblemLog`) and the rest is still checked, so one run reports
/// every mistake in the file, each with its line:column and JSON path.
///
/// The decoder is also the context the declarations read values with (its frame rate, its
/// files, its limits) and the model of the composition's own keys, which its layers' texts use.
package final class CompositionDecoder {
    /// At most this many layers in all, and this deep.
    package static let maximumLayers = 2000
    package static let maximumDepth = 16
    package static let maximumKeyframes = 1000

    let file: String
    /// Where the files it names are, and which it may read.
    let files: PresetFiles
    /// The preset's `fps`, at which times in frames (`"36f"`) count.
    package let frameRate: FrameRate
    let duration: Double
    let sceneContext: SceneCatalog.DecodingContext
    var log = ProblemLog()
    /// The composition's own keys, as they are read.
    package internal(set) var markers: [String: Double] = [:]
    var variables: [String: VariableValue] = [:]
    var safeArea = Array(repeating: Length(0), count: 4)
    var label: String?
    var layers: [CompositionLayer] = []
    /// The nesting depth of the layer being read: 0 for a top-level layer, −1 while the
    /// composition's own keys are read (so that its `layers` are read at 0).
    var depth = -1
    /// Whether the next layer read is in a stack: set for each layer of a stack's list, and
    /// taken (cleared) by the layer as it starts, so that the lists and masks inside it are not.
    var nextLayerIsStacked = false
    /// When, in seconds of the video, the clock of the layer being read starts (its `start`
    /// plus its parents'), and its parent's: what a marker named in its keyframes, or in its
    /// `start`, is counted from. `nil` inside a sequence, whose layers' starts are worked out
    /// after they are read.
    var clock: Double? = 0
    var parentClock: Double? = 0
    /// The counters of the text layer being read, and whether it has captions: what its
    /// templates' placeholders may name besides the variables.
    var textCounters: [String: Animated<Double>] = [:]
    var textIsCaptioned = false
    /// The variables the counters of the text layer being read take numbers from.
    var counterVariables: Set<String> = []
    /// The variables that texts' placeholders name, as the layers are read.
    var placeholderNames: Set<String> = []
    /// Whether `variables` could not be read, and the variables that could not (an error says
    /// why): the placeholders that show them are not checked, so as not to blame them too.
    var variablesUnreadable = false
    var variablesInError: Set<String> = []
    private var layerCount = 0
    /// The files the composition reads (images, fonts), for the command line's output checks.
    package internal(set) var inputFiles: [String] = []
    /// The composition's own font files (`fonts`), which its texts' families may name.
    var fontFiles: [String] = []
    /// The JSON path of each of `fontFiles` (`fonts[2]`), for a warning that one is not used.
    var fontPaths: [String] = []
    /// Each keyframed property read, by its JSON path, with its keyframes' times (in its
    /// layer's time): what `warnAboutUnreachedParts` holds against its layer's window.
    var keyframeTimes: [(path: String, times: [Double])] = []
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

    /// The composition a preset's top-level `reader` describes (its `layers` and the other keys
    /// of `Composition.keys`), with the files it reads.
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
        var decoder = self
        let reading = readKeys(Composition.keys, &reader, into: &decoder)
        if let field = reading.fields["variables"] { refuseUnusedOverrides(field) }
        let texts = layers.compactMap(\.literalText)
        var composition = Composition(
            layers: layers, variables: variables, locale: formatter.locale, timeZone: formatter.timeZone,
            safeArea: safeArea,
            duration: duration,
            label: label ?? (texts.isEmpty ? nil : texts.joined(separator: " — ")),
            placeholderNames: placeholderNames)
        composition.markers = markers
        composition.givenVariables = Self.givenVariables(reading.fields["variables"])
        if log.problems.isEmpty {
            warnAboutUnreachedParts(of: composition)
            warnAboutUnusedFonts(in: layers)
        }
        return composition
    }

    /// Reads `keys` of `reader` into `model`, recording their problems.
    func readKeys<Model>(
        _ keys: ObjectDeclaration<CompositionDecoder, Model>, _ reader: inout JSONObjectReader,
        into model: inout Model
    ) -> ObjectDeclaration<CompositionDecoder, Model>.Reading {
        // Problems gather apart from `log`: reading a key may record into `log` itself (a
        // group's layers), while `problems` is held.
        var problems = ProblemLog()
        let reading = keys.read(&reader, into: &model, self, problems: &problems)
        for problem in problems.problems { log.record(problem) }
        return reading
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

    /// A list of layers, each read on its own; `stacked`: the layers of a stack.
    func readLayers(_ field: JSONField, depth: Int, stacked: Bool = false) -> [CompositionLayer] {
        guard let items = attempt({ () throws(PresetError) in try field.array() }) else { return [] }
        return items.compactMap { item in
            nextLayerIsStacked = stacked
            return readCountedLayer(item, depth: depth)
        }
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

    /// `variables`: each variable that is not text or a number is recorded as a problem, and so
    /// is a value that is not an object (its texts are then not told their variables are
    /// missing too).
    func readVariables(_ field: JSONField) -> [String: VariableValue] {
        guard case .object(let members) = field.value.kind else {
            log.record(
                field.error("must be an object of names to text or numbers (got \(field.value.summary))"))
            variablesUnreadable = true
            return [:]
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

    /// The variables whose values come from outside the file: `--set variables.NAME=…`, a
    /// variables table's row.
    private static func givenVariables(_ field: JSONField?) -> Set<String> {
        guard case .object(let members)? = field?.value.kind else { return [] }
        return Set(members.filter { $0.value.location.isOverride }.map(\.key))
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
}

extension CompositionDecoder: TimeReading {}

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

import FlipbookCanvas
import FlipbookComposition
import FlipbookJSON
import FlipbookScenes
import FlipbookTimeline

extension Preset {
    /// What a preset draws, decided from its top-level keys: a built-in scene (`"scene":
    /// "confetti"` with its `parameters`), or a composition (`layers`, with `"scene":
    /// "composition"` or no `scene`).
    struct SceneKind {
        /// The scene's name (`Composition.sceneName` for a composition).
        let name: String
        /// The `scene` key, where errors no parameter caused point.
        let field: JSONField?
        /// The built-in scene, or `nil` for a composition.
        let entry: SceneCatalog.Entry?

        /// Reads `scene` (and looks for `layers`).
        /// - Throws: for an unknown scene (with the closest name), a composition with another
        ///   scene's name, or `"scene": "composition"` without layers.
        init(_ reader: inout JSONObjectReader) throws(PresetError) {
            let isComposition = reader.field.has("layers")
            field = isComposition ? reader.optional(scene.key) : try reader.required(scene.key)
            name =
                try field.map { (field) throws(PresetError) in try scene.kind.read(field, ()) }
                ?? Composition.sceneName
            if isComposition, name != Composition.sceneName, let field {
                throw field.error(
                    "a preset with \"layers\" is a composition: leave \"scene\" out or write \"composition\" (got \"\(name)\")"
                )
            }
            entry = SceneCatalog.entry(named: name)
            if entry == nil, !isComposition, let field {
                let known = SceneCatalog.entries.map(\.name) + [Composition.sceneName]
                let hint =
                    DidYouMean.closest(to: name, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
                throw field.error(
                    name == Composition.sceneName
                        ? "a composition needs \"layers\" (docs/compositions.md)"
                        : "unknown scene \"\(name)\"\(hint) (known scenes: \(known.joined(separator: ", ")))")
            }
        }

        /// The scene, from the rest of `reader`, and the files it reads. A composition reports
        /// every problem at once: its own and the preset's unknown keys.
        func decode(
            _ reader: inout JSONObjectReader, file: String, files: PresetFiles, frameRate: FrameRate,
            duration: Double, context: SceneCatalog.DecodingContext
        ) throws(PresetError) -> (any AnimatedScene, [String]) {
            if let entry {
                let scene = try entry.make(try parameters.readIfPresent(&reader, ()), context)
                try reader.finish()
                return (scene, [])
            }
            var problems = ProblemLog()
            let decoded = problems.attempt { () throws(PresetError) in
                try CompositionDecoder.decode(
                    &reader, file: file, files: files, frameRate: frameRate, duration: duration,
                    sceneContext: context)
            }
            for problem in reader.unknownKeys() { problems.record(problem) }
            try problems.finish()
            guard let decoded else { throw reader.field.error("the composition could not be read") }
            return (decoded.composition, decoded.inputFiles)
        }
    }
}

import FlipbookJSON
import FlipbookScenes

extension SceneLayer {
    /// A scene layer's own keys.
    static let keys = ObjectDeclaration<CompositionDecoder, SceneDraft>(
        "scene",
        [
            .key(
                "scene", .sceneEntry, default: .required,
                doc:
                    "the scene's name: `confetti`, `spirograph-morph`, `pulsing-dots`, … (`flipbook scenes` lists them)"
            ) { (draft, entry, field, _) in (draft.entry, draft.field) = (entry, field) },
            .key(
                "parameters", \.parameters, .parameters, default: "the scene's",
                doc: "its parameters, checked as in a scene preset ([scenes.md](scenes.md))"),
            .key("seed", \.seed, .seed, default: "the preset's", doc: "its random seed"),
            .key(
                "clip", \.clip, .bool, default: "`false`",
                doc: "`true` clips what the scene draws to the box (confetti flies out of it otherwise)"),
        ])
}

extension ValueKind where Context == CompositionDecoder, Value == SceneCatalog.Entry {
    /// A built-in scene, by name, with a did-you-mean on a near miss.
    static var sceneEntry: ValueKind {
        let names = SceneCatalog.entries.map(\.name)
        return ValueKind(schema: .object([("enum", .array(names.map { .string($0) }))]), type: "string") {
            (field, _) throws(PresetError) in
            let name = try field.string()
            guard let entry = SceneCatalog.entry(named: name) else {
                let hint =
                    DidYouMean.closest(to: name, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
                throw field.error(
                    "unknown scene \"\(name)\"\(hint) (known scenes: \(names.joined(separator: ", ")))")
            }
            return entry
        }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == JSONField {
    /// A scene's parameters, as they are: the scene's own reader checks them.
    static var parameters: ValueKind {
        ValueKind(schema: .object([("type", .string("object"))]), type: "object") {
            (field, _) throws(PresetError) in
            field
        }
    }
}

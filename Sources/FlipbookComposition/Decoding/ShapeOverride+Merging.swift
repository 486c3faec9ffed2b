import FlipbookJSON
import Foundation

extension ShapeOverride {
    /// The composition `root` (a preset's JSON, its `--set` overrides applied) as it is for a
    /// canvas of `canvas`: each of its `overrides` whose `when` the canvas meets merged onto it,
    /// in the file's order — so a later one wins where two change the same key.
    ///
    /// Every override is checked whatever the canvas: its keys, its `when`, and that each layer
    /// it names is one layer of the file (a name two layers have is refused: which one would it
    /// change?) whose kind and name it leaves alone. `canvas` `nil` (the preset's size unreadable, which its own keys report): none
    /// applies.
    package static func applying(to root: JSONValue, canvas: CGSize?, file: String) throws(PresetError)
        -> JSONValue
    {
        let document = JSONField(value: root, path: "", file: file)
        guard case .object(let members) = root.kind,
            let entry = members.first(where: { $0.key == "overrides" }),
            !entry.value.isNull
        else { return root }
        let field = document.child(entry.value, key: "overrides")
        var problems = ProblemLog()
        // Each read as far as it goes, so that the names of one whose `when` is wrong are
        // checked too.
        let overrides = try field.array().compactMap { item -> ShapeOverride? in
            guard var reader = problems.attempt({ () throws(PresetError) in try item.object() }) else {
                return nil
            }
            var override = ShapeOverride()
            _ = keys.read(&reader, into: &override, (), problems: &problems)
            for problem in reader.unknownKeys() { problems.record(problem) }
            return override
        }
        let named = LayerNames(document)
        for override in overrides {
            for change in override.layers {
                named.check(change.name, changes: change.changes, into: &problems)
            }
        }
        try problems.finish()
        let applying = overrides.filter { override in canvas.map { override.condition.admits($0) } ?? false }
        return applying.reduce(root) { document, override in override.merged(onto: document) }
    }

    /// `root` with this override merged onto it: its composition keys onto the file's, and each
    /// layer's changes onto the layer of that name.
    private func merged(onto root: JSONValue) -> JSONValue {
        let changes = Dictionary(layers.map { ($0.name, $0.changes.value) }) { first, _ in first }
        let patched = Self.changingLayers(of: root, changes)
        return Self.merged(JSONValue(kind: .object(members), location: patched.location), onto: patched)
    }

    /// `value` (the document or a layer) with `changes` merged onto every layer in its `layers`,
    /// at any depth, whose name they give.
    private static func changingLayers(of value: JSONValue, _ changes: [String: JSONValue]) -> JSONValue {
        guard case .object(var members) = value.kind else { return value }
        for i in members.indices where members[i].key == "layers" {
            guard case .array(let layers) = members[i].value.kind else { continue }
            let changed = layers.map { layer in
                let name = layer.member("name").flatMap {
                    if case .string(let name) = $0.kind { name } else { nil }
                }
                return changingLayers(
                    of: name.flatMap { changes[$0] }.map { merged($0, onto: layer) } ?? layer, changes)
            }
            members[i].value.kind = .array(changed)
        }
        var changed = value
        changed.kind = .object(members)
        return changed
    }

    /// `patch` merged onto `value` as JSON Merge Patch (RFC 7396) merges: an object's members
    /// merged key by key, a `null` removing its key, anything else replacing what was there —
    /// each value keeping its own place in the file, for the errors that point at it.
    static func merged(_ patch: JSONValue, onto value: JSONValue) -> JSONValue {
        guard case .object(let changes) = patch.kind else { return patch }
        var members: [JSONValue.Member] = []
        if case .object(let existing) = value.kind { members = existing }
        for change in changes {
            let index = members.firstIndex { $0.key == change.key }
            if change.value.isNull {
                if let index { members.remove(at: index) }
            } else if let index {
                members[index].value = merged(change.value, onto: members[index].value)
            } else {
                members.append(
                    JSONValue.Member(
                        key: change.key, keyLocation: change.keyLocation,
                        value: merged(change.value, onto: .null)))
            }
        }
        var result = value
        if case .object = value.kind {
        } else {
            result = JSONValue(kind: .object([]), location: patch.location)
        }
        result.kind = .object(members)
        return result
    }
}

/// The names of a document's layers (in `layers` lists at any depth), with where each stands:
/// what an override's layer changes are checked against.
private struct LayerNames {
    private var paths: [String: [String]] = [:]

    init(_ document: JSONField) {
        collect(document)
    }

    private mutating func collect(_ field: JSONField) {
        guard let list = field.value.member("layers"), case .array(let layers) = list.kind else { return }
        let listField = field.child(list, key: "layers")
        for (index, layer) in layers.enumerated() {
            let layerField = listField.child(layer, index: index)
            if let name = layer.member("name"), case .string(let text) = name.kind {
                paths[text, default: []].append(layerField.path)
            }
            collect(layerField)
        }
    }

    /// Records a problem unless exactly one layer is named `name`, and for each key of
    /// `changes` (the override's, for that layer) that would change what the layer is — its
    /// kind, or the name it is found by.
    func check(_ name: String, changes: JSONField, into problems: inout ProblemLog) {
        problems.attempt { () throws(PresetError) in try check(name, at: changes) }
        guard case .object(let keys) = changes.value.kind else { return }
        for key in keys where key.key == "type" || key.key == "name" {
            problems.record(
                changes.child(key.value, key: key.key).error(
                    "an override changes a layer's keys, not its \(key.key == "type" ? "kind" : "name")"))
        }
    }

    /// Throws unless exactly one layer is named `name` (the error at `field`, the override's).
    private func check(_ name: String, at field: JSONField) throws(PresetError) {
        let found = paths[name] ?? []
        if found.count == 1 { return }
        guard found.isEmpty else {
            throw field.error(
                "\(found.count) layers are named \"\(name)\" (\(found.joined(separator: ", "))): give the one to change a name of its own"
            )
        }
        let hint =
            DidYouMean.closest(to: name, among: Array(paths.keys)).map { "; did you mean \"\($0)\"?" } ?? ""
        throw field.error("no layer is named \"\(name)\"\(hint)")
    }
}

extension JSONValue {
    /// An object's member `key`; `nil` for another value or a missing key.
    fileprivate func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Whether it is `null`.
    fileprivate var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    /// `null`, located nowhere: what a merge starts from where the file has nothing.
    fileprivate static let null = JSONValue(kind: .null, location: .override)
}

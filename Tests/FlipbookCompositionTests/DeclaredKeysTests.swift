import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookPresets
import FlipbookRaster
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// A key declared once reaches everything made from declarations: the decoder knows it, the
/// schema and the docs' tables describe it, and `--explain` names it when it is keyframed. So
/// adding a property is its declaration and the code that draws it; none of these tests changes.
@Suite struct DeclaredKeysTests {
    @Test func theDocsHoldEveryTableAsItsKeysDeclareIt() throws {
        for document in Set(ReferenceTables.all.map(\.document)) {
            let text = try String(contentsOfFile: RepositoryPaths.path("docs/\(document)"), encoding: .utf8)
            let isCurrent = ReferenceTables.updated(text) == text
            #expect(isCurrent, "docs/\(document) is stale: run make schema")
            for table in ReferenceTables.all where table.document == document {
                let holds = text.contains("<!-- keys: \(table.keys.name) -->")
                #expect(holds, "docs/\(document) lacks the table \(table.keys.name)")
            }
        }
    }

    @Test func theSchemaDescribesEveryDeclaredKey() {
        let schema = PresetSchema.text
        for table in ReferenceTables.all {
            for key in table.keys.keys {
                #expect(schema.contains("\"\(key)\": {"), "\(table.keys.name).\(key)")
            }
        }
    }

    /// An unknown key's error lists the keys the decoder knows: for a layer of each kind, those
    /// every layer has and its kind's.
    @Test(arguments: LayerContent.kinds)
    func theDecoderKnowsExactlyTheDeclaredKeysOfEachLayerKind(kind: String) throws {
        let text = """
            {"width": 64, "height": 64, "duration": 1, "layers": [{"type": "\(kind)", "zzzzzzzzzzzzzzzz": 1}]}
            """
        let error = try #require(throws: PresetError.self) { try Preset.decode(text, file: "p.json") }
        let problem = try #require(([error] + error.others).first { $0.message.contains("zzzz") })
        let known = try #require(problem.message.components(separatedBy: "known keys: ").last)
            .components(separatedBy: ", ")
        let declared =
            CompositionLayer.keys.keys + (LayerContent.kindKeys.first { $0.kind == kind }?.keys.keys ?? [])
        #expect(Set(known) == Set(declared), "\(kind): \(problem.message)")
    }

    /// An object inside a layer is read as a layer is: every problem in it at once, each located.
    @Test func anObjectInALayerReportsEveryProblemAtOnce() {
        let problems = CompositionFixture.problems(
            """
            {"width": 64, "height": 64, "duration": 1, "layers": [
              {"type": "shape", "shape": "rect", "shadow": {"radius": -1, "x": "a", "colr": "red"}}]}
            """)
        for expected in [
            "layers[0].shadow.radius: must be between 0 and 500 (got -1)",
            "layers[0].shadow.x: must be points from -10000 to 10000: a number (24) or pixels (\"24px\")",
            #"layers[0].shadow.colr: unknown key "colr"; did you mean "color"?"#,
        ] {
            #expect(problems.contains { $0.contains(expected) }, "\(expected) not in \(problems)")
        }
    }

    /// Every keyframable property of each layer kind, keyframed (with values its schema
    /// accepts), is named by `--explain` as its declaration names it.
    @Test func explainNamesEveryKeyframableProperty() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.copyItem(
            atPath: RepositoryPaths.path("presets/assets/flipbook-logo.svg"), toPath: folder.path("logo.svg"))
        try makeClip(at: folder.path("clip.mp4"))
        let bases: [String: String] = [
            "scene": #""scene": "confetti""#, "text": #""text": "x""#, "image": #""file": "logo.svg""#,
            "video": #""file": "clip.mp4", "muted": true"#, "shape": #""shape": "rect""#,
            "group": #""layers": []"#, "sequence": #""layers": []"#,
            "stack": #""axis": "row", "wrap": true, "layers": []"#,
        ]
        let tables: [(kind: String, keys: any DeclaredKeys)] =
            [("shape", CompositionLayer.keys)] + LayerContent.kindKeys
        var named = 0
        for (kind, keys) in tables {
            for (key, schema) in keys.propertySchemas where keys.changeName(of: key) != nil {
                let value = Self.instance(of: schema, keyframed: true).text()
                let text = """
                    {"width": 64, "height": 64, "fps": 30, "duration": 2, "layers": [
                      {"type": "\(kind)", "name": "L", \(bases[kind] ?? ""), "\(key)": \(value)}]}
                    """
                let preset = try Preset.decode(text, file: folder.path("p.json"))
                let reasons = CompositionFixture.reasonsForFrame10(preset)
                let name = try #require(keys.changeName(of: key))
                #expect(
                    reasons["L"]?.contains(name) == true && reasons["L"]?.contains("keyframes") == true,
                    "\(kind).\(key): \(reasons)")
                named += 1
            }
        }
        #expect(named >= 20)
    }

    /// A value `schema` accepts — keyframes of one, where the schema allows them and
    /// `keyframed` asks — made from its first alternative, its least number, its required keys.
    static func instance(of schema: JSONOutput, keyframed: Bool) -> JSONOutput {
        guard case .object(let members) = schema else { return .bool(true) }
        let member = { (name: String) in members.first { $0.0 == name }?.1 }
        if case .array(let alternatives)? = member("anyOf") {
            if keyframed, alternatives.contains(where: { reference(of: $0) == "keyframes" }) {
                let value = instance(of: alternatives[0], keyframed: false)
                return .array([0, 1].map { .object([("t", .integer($0)), ("value", value)]) })
            }
            return instance(of: alternatives[0], keyframed: keyframed)
        }
        if let name = reference(of: schema) {
            let definitions = Dictionary(uniqueKeysWithValues: CompositionSchema.definitions)
            return instance(of: definitions[name] ?? .object([]), keyframed: keyframed)
        }
        if case .array(let values)? = member("enum"), let first = values.first { return first }
        switch member("type") {
        case .string("number")?, .string("integer")?:
            if case .number(let least)? = member("minimum") { return .number(least) }
            return member("minimum") ?? .integer(0)
        case .string("string")?: return .string("M0 0 L10 10")
        case .string("boolean")?: return .bool(false)
        case .string("array")?:
            var count = 1
            if case .integer(let least)? = member("minItems") { count = least }
            return .array(
                Array(repeating: instance(of: member("items") ?? .object([]), keyframed: false), count: count)
            )
        default:
            guard case .object(let properties)? = member("properties") else { return .object([]) }
            var required: [String] = []
            if case .array(let names)? = member("required") {
                required = names.compactMap { if case .string(let name) = $0 { name } else { nil } }
            }
            return .object(
                properties.filter { required.contains($0.0) || (keyframed && isKeyframable($0.1)) }.map {
                    ($0.0, instance(of: $0.1, keyframed: keyframed))
                })
        }
    }

    /// Whether `schema` allows keyframes, itself or in its first alternative.
    private static func isKeyframable(_ schema: JSONOutput) -> Bool {
        guard case .object(let members) = schema,
            case .array(let alternatives)? = members.first(where: { $0.0 == "anyOf" })?.1
        else { return false }
        return alternatives.contains { reference(of: $0) == "keyframes" } || isKeyframable(alternatives[0])
    }

    /// The definition `schema` refers to (`#/$defs/NAME`).
    private static func reference(of schema: JSONOutput) -> String? {
        guard case .object(let members) = schema,
            case .string(let target)? = members.first(where: { $0.0 == "$ref" })?.1
        else { return nil }
        return target.components(separatedBy: "/").last
    }

    /// A clip of 5 grey frames at 10 fps.
    private func makeClip(at path: String) throws {
        let encoder = try VideoEncoder(
            path: path,
            settings: VideoEncoderSettings(width: 32, height: 32, frameRate: FrameRate(10)!, crf: 30))
        for _ in 0..<5 {
            var pixmap = Pixmap(width: 32, height: 32)
            pixmap.clear(to: PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255))
            try encoder.encode(.rgba(pixmap))
        }
        try encoder.finish()
    }
}

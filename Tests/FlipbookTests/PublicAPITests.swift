import FlipbookTestSupport
import Foundation
import Testing

/// The library's public surface is a promise: docs/api.md lists every public type of the
/// modules `import Flipbook` brings, as the built modules' symbol graphs say, and code a user
/// writes in another package — the README's, and a program using each part of the surface —
/// compiles against it without a warning.
@Suite struct PublicAPITests {
    @Test func theDocumentedPublicAPIIsTheLibrarys() throws {
        let path = RepositoryPaths.path("docs/api.md")
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        let (begin, end) = ("<!-- api: begin -->\n", "<!-- api: end -->")
        let start = try #require(committed.range(of: begin))
        let stop = try #require(committed.range(of: end))
        let generated = try PublicSurface.markdown()
        if ProcessInfo.processInfo.environment["FLIPBOOK_RECORD_API"] != nil {
            let updated = committed.replacingCharacters(
                in: start.upperBound..<stop.lowerBound, with: generated)
            try updated.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let listed = String(committed[start.upperBound..<stop.lowerBound])
        let (old, new) = (Set(listed.split(separator: "\n")), Set(generated.split(separator: "\n")))
        #expect(
            listed == generated,
            "docs/api.md differs from the built modules (make api regenerates it):\nonly in the docs: \(old.subtracting(new).sorted())\nonly in the modules: \(new.subtracting(old).sorted())"
        )
    }

    /// The README's Swift blocks.
    private func readmeBlocks() throws -> [String] {
        let readme = try String(contentsOfFile: RepositoryPaths.path("README.md"), encoding: .utf8)
        return readme.components(separatedBy: "```swift\n").dropFirst().map {
            $0.components(separatedBy: "\n```")[0]
        }
    }

    @Test func theREADMEsManifestLinesFindTheLibrary() throws {
        // The manifest as the README shows it, beside a checkout named as its path says.
        let manifest = try #require(try readmeBlocks().first { $0.hasPrefix("// swift-tools-version") })
        let folder = TemporaryDirectory()
        let client = URL(fileURLWithPath: folder.path("client"))
        try FileManager.default.createDirectory(
            at: client.appendingPathComponent("Sources/MyVideos"), withIntermediateDirectories: true)
        try manifest.write(
            to: client.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import Flipbook\n".write(
            to: client.appendingPathComponent("Sources/MyVideos/main.swift"), atomically: true,
            encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("flipbook"), withDestinationPath: RepositoryPaths.root.path)
        let result = try CommandRunner().run(
            ["package", "--package-path", client.path, "describe"], executable: OutsideClient.tool("swift"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Flipbook"))
    }

    @Test func theREADMEsSwiftCompilesInAnotherPackageWithoutAWarning() throws {
        let programs = try readmeBlocks().filter { $0.hasPrefix("import Flipbook") }
        #expect(programs.count >= 2, "the README's Swift programs")
        for program in programs {
            let result = try OutsideClient.typeCheck(program)
            #expect(
                result.status == 0 && result.standardError.isEmpty,
                "\(program.prefix(200))…\n\(result.standardError)")
        }
    }

    @Test func aProgramUsingEachPartOfTheSurfaceCompilesWithoutAWarning() throws {
        let source = try String(
            contentsOfFile: RepositoryPaths.path("Tests/Fixtures/OutsideClient/main.swift"), encoding: .utf8)
        let result = try OutsideClient.typeCheck(source)
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
    }

    @Test func machineryIsNotPublic() throws {
        // What the issue named: the JSON parser, encoder internals and the benchmark scenes.
        let result = try OutsideClient.typeCheck(
            """
            import Flipbook
            _ = JSONParser.self
            _ = VideoEncoder.self
            _ = BenchmarkScene.self
            """)
        #expect(result.status != 0)
        for name in ["JSONParser", "VideoEncoder", "BenchmarkScene"] {
            #expect(
                result.standardError.contains("cannot find '\(name)' in scope"), "\(result.standardError)")
        }
    }
}

/// docs/api.md's generated part: per module `import Flipbook` brings, a table of its public
/// types with their kind and the first sentence of their documentation.
private enum PublicSurface {
    static func markdown() throws -> String {
        var text = ""
        for module in try modules() {
            let types = try OutsideClient.publicSymbols(of: module).compactMap(Self.type(of:)).sorted {
                $0.name < $1.name
            }
            guard !types.isEmpty else { continue }
            text += "\n## \(module)\n\n| type | kind | what it is |\n|---|---|---|\n"
            for type in types {
                text += "| `\(type.name)` | \(type.kind) | \(type.summary) |\n"
            }
        }
        return text + "\n"
    }

    /// `Flipbook` and the modules it re-exports, in that file's order.
    static func modules() throws -> [String] {
        let umbrella = try String(
            contentsOfFile: RepositoryPaths.path("Sources/Flipbook/Flipbook.swift"), encoding: .utf8)
        let exported = umbrella.split(separator: "\n").compactMap { line in
            line.hasPrefix("@_exported import Flipbook") ? String(line.split(separator: " ").last!) : nil
        }
        return ["Flipbook"] + exported
    }

    static let kinds = [
        "swift.struct": "struct", "swift.class": "class", "swift.enum": "enum", "swift.protocol": "protocol",
        "swift.typealias": "typealias",
    ]

    /// A type's dotted name, kind and summary; `nil` for members.
    static func type(of symbol: [String: Any]) -> (name: String, kind: String, summary: String)? {
        guard let identifier = (symbol["kind"] as? [String: Any])?["identifier"] as? String,
            let kind = kinds[identifier], let path = symbol["pathComponents"] as? [String]
        else { return nil }
        let lines = ((symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]] ?? []).compactMap
        {
            $0["text"] as? String
        }
        return (path.joined(separator: "."), kind, summary(lines))
    }

    /// The first sentence of a doc comment, on one line, safe in a table cell.
    static func summary(_ lines: [String]) -> String {
        let paragraph = lines.prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let sentence =
            paragraph.range(of: ". ").map { String(paragraph[..<$0.lowerBound]) + "." } ?? paragraph
        return sentence.isEmpty ? "—" : sentence.replacingOccurrences(of: "|", with: "\\|")
    }
}

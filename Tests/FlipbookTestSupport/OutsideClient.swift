import Foundation

/// The compiler as a program outside this package sees the built library: the modules in the
/// build folder, loaded without `-package-name Flipbook`, so only what is `public` is there —
/// what a package depending on Flipbook sees.
public enum OutsideClient {
    /// The folder SwiftPM built the modules and the tool into.
    public static var buildFolder: URL {
        CommandRunner.executable.deletingLastPathComponent()
    }

    /// The compiler's flags to find Flipbook's modules and the C modules under them.
    public static func flags() throws -> [String] {
        let build = buildFolder
        let cModules =
            try FileManager.default.contentsOfDirectory(atPath: build.path).filter { $0.hasSuffix(".build") }
            .map { build.appendingPathComponent($0).appendingPathComponent("module.modulemap").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
            + [
                "Sources/CText/module.modulemap", "Sources/CRsvg/module.modulemap",
                "Sources/CZlib/module.modulemap",
            ]
            .map(RepositoryPaths.path)
        let text = try CommandRunner().run(
            ["--cflags-only-I", "harfbuzz"], executable: URL(fileURLWithPath: "/usr/bin/pkg-config"))
        let includes = text.standardOutput.split(separator: " ").map {
            String($0).trimmingCharacters(in: .whitespacesAndNewlines)
        }.filter { !$0.isEmpty }
        return ["-I", build.appendingPathComponent("Modules").path]
            + cModules.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] } + includes.flatMap { ["-Xcc", $0] }
    }

    /// Type-checks `source` as a program's `main.swift`; the compiler's output (errors and
    /// warnings) and whether it succeeded.
    public static func typeCheck(_ source: String) throws -> CommandRunner.Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("client-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("main.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return try CommandRunner().run(
            ["-typecheck", "-swift-version", "6", file.path] + flags(), executable: tool("swiftc"))
    }

    /// The public symbols `module` declares, as Swift's symbol graphs list them: its own types
    /// and members, and what it declares in extensions of other modules' types (a type nested
    /// in one, such as `DisplayList.Overscan` declared by FlipbookRendering), each a JSON object.
    public static func publicSymbols(of module: String) throws -> [[String: Any]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner().run(
            [
                "-module-name", module, "-target", "x86_64-unknown-linux-gnu", "-minimum-access-level",
                "public",
                "-output-dir", folder.path,
            ] + flags(),
            executable: tool("swift-symbolgraph-extract"))
        guard result.status == 0 else { throw ExtractionFailed(message: result.standardError) }
        let graphs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0 == "\(module).symbols.json" || $0.hasPrefix("\(module)@")
        }
        return try graphs.sorted().flatMap { name -> [[String: Any]] in
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            return graph["symbols"] as? [[String: Any]] ?? []
        }
    }

    /// The symbol graph extractor's complaint.
    public struct ExtractionFailed: Error {
        public var message: String
    }

    /// The toolchain's program `name` (`swiftc`, `swift`), found on the `PATH`.
    public static func tool(_ name: String) -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: "/usr/bin/\(name)")
    }
}

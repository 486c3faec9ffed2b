import Foundation

/// Pillow and PyAV — decoders that share no code with Flipbook's own reader (PyAV carries its
/// own FFmpeg build) — run from the test tools' Python (`scripts/install-tools.sh`), so that a
/// file is checked the way a browser or a Python pipeline would read it.
public enum IndependentDecoder {
    public static let python = RepositoryPaths.path(".build/tools/venv/bin/python")

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `script` with `arguments` in `sys.argv[1:]` and returns what it printed as JSON.
    public static func json(_ script: String, _ arguments: [String]) throws -> Any {
        let result = try CommandRunner().run(
            ["-c", script] + arguments, executable: URL(fileURLWithPath: python))
        guard result.status == 0 else { throw Failure(description: "python failed: \(result.standardError)") }
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    }

    /// The RGB of every frame of an image or animation as Pillow decodes it, row by row.
    public static func pillowFrames(_ path: String) throws -> [[[Int]]] {
        let script = """
            import sys, json
            from PIL import Image, ImageSequence
            image = Image.open(sys.argv[1])
            frames = [list(map(list, frame.convert("RGB").getdata())) for frame in ImageSequence.Iterator(image)]
            print(json.dumps(frames))
            """
        return try json(script, [path]) as? [[[Int]]] ?? []
    }

    /// The container's metadata tags as PyAV reads them.
    public static func pyavMetadata(_ path: String) throws -> [String: String] {
        let script = """
            import sys, json, av
            with av.open(sys.argv[1]) as container:
                print(json.dumps(dict(container.metadata)))
            """
        return try json(script, [path]) as? [String: String] ?? [:]
    }
}

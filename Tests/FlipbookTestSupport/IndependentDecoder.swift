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

    /// A packet of a video stream as PyAV demuxes it.
    public struct Packet: Sendable {
        /// The frame it presents, counted at `rate` frames per second.
        public var frame: Int
        public var isKeyFrame: Bool
        /// SHA-1 of its bytes.
        public var digest: String
    }

    /// Every packet of the first video stream of the file at `path`, in file order, its
    /// presentation time counted in frames at `rate` per second.
    public static func videoPackets(_ path: String, rate: Double = 30) throws -> [Packet] {
        let script = """
            import av, hashlib, json, sys
            with av.open(sys.argv[1]) as f:
                s = f.streams.video[0]
                print(json.dumps([[round(float(p.pts * s.time_base) * float(sys.argv[2])), p.is_keyframe,
                                   hashlib.sha1(bytes(p)).hexdigest()] for p in f.demux(s) if p.size]))
            """
        let rows = try json(script, [path, String(rate)]) as? [[Any]] ?? []
        return rows.map {
            Packet(
                frame: $0[0] as? Int ?? -1, isKeyFrame: $0[1] as? Bool ?? false,
                digest: $0[2] as? String ?? "")
        }
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

    /// The integrated loudness (LUFS) and true peak (dBTP) of the first sound stream of the file
    /// at `path`, as FFmpeg's `ebur128` filter measures them (through PyAV: its summary is read
    /// from FFmpeg's log), to a tenth.
    public static func ebur128(_ path: String) throws -> (integrated: Double, truePeak: Double) {
        let script = """
            import sys, json, re, gc, av, av.logging
            av.logging.set_level(av.logging.INFO)
            def drain(graph):
                while True:
                    try: graph.pull()
                    except (av.error.BlockingIOError, av.error.EOFError): return
            with av.logging.Capture(True) as logs:
                container = av.open(sys.argv[1])
                stream = container.streams.audio[0]
                graph = av.filter.Graph()
                source = graph.add_abuffer(template=stream)
                meter = graph.add("ebur128", "peak=true:framelog=verbose")
                sink = graph.add("abuffersink")
                source.link_to(meter)
                meter.link_to(sink)
                graph.configure()
                for frame in container.decode(stream):
                    graph.push(frame)
                    drain(graph)
                graph.push(None)
                drain(graph)
                container.close()
                del graph, source, meter, sink
                gc.collect()
            summary = "".join(line[2] for line in logs).split("Summary:")[-1]
            value = lambda name: float(re.search(name + r":\\s*(-?[0-9.]+|-inf)", summary).group(1))
            print(json.dumps({"integrated": value("I"), "truePeak": value("Peak")}))
            """
        let result = try json(script, [path]) as? [String: Double] ?? [:]
        guard let integrated = result["integrated"], let truePeak = result["truePeak"] else {
            throw Failure(description: "no ebur128 summary for \(path)")
        }
        return (integrated, truePeak)
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

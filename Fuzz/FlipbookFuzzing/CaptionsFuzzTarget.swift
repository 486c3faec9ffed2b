import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookPresets
import FlipbookRaster
import FlipbookRendering
import FlipbookTimeline
import Foundation

/// Fuzz target: bytes read as the text of a SubRip cue — markup, character references, any
/// script — after a first byte choosing how the layer sets it (wrapping, a line limit, case,
/// decorations, a typewriter or words moving one by one). The cue is read through libavformat
/// as a file, its styled pieces checked (none empty, neighbours of different styles, together
/// the cue's text), and a captioned composition draws it. Nothing may crash or hang: a cue that
/// was all markup once crashed the text layout.
public enum CaptionsFuzzTarget {
    /// The cue's file and the preset naming it, in the temporary folder, one pair per process.
    static let folder: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flipbook-fuzz-captions-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Layer settings the first byte picks from.
    static let settings = [
        #""maxWidth": "80%""#, #""lineLimit": 1, "truncationMode": "middle""#,
        #""textCase": "uppercase", "underline": true"#, #""strikethrough": true, "alignment": "center""#,
        #""enter": {"effect": "typewriter", "duration": 1}"#,
        #""enter": {"effect": "slide", "by": "word", "duration": 1}, "minimumScaleFactor": 0.3"#,
    ]

    public static func run(_ bytes: UnsafeRawBufferPointer) {
        guard let choice = bytes.first else { return }
        let cue = String(decoding: UnsafeRawBufferPointer(rebasing: bytes.dropFirst()), as: UTF8.self)
        let captions = folder + "/cue.srt"
        let file = "1\n00:00:00,000 --> 00:00:01,000\n\(cue)\n"
        guard FileManager.default.createFile(atPath: captions, contents: Data(file.utf8)) else { return }
        if let cues = try? CaptionFileReader.read(path: captions) {
            for cue in cues {
                precondition(cue.spans.allSatisfy { !$0.text.isEmpty }, "an empty piece")
                precondition(zip(cue.spans, cue.spans.dropFirst()).allSatisfy { $0.style != $1.style })
                precondition(cue.spans.map(\.text).joined() == cue.text)
            }
        }
        let preset = """
            {"width": 96, "height": 48, "fps": 10, "duration": 1, "layers": [
              {"type": "text", "captions": "cue.srt", "size": [90, 40],
               \(settings[Int(choice) % settings.count])}]}
            """
        guard
            let decoded = try? Preset.decode(
                preset, file: folder + "/preset.json", limits: PresetFuzzTarget.limits)
        else { return }
        var pixmap = Pixmap(width: 96, height: 48)
        var rasterizer = Rasterizer()
        decoded.scene.displayList(
            size: CGSize(width: 96, height: 48), time: FrameTime(index: 5, seconds: 0.5)
        )
        .render(into: &pixmap, using: &rasterizer)
        FuzzInvariants.checkPremultiplied(pixmap)
    }
}

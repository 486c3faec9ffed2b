import FlipbookAudio
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
import Foundation

/// The docs' reference tables of keys, each generated from its keys' declarations and held in
/// its document between `<!-- keys: NAME -->` and `<!-- /keys -->`: `flipbook schema
/// --markdown` prints them and writes them into the documents it is given (`make schema`), and a
/// test fails when a committed document holds another.
package enum ReferenceTables {
    /// Every table, with the document (under `docs/`) that holds it.
    package static var all: [(document: String, keys: any DeclaredKeys)] {
        let presets: [any DeclaredKeys] = [Preset.keys, EncodingOptions.keys]
        let audio: [any DeclaredKeys] = [
            AudioMix.keys, AudioTrack.keys, AudioTrack.cueKeys, AudioTrack.sceneCueKeys,
            VolumeEnvelope.keyframeKeys,
            Ducking.keys,
        ]
        return presets.map { ("presets.md", $0) }
            + CompositionSchema.documentedKeys.map { ("compositions.md", $0) }
            + audio.map { ("audio.md", $0) }
    }

    /// Every table, one after another.
    package static var markdown: String { all.map(\.keys.markdownTable).joined(separator: "\n") }

    /// `document` with each table it holds replaced by the generated one; `nil` when it names
    /// a table there is none of, or leaves one open.
    package static func updated(_ document: String) -> String? {
        let tables = Dictionary(all.map { ($0.keys.name, $0.keys.markdownTable) }) { first, _ in first }
        var text = ""
        var rest = Substring(document)
        while let start = rest.range(of: "<!-- keys: ") {
            text += rest[..<start.lowerBound]
            guard let nameEnd = rest[start.upperBound...].range(of: " -->"),
                let end = rest[nameEnd.upperBound...].range(of: "<!-- /keys -->\n"),
                let table = tables[String(rest[start.upperBound..<nameEnd.lowerBound])]
            else { return nil }
            text += table
            rest = rest[end.upperBound...]
        }
        return text + rest
    }
}

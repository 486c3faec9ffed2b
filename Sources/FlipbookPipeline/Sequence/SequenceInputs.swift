import FlipbookFFmpeg
import FlipbookGeometry
import Foundation

/// Which input files a PNG sequence would touch: a frame it writes (`frames/%04d.png` over an
/// image the preset shows as `frames/0000.png`), or a stale frame of an earlier render that it
/// deletes (`SequenceOutput`), in the sequence's folder, by real path.
package enum SequenceInputs {
    /// The first of `inputs` the sequence at `destination` would replace or delete, or `nil`.
    package static func replaced(among inputs: [String], by destination: URL) -> String? {
        let layout = SequenceLayout(format: .pngSequence, destination: destination)
        guard let folder = layout.folder, let pattern = layout.pattern,
            let realFolder = RealPath.of(folder.path)
        else { return nil }
        let recorded = Set(SequenceManifest.read(in: folder)?.sequences.flatMap(\.fileNames) ?? [])
        return inputs.first { input in
            guard let real = RealPath.of(input), (real as NSString).deletingLastPathComponent == realFolder
            else {
                return false
            }
            let name = (real as NSString).lastPathComponent
            return recorded.contains(name) || matches(name, pattern: pattern)
        }
    }

    /// Whether `name` is a frame of `pattern` (`shot_%05d.png`: `shot_`, digits, `.png`).
    private static func matches(_ name: String, pattern: String) -> Bool {
        guard let percent = pattern.firstIndex(of: "%"), let d = pattern[percent...].firstIndex(of: "d")
        else {
            return false
        }
        let (prefix, suffix) = (pattern[..<percent], pattern[pattern.index(after: d)...])
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
            return false
        }
        return name.dropFirst(prefix.count).dropLast(suffix.count).allSatisfy(\.isASCII)
            && name.dropFirst(prefix.count).dropLast(suffix.count).allSatisfy(\.isNumber)
    }
}

import Flipbook

/// `--audio FILE` (repeatable), shared by `render`, `batch` and `join`.
enum AudioFlags {
    /// `mix` with every `--audio FILE` added as a soundtrack from the video's start, each file
    /// opened first (a missing or soundless one is exit 65); the first file's title names the
    /// mix when nothing else did.
    static func adding(_ list: ArgumentList, to mix: AudioMix) throws(CommandError) -> AudioMix {
        var mix = mix
        for path in list.values("--audio") {
            do {
                let reader = try AudioFileReader(path: path)
                if mix.title == nil { mix.title = reader.title }
            } catch {
                throw CommandError(
                    code: .invalidInput,
                    message: "--audio \(path): \((error as? MediaError)?.message ?? "\(error)")")
            }
            mix.tracks.append(AudioTrack(file: path))
        }
        return mix
    }
}

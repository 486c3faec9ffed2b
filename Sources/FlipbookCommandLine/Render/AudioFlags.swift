import Flipbook

/// `--audio FILE` (repeatable), `--loudness`, `--true-peak` and `--no-limiter`, shared by `render`, `batch`
/// and `join`.
enum AudioFlags {
    /// `mix` with every `--audio FILE` added as a soundtrack from the video's start, each file
    /// opened and decoded as far as a `seconds`-long video plays it first (a missing, soundless,
    /// cut short or damaged one is exit 65); the first file's title names the
    /// mix when nothing else did. `--loudness`, `--true-peak` and `--no-limiter` replace the
    /// preset's target; like the other sound options, they change nothing in a video without
    /// sound (a batch may hold both kinds).
    static func adding(_ list: ArgumentList, to mix: AudioMix, seconds: Double) throws(CommandError)
        -> AudioMix
    {
        var mix = mix
        for path in list[\.audio] {
            do {
                let reader = try AudioFileReader(path: path)
                if mix.title == nil { mix.title = reader.title }
                try reader.checkDecodes(from: 0, seconds: seconds)
            } catch {
                throw CommandError(
                    code: .invalidInput,
                    message: "--audio \(path): \((error as? MediaError)?.message ?? "\(error)")")
            }
            mix.tracks.append(AudioTrack(file: path))
        }
        if let level = list[\.loudness] {
            mix.loudness = LoudnessTarget(
                integrated: level, truePeak: mix.loudness?.truePeak ?? LoudnessTarget.defaultTruePeak)
        }
        if let ceiling = list[\.truePeak] {
            guard mix.loudness != nil else {
                throw CommandError(
                    code: .invalidInput,
                    message: "--true-peak needs a loudness to bring the sound to: add --loudness LUFS")
            }
            mix.loudness?.truePeak = ceiling
        }
        if list[\.noLimiter] {
            guard mix.loudness != nil else {
                throw CommandError(
                    code: .invalidInput,
                    message: "--no-limiter needs a loudness to bring the sound to: add --loudness LUFS")
            }
            mix.loudness?.limits = false
        }
        return mix
    }
}

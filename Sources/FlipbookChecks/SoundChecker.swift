import FlipbookAudio
import FlipbookFFmpeg
import Foundation

/// The sound check of `flipbook check`: the soundtrack mixed as the render will encode it (its
/// own `loudness` normalisation applied) and measured as ITU-R BS.1770-4 and EBU R 128 define
/// it (`LoudnessMeter`): integrated loudness against the standard's target and tolerance, true
/// peak against its ceiling.
package struct SoundChecker: Sendable {
    package let audio: AudioSettings
    package let standard: LoudnessStandard
    /// Where the sound is declared in the preset (for the report).
    package let path: String

    package init(audio: AudioSettings, standard: LoudnessStandard, path: String = "audio") {
        (self.audio, self.standard, self.path) = (audio, standard, path)
    }

    package func problems() throws -> [CheckProblem] {
        let mixer = try AudioMixer(audio, codecs: FFmpegAudio())
        let meter = LoudnessMeter()
        while mixer.remaining > 0 { meter.add(try mixer.next(AudioMix.sampleRate)) }
        let measured = meter.measurement
        var problems: [CheckProblem] = []
        if let loudness = measured.integrated, abs(loudness - standard.integrated) > standard.tolerance {
            problems.append(
                CheckProblem(
                    check: .loudness, start: nil, end: nil, layer: nil, path: path, measured: loudness,
                    limit: standard.integrated,
                    message:
                        "the sound's integrated loudness is \(Self.format(loudness)) LUFS; \(standard.name) asks for \(Self.format(standard.integrated)) ±\(Self.format(standard.tolerance)) LU (the preset's audio.loudness can bring it there)"
                ))
        }
        if measured.truePeak > standard.truePeak {
            problems.append(
                CheckProblem(
                    check: .truePeak, start: nil, end: nil, layer: nil, path: path,
                    measured: measured.truePeak,
                    limit: standard.truePeak,
                    message:
                        "the sound's true peak is \(String(format: "%.2f", measured.truePeak)) dBTP; \(standard.name) allows \(Self.format(standard.truePeak)) dBTP at most"
                ))
        }
        return problems
    }

    static func format(_ value: Double) -> String { LoudnessNormalization.format(value) }
}

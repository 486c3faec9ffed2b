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
        let frames = mixer.remaining
        let meter = LoudnessMeter()
        while mixer.remaining > 0 { meter.add(try mixer.next(AudioMix.sampleRate)) }
        let measured = meter.measurement
        var problems: [CheckProblem] = []
        if measured.integrated == nil, frames >= Self.shortestMeasured {
            // Sound long enough to measure with no block over the absolute gate: a track that is
            // silent, or so quiet that no one hears it — a mistake as surely as one too loud.
            problems.append(
                CheckProblem(
                    check: .loudness, start: nil, end: nil, layer: nil, path: path,
                    measured: Self.absoluteGate,
                    limit: standard.integrated,
                    message:
                        "the sound is silent: none of it is louder than \(Self.format(Self.absoluteGate)) LUFS, the absolute gate of EBU R 128, so it has no integrated loudness; \(standard.name) asks for \(Self.format(standard.integrated)) ±\(Self.format(standard.tolerance)) LU (raise its tracks' volume, or leave the sound out)"
                ))
        }
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

    /// The loudness under which ITU-R BS.1770-4 counts a 400 ms block as silence (LUFS).
    static let absoluteGate = -70.0
    /// The fewest sample frames that hold a whole 400 ms block, the shortest sound measured.
    static let shortestMeasured = AudioMix.sampleRate * 4 / 10

    static func format(_ value: Double) -> String { LoudnessNormalization.format(value) }
}

import FlipbookAudio
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON

extension Ducking {
    /// A track's `duck` keys, each optional.
    static let keys = ObjectDeclaration<AudioReading, Ducking>(
        "duck",
        [
            .key(
                "under", .array(of: .string).atLeastOne, default: "every sound that does not duck",
                doc: "the names (`name`) of the tracks, cues and composition layers' sounds it makes way for"
            ) { (ducking, names, field, audio) throws(PresetError) in
                guard !names.isEmpty else { throw field.error("must name at least one track or cue") }
                ducking.under = names
                audio.duckedUnder += try field.array()
            },
            .key(
                "by", .volume, default: "`-12` (dB)",
                doc: "how far down it goes, as a `volume` (`-12`, `\"-12dB\"`, `\"25%\"`); never up"
            ) { (ducking, gain, field, _) throws(PresetError) in
                guard gain <= 1 else {
                    throw field.error("must turn the track down, not up (got \(field.value.summary))")
                }
                ducking.gain = gain
            },
            .key(
                "attack", \.attack, .span(in: timeRange), default: "`0.2`",
                doc:
                    "seconds (0…10) it takes to go down — ahead of the voice, so it is all the way down on the first syllable"
            ),
            .key(
                "hold", \.hold, .span(in: timeRange), default: "`0.3`",
                doc:
                    "seconds (0…10) it stays down after the voice stops, so that the gaps between words do not let it swell"
            ),
            .key(
                "release", \.release, .span(in: timeRange), default: "`0.6`",
                doc: "seconds (0…10) it takes to come back up"),
            .key(
                "threshold", \.threshold, .number(thresholdRange), default: "`-40`", type: "dBFS",
                doc:
                    "−90…0: the voice counts as speaking where its RMS over 10 ms is above this (lower it for a very quiet recording)"
            ),
        ])

    /// `true` (under every sound that does not duck), or an object of `keys`.
    static var kind: ValueKind<AudioReading, Ducking> {
        ValueKind(schema: .object([("const", .bool(true))]), type: "true") { (field, _) throws(PresetError) in
            guard case .bool(true) = field.value.kind else {
                let hint =
                    if case .bool(false) = field.value.kind { "; leave the key out not to duck" } else { "" }
                throw field.error("must be true or an object (got \(field.value.summary))\(hint)")
            }
            return Ducking()
        }
        .or(object: .object(keys, from: Ducking()))
    }
}

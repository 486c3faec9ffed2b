import Flipbook
import FlipbookFFmpeg
import Foundation

/// The sound of a document as the page plays it: the same mix `render` encodes (the preset's
/// tracks, cues and the scene's event cues, brought to its loudness target by the same gain and
/// limiter, `AudioMixer`), as a 16-bit stereo WAV the browser decodes itself, and a waveform to
/// draw under the timeline.
package struct PreviewSound: Sendable {
    /// The WAV file's bytes.
    package var wav: Data
    /// The loudest sample of each of `waveformColumns` equal stretches of the video, 0…1.
    package var peaks: [Double]

    /// What a sound is mixed from: the mix, the video's length, and when each of its files was
    /// last changed (a sound file saved anew changes the sound, not the mix).
    package struct Key: Hashable, Sendable {
        var mix: AudioMix?
        var frameCount: Int
        var frameRate: FrameRate
        var fileDates: [String: Date]

        package init(_ export: VideoExport) {
            (mix, frameCount, frameRate) = (export.audio, export.sampler.frameCount, export.sampler.frameRate)
            var dates: [String: Date] = [:]
            for track in export.audio?.tracks ?? [] {
                let attributes = try? FileManager.default.attributesOfItem(atPath: track.file)
                dates[track.file] = attributes?[.modificationDate] as? Date
            }
            fileDates = dates
        }
    }

    /// Stretches in the waveform: about one per pixel of a wide timeline.
    static let waveformColumns = 1200
    /// The longest sound the page gets (ten minutes: 110 MB as 16-bit stereo at 48 kHz); a
    /// longer video plays its first ten minutes with sound.
    static let longestSeconds = 600.0

    /// The sound of `export`, or `nil` when it has none.
    package static func of(_ export: VideoExport) throws -> PreviewSound? {
        guard let mix = export.audio, !mix.isEmpty else { return nil }
        // The video's length in sample frames, exactly as the render computes it from the rate.
        let rate = export.sampler.frameRate
        let videoFrames =
            Int64(export.sampler.frameCount) * Int64(AudioMix.sampleRate) * Int64(rate.denominator)
        let totalFrames = min(
            Int(videoFrames / Int64(rate.numerator)), Int(longestSeconds) * AudioMix.sampleRate)
        guard totalFrames > 0 else { return nil }
        // The codec render would encode with: the loudness gain is found for it.
        let codec = AudioCodec.default(for: export.output.format) ?? .aac
        let mixer = try AudioMixer(
            AudioSettings(mix: mix, codec: codec, totalFrames: totalFrames), codecs: FFmpegAudio())
        var wav = header(frames: totalFrames)
        wav.reserveCapacity(wav.count + totalFrames * 4)
        var peaks = [Double](repeating: 0, count: waveformColumns)
        var position = 0
        while mixer.remaining > 0 {
            let block = try mixer.next(AudioMix.sampleRate / 10)
            var pcm = [Int16](repeating: 0, count: block.count)
            for (offset, sample) in block.enumerated() {
                pcm[offset] = Int16((max(-1, min(1, sample)) * 32767).rounded())
                let column = min((position + offset / 2) * waveformColumns / totalFrames, waveformColumns - 1)
                peaks[column] = max(peaks[column], Double(abs(sample)))
            }
            pcm.withUnsafeBytes { wav.append(contentsOf: $0) }
            position += block.count / 2
        }
        return PreviewSound(wav: wav, peaks: peaks.map { min($0, 1) })
    }

    /// A RIFF/WAVE header for `frames` 16-bit stereo sample frames at 48 kHz (PCM, format 1):
    /// the chunk sizes, then `fmt ` (format, channels, rate, bytes per second, block size, bits)
    /// and the `data` chunk's size. Every field is little-endian, as the samples are on x86
    /// and ARM alike.
    static func header(frames: Int) -> Data {
        let channels = AudioMix.channels
        let blockBytes = channels * 2
        let dataBytes = frames * blockBytes
        var header = Data()
        func field<Value: FixedWidthInteger>(_ value: Value) {
            withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) }
        }
        header.append(contentsOf: Array("RIFF".utf8))
        field(UInt32(36 + dataBytes))
        header.append(contentsOf: Array("WAVEfmt ".utf8))
        field(UInt32(16))
        field(UInt16(1))
        field(UInt16(channels))
        field(UInt32(AudioMix.sampleRate))
        field(UInt32(AudioMix.sampleRate * blockBytes))
        field(UInt16(blockBytes))
        field(UInt16(16))
        header.append(contentsOf: Array("data".utf8))
        field(UInt32(dataBytes))
        return header
    }
}

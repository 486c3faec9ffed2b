import FlipbookCanvas
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookLottie
import FlipbookTimeline
import Foundation

extension Preset {
    /// The scene name a Lottie file renders as (`flipbook inspect`, `--explain`).
    public static let lottieSceneName = "lottie"

    /// A preset made from a Lottie file (`LottieAnimation.isLottie`): its own frame, frame rate
    /// and length, no sound, on white — as players preview them, and a background every format
    /// takes (`--background transparent` keeps alpha where the format has it). The frame is held
    /// to the `pixels` limit and the timeline to the timeline's, as a preset's own keys are;
    /// `size` renders it on another canvas (the animation fitted inside, centred). Its image
    /// assets are read from the folders `files` allows.
    static func lottie(
        _ root: JSONValue, text: String, file: String, limits: RenderLimits, overrides: [PresetOverride],
        size: (width: Int, height: Int)?, files: PresetFiles,
        archive: (DotLottieArchive, member: String)? = nil
    ) throws(PresetError) -> Preset {
        // Inside an archive, problems name the archive and the member: `anim.lottie (animations/a.json)`.
        let source = archive.map { "\(file) (\($0.member))" } ?? file
        let document = JSONField(value: root, file: source)
        if let override = overrides.first {
            throw PresetError(
                file: source, location: .override, path: override.path,
                message: "a Lottie file takes no overrides: its keys are the animation's own (docs/lottie.md)"
            )
        }
        let animation = try LottieAnimation.decode(
            root, file: source,
            pictures: LottiePictures.loader(files: files, lottieFile: file, archive: archive?.0))
        let width = Int(animation.width.rounded())
        let height = Int(animation.height.rounded())
        if let problem = limits.pixelProblem(width: size?.width ?? width, height: size?.height ?? height) {
            throw (document.member("w") ?? document).error(problem).exceeding("pixels")
        }
        guard let rate = lottieFrameRate(animation.frameRate) else {
            throw (document.member("fr") ?? document).error("must be at most 1000 frames per second")
        }
        if case .failure(let problem) = limits.timeline(
            frameRate: rate, durationSeconds: animation.durationSeconds)
        {
            let error = (document.member("op") ?? document).error(problem.description)
            throw problem.limit.map { error.exceeding($0) } ?? error
        }
        var preset = Preset(
            file: file, sceneName: lottieSceneName, scene: LottieScene(animation: animation), width: width,
            height: height, frameRate: rate, durationSeconds: animation.durationSeconds, seed: 0,
            background: .white, output: EncodingOptions())
        if let size { (preset.width, preset.height) = size }
        preset.inputFiles = [file]
        preset.text = text
        return preset
    }

    /// A preset made from a `.lottie` archive's active animation (its manifest's, else its
    /// first), its pictures read from the archive.
    static func dotLottie(
        _ bytes: [UInt8], file: String, limits: RenderLimits, overrides: [PresetOverride], files: PresetFiles,
        size: (width: Int, height: Int)?
    ) throws(PresetError) -> Preset {
        let archive: DotLottieArchive
        let animation: (member: String, text: String)
        do throws(LottieArchiveError) {
            archive = try DotLottieArchive(bytes: bytes)
            animation = try archive.animation()
        } catch {
            throw PresetError(
                file: file, location: nil, path: "", message: "a .lottie archive that \(error.message)")
        }
        let source = "\(file) (\(animation.member))"
        let root = try parse(animation.text, file: source)
        guard LottieAnimation.isLottie(root) else {
            throw PresetError(
                file: source, location: nil, path: "",
                message: "not a Lottie animation (an object with v, fr, ip, op, w, h and layers)")
        }
        var preset = try lottie(
            root, text: animation.text, file: file, limits: limits, overrides: overrides, size: size,
            files: files,
            archive: (archive, animation.member))
        preset.text = animation.text
        return preset
    }

    /// The video's frame rate for a Lottie `fr`: exporters write NTSC rates as floats
    /// (`29.9700012207031`), so a rate within a thousandth of one is that rate exactly
    /// (30000/1001); others are kept to a thousandth of a frame.
    static func lottieFrameRate(_ framesPerSecond: Double) -> FrameRate? {
        for base in [24, 30, 48, 60, 120] where abs(framesPerSecond - Double(base * 1000) / 1001) < 0.001 {
            return FrameRate(base * 1000, 1001)
        }
        guard framesPerSecond <= RenderLimits.maximumFramesPerSecond else { return nil }
        return FrameRate(Int((framesPerSecond * 1000).rounded()), 1000)
    }
}

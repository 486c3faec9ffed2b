import Flipbook
import FlipbookComposition
import FlipbookPipeline
import Foundation

/// `flipbook check` for one video as an export would render it: flashes over every frame, the
/// text checks when it is a composition, the sound check when it has sound. Problems come in
/// that order, each check's in time order.
package struct VideoCheck: Sendable {
    package let export: VideoExport
    package let rules: CheckRules

    package init(export: VideoExport, rules: CheckRules) {
        (self.export, self.rules) = (export, rules)
    }

    package func problems() throws -> [CheckProblem] {
        let canvas = CGSize(width: Double(export.width), height: Double(export.height))
        var problems = FlashChecker(
            scene: export.scene, canvas: canvas, background: export.background, sampler: export.sampler
        ).problems()
        if let composition = export.scene as? Composition {
            problems += TextChecker(
                composition: composition, canvas: canvas, outputScale: export.scale,
                background: export.background,
                duration: export.sampler.durationSeconds, frameRate: export.sampler.frameRate, rules: rules
            ).problems()
        }
        if let audio = export.encoderSettings.audio {
            problems += try SoundChecker(audio: audio, standard: rules.loudness).problems()
        }
        return problems
    }
}

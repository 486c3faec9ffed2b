import Dispatch
import Flipbook
import FlipbookComposition
import Foundation

/// The flash checks of `flipbook check`: every frame of the video rendered at `analysisWidth`
/// columns and read by a `FlashDetector` for each kind of flash. A finding is blamed on the
/// layer of a composition that shows where the flashing is, at its worst frame.
package struct FlashChecker: Sendable {
    package let scene: any AnimatedScene
    /// The canvas in points.
    package let canvas: CGSize
    package let background: Color
    package let sampler: TimelineSampler

    /// Columns the frames are analysed at: WCAG's smallest failing area is a ninth of the
    /// screen, so a picture this wide holds it many times over.
    static let analysisWidth = 320.0
    /// Frames rendered at once.
    static let batch = 16

    package init(scene: any AnimatedScene, canvas: CGSize, background: Color, sampler: TimelineSampler) {
        (self.scene, self.canvas, self.background, self.sampler) = (scene, canvas, background, sampler)
    }

    package func problems() -> [CheckProblem] {
        let scale = min(1, Self.analysisWidth / canvas.width)
        let (width, height) = (
            max(1, Int((canvas.width * scale).rounded())), max(1, Int((canvas.height * scale).rounded()))
        )
        let rate = sampler.frameRate
        let perSecond = Double(rate.numerator) / Double(rate.denominator)
        var detectors = FlashKind.allCases.map {
            FlashDetector(kind: $0, width: width, height: height, framesPerSecond: perSecond)
        }
        let scaled = ScaledScene(scene: scene, size: canvas, scale: scale)
        // What the viewer sees: a transparent video is judged over black.
        let opaque = background.premultiplied.alpha == 255 ? background : .black
        let frames = Array(sampler.frames)
        for start in stride(from: 0, to: frames.count, by: Self.batch) {
            let times = Array(frames[start..<min(start + Self.batch, frames.count)])
            let rendered = IndexedResults<Pixmap>.computing(times.count) { index in
                scaled.renderedFrame(at: times[index], width: width, height: height, background: opaque)
            }
            for pixmap in rendered {
                for index in detectors.indices { detectors[index].add(pixmap) }
            }
        }
        return detectors.flatMap { detector in
            var detector = detector
            detector.finish()
            return detector.findings.map { problem($0, frames: frames) }
        }
    }

    /// The problem a finding is.
    private func problem(_ finding: FlashFinding, frames: [FrameTime]) -> CheckProblem {
        let start = frames[finding.firstFrame].seconds
        let last = frames[finding.lastFrame].seconds
        let end = min(last + sampler.frameRate.seconds(ofFrame: 1), sampler.durationSeconds)
        let cause = culprit(of: finding, at: frames[finding.worstFrame])
        let kind = finding.kind == .red ? "red flashes" : "flashes"
        let area = Int((finding.area * 100).rounded())
        let place = cause.map { " where \"\($0.name)\" (\($0.path)) shows" } ?? ""
        return CheckProblem(
            check: finding.kind == .red ? .redFlash : .flash, start: start, end: end, layer: cause?.name,
            path: cause?.path, measured: finding.flashesPerSecond, limit: 3,
            message:
                "\(TextChecker.number(finding.flashesPerSecond)) \(kind) a second over \(area) % of the screen\(place); WCAG 2.3.1 allows 3 a second over a quarter of any 10° field (a ninth of the screen)"
        )
    }

    /// The topmost layer of a composition that shows at the middle of the flashing pixels.
    private func culprit(of finding: FlashFinding, at time: FrameTime) -> (name: String, path: String)? {
        guard let composition = scene as? Composition else { return nil }
        let point = CGPoint(x: finding.centreX * canvas.width, y: finding.centreY * canvas.height)
        func topmost(_ layers: [LayerInspection]) -> LayerInspection? {
            for layer in layers.reversed() where layer.visible && layer.box.contains(point) {
                if let inner = topmost(layer.layers) { return inner }
                if layer.layers.isEmpty { return layer }
            }
            return nil
        }
        return topmost(composition.inspection(size: canvas, time: time)).map { ($0.name, $0.path) }
    }
}

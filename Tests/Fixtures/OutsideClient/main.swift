// A program outside the package, as a user writes one against the library's public surface
// (docs/api.md): a scene of its own, a still through ImageRenderer, a composition loaded from
// JSON with an override and rendered, and the errors each step may throw. Type-checked by
// PublicAPITests without `-package-name`, so it sees exactly what a depending package sees.
import Flipbook

struct Orbit: AnimatedScene {
    func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        let angle = Angle(degrees: time.seconds * 90)
        var copy = context
        copy.translateBy(x: size.width / 2, y: size.height / 2)
        copy.rotate(by: angle)
        copy.fill(Path(ellipseIn: CGRect(x: 40, y: -8, width: 16, height: 16)), with: .color(.orange))
        context.draw(
            Text("Orbit").font(.title).foregroundStyle(.white), at: CGPoint(x: size.width / 2, y: 24))
    }
}

let still = ImageRenderer(
    content: Canvas { context, size in
        context.fill(
            Path(roundedRect: CGRect(origin: .zero, size: size), cornerRadius: 12), with: .color(.blue))
    })
still.proposedSize = ProposedViewSize(width: 320, height: 200)
_ = still.pngData()

do {
    var preset = try Preset.load(path: "launch.json", overrides: [PresetOverride("variables.product=Atlas")!])
    preset.background = .black
    var export = try preset.export()
    export.output = EncodingOptions(format: .vp9)
    export.warnings = WarningSink { print("warning:", $0) }
    let summary = try await export.run(to: URL(fileURLWithPath: "launch.webm")) { progress in
        print(progress.fraction)
    }
    print(summary)
    let sampler = TimelineSampler(frameRate: FrameRate(parsing: "30000/1001")!, durationSeconds: 2)!
    try await VideoExport(scene: Orbit(), sampler: sampler, width: 640, height: 360)
        .run(to: URL(fileURLWithPath: "orbit.mp4"))
} catch let error as PresetError {
    print(error.description)
} catch let error as ExportError {
    print(error)
} catch {
    print(ExitStatus(for: error))
}

// A launch countdown written as a SwiftUI developer writes a Canvas — joined Text with a timer,
// a named image from a folder, a gradient mixed in linear light — and rendered with
// `FlipbookMain`, which turns any error into the `flipbook` tool's message and exit code.
//
//     mkdir -p out && swift run flipbook-example-countdown out/countdown.mp4 presets/assets [seconds]
import Flipbook

let arguments = Array(CommandLine.arguments.dropFirst())
let output = arguments.first ?? "out/countdown.mp4"
let images = arguments.count > 1 ? arguments[1] : "presets/assets"
/// The video's length in seconds (default 5).
let seconds = arguments.count > 2 ? Double(arguments[2]) ?? 5 : 5
let launch = FrameTime.startDate.addingTimeInterval(4)

let countdown = TimelineView(.animation) { timeline in
    Canvas { context, size in
        context.fill(
            Path(CGRect(origin: .zero, size: size)),
            with: .linearGradient(
                Gradient(colors: [.indigo, .purple]), startPoint: .zero,
                endPoint: CGPoint(x: size.width, y: size.height), options: .linearColor))
        context.draw(
            Image("flipbook-logo").resizable(),
            in: CGRect(x: size.width / 2 - 48, y: size.height * 0.12, width: 96, height: 96))
        let title =
            Text("Launch in ").font(.title).bold().foregroundStyle(.white)
            + Text(launch, style: .timer).font(.system(size: 34, weight: .heavy)).monospacedDigit()
            .foregroundStyle(.yellow)
        context.draw(title, at: CGPoint(x: size.width / 2, y: size.height * 0.66))
        context.draw(
            Text("🚀 Flipbook 2.0").font(.headline).foregroundStyle(.white).underline(),
            at: CGPoint(x: size.width / 2, y: size.height * 0.84))
    }
}
.environment(\.imageCatalog, ImageCatalog(folder: images))

await FlipbookMain.run {
    let sampler = TimelineSampler(frameRate: FrameRate(30)!, durationSeconds: seconds)!
    try await VideoExport(scene: countdown, sampler: sampler, width: 480, height: 270)
        .run(to: URL(fileURLWithPath: output))
}

// The "Views and stacks" example of docs/porting-from-swiftui.md, exactly as the guide shows it
// (ViewExampleTests.swift checks that it does): SwiftUI views in their usual shape, rendered as
// a still at their own size and as a video.

import Flipbook

/// A card: a canvas framed 200 × 100 points.
struct Card: View {
    var body: some View {
        Canvas { context, size in
            let card = Path(roundedRect: CGRect(origin: .zero, size: size), cornerRadius: 16)
            context.fill(card, with: .color(.indigo))
        }
        .frame(width: 200, height: 100)
    }
}

/// A scoreboard: text, a symbol and the card in stacks, with a timer that counts as the video plays.
struct Scoreboard: View {
    let players = ["Ada", "Grace", "Linus"]

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack {
                Text("Round 3").font(.title).bold()
                Spacer()
                Image(systemName: "star.fill").foregroundStyle(.orange)
            }
            HStack(spacing: 8) {
                ForEach(players, id: \.self) { name in
                    Text(name)
                        .padding(.horizontal, 10)
                        .padding(.vertical, 4)
                        .background(.yellow, in: .capsule)
                }
            }
            ZStack(alignment: .bottomTrailing) {
                Card()
                TimelineView(.periodic(from: FrameTime.startDate, by: 1)) { _ in
                    Text(FrameTime.startDate.addingTimeInterval(60), style: .timer)
                        .foregroundStyle(.white)
                        .padding(8)
                }
            }
        }
        .padding()
        .background(.white)
    }
}

/// The scoreboard as a still at its own size, and as five seconds of video.
func renderScoreboard(into folder: URL) async throws {
    let renderer = ImageRenderer(content: Scoreboard())
    renderer.scale = 2
    try renderer.pngData()?.write(to: folder.appendingPathComponent("scoreboard.png"))

    let sampler = TimelineSampler(frameRate: FrameRate(30)!, durationSeconds: 5)!
    try await VideoExport(scene: Scoreboard().scene, sampler: sampler, width: 480, height: 320)
        .run(to: folder.appendingPathComponent("scoreboard.mp4"))
}

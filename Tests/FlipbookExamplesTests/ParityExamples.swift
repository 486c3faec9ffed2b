import Flipbook
import Foundation

// SwiftUI code for the round-two APIs, written as Apple's documentation shows it; only the
// `View` wrapper differs (see docs/porting-from-swiftui.md). Each is rendered against a reference
// image and checked by numbers in ParityExampleTests.swift.

/// Joined text with mixed fonts, weights, italics, colours and decorations, wrapped and centred.
var textRuns: Canvas {
    Canvas { context, size in
        let message =
            Text("Flipbook ").font(.largeTitle).bold()
            + Text("renders ").italic()
            + Text("SwiftUI").foregroundColor(.orange).fontWeight(.heavy)
            + Text(" text: ")
            + Text("underlined").underline(true, color: .blue)
            + Text(", ")
            + Text("struck").strikethrough()
            + Text(", raised").baselineOffset(8).font(.caption)
            + Text(" and tracked").tracking(3)
        context.draw(message, in: CGRect(x: 10, y: 10, width: size.width - 20, height: size.height - 20))
    }
    .multilineTextAlignment(.center)
    .lineSpacing(6)
}

/// Emoji in colour beside text, from Noto Color Emoji.
var emojiLine: Canvas {
    Canvas { context, size in
        context.draw(
            Text("Party 🎉 time 🚀 ✨").font(.system(size: 28)),
            at: CGPoint(x: size.width / 2, y: size.height / 2))
    }
}

/// A countdown as `Text(date, style: .timer)` and a price through a `FormatStyle`, in German.
let germanCountdown = TimelineView(.periodic(from: FrameTime.startDate, by: 1)) { _ in
    Canvas { context, size in
        let launch = FrameTime.startDate.addingTimeInterval(90)
        context.draw(
            Text("Start in ") + Text(launch, style: .timer).monospacedDigit(),
            at: CGPoint(x: size.width / 2, y: size.height * 0.3))
        context.draw(
            Text(1234.5, format: .currency(code: "EUR")).font(.title2),
            at: CGPoint(x: size.width / 2, y: size.height * 0.7))
    }
    .environment(\.locale, Locale(identifier: "de_DE"))
}

/// Pixel art kept sharp, and a gradient and a blur mixed in linear light.
var pixelArtAndLinearLight: Canvas {
    Canvas { context, size in
        var sprite = Pixmap(width: 4, height: 4)
        for y in 0..<4 {
            for x in 0..<4 where (x + y) % 2 == 0 { sprite[x, y] = Color.green.premultiplied }
        }
        context.draw(
            Image(pixmap: sprite).interpolation(.none), in: CGRect(x: 10, y: 10, width: 80, height: 80))
        context.fill(
            Path(CGRect(x: 100, y: 10, width: 180, height: 35)),
            with: .linearGradient(
                Gradient(colors: [.red, .green]), startPoint: CGPoint(x: 100, y: 0),
                endPoint: CGPoint(x: 280, y: 0),
                options: .linearColor))
        var blurred = context
        blurred.addFilter(.blur(radius: 4), options: .linearColor)
        blurred.drawLayer { layer in
            layer.fill(Path(CGRect(x: 100, y: 55, width: 90, height: 35)), with: .color(.red))
            layer.fill(Path(CGRect(x: 190, y: 55, width: 90, height: 35)), with: .color(.green))
        }
    }
}

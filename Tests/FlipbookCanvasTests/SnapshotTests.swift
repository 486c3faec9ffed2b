import FlipbookCanvas
import FlipbookGeometry
import FlipbookSnapshots
import Foundation
import Testing

/// One reference image per feature of the rasterizer, drawn through the `GraphicsContext` API
/// (see `Snapshot` for recording and comparison).
private struct Sample: Sendable, CustomStringConvertible {
    let feature: String
    let name: String
    let width: Int
    let height: Int
    let draw: @Sendable (inout GraphicsContext, CGSize) -> Void

    var description: String { "\(feature)/\(name)" }
}

private let rainbow = Gradient(colors: [.red, .orange, .yellow, .green, .blue, .purple])

private func star(center: CGPoint, radius: Double, points: Int = 5) -> Path {
    Path { path in
        for i in 0...(points * 2) {
            let angle = Double(i) * Double.pi / Double(points) - Double.pi / 2
            let r = i % 2 == 0 ? radius : radius * 0.4
            let point = CGPoint(x: center.x + cos(angle) * r, y: center.y + sin(angle) * r)
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
    }
}

private func pentagram(center: CGPoint, radius: Double) -> Path {
    Path { path in
        for i in 0..<5 {
            let angle = Double(i * 2) * 2 * Double.pi / 5 - Double.pi / 2
            let point = CGPoint(x: center.x + cos(angle) * radius, y: center.y + sin(angle) * radius)
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
    }
}

private let samples: [Sample] = [
    Sample(feature: "fill", name: "shapes", width: 200, height: 120) { context, _ in
        context.fill(
            Path(roundedRect: CGRect(x: 10, y: 10, width: 80, height: 50), cornerRadius: 12),
            with: .color(.blue))
        context.fill(
            Path(ellipseIn: CGRect(x: 60, y: 40, width: 70, height: 70)), with: .color(.red.opacity(0.6)))
        context.fill(pentagram(center: CGPoint(x: 160, y: 40), radius: 32), with: .color(.green))
        context.fill(
            pentagram(center: CGPoint(x: 160, y: 90), radius: 26), with: .color(.orange),
            style: FillStyle(eoFill: true))
    },
    Sample(feature: "stroke", name: "caps-joins-dashes", width: 200, height: 120) { context, _ in
        for (i, cap) in [CGLineCap.butt, .round, .square].enumerated() {
            var line = Path()
            line.move(to: CGPoint(x: 20, y: 20 + Double(i) * 20))
            line.addLine(to: CGPoint(x: 90, y: 20 + Double(i) * 20))
            context.stroke(line, with: .color(.indigo), style: StrokeStyle(lineWidth: 10, lineCap: cap))
        }
        for (i, join) in [CGLineJoin.miter, .round, .bevel].enumerated() {
            var zigzag = Path()
            let x = 110 + Double(i) * 30
            zigzag.move(to: CGPoint(x: x, y: 60))
            zigzag.addLine(to: CGPoint(x: x + 12, y: 20))
            zigzag.addLine(to: CGPoint(x: x + 24, y: 60))
            context.stroke(zigzag, with: .color(.teal), style: StrokeStyle(lineWidth: 8, lineJoin: join))
        }
        var curve = Path()
        curve.move(to: CGPoint(x: 20, y: 100))
        curve.addCurve(
            to: CGPoint(x: 180, y: 100), control1: CGPoint(x: 60, y: 60), control2: CGPoint(x: 140, y: 140))
        context.stroke(
            curve, with: .color(.pink),
            style: StrokeStyle(lineWidth: 4, lineCap: .round, dash: [12, 6], dashPhase: 3))
        context.stroke(
            Path(ellipseIn: CGRect(x: 150, y: 70, width: 40, height: 40)), with: .color(.black), lineWidth: 0)
    },
    Sample(feature: "gradient", name: "linear-radial-conic", width: 240, height: 80) { context, _ in
        context.fill(
            Path(CGRect(x: 0, y: 0, width: 80, height: 80)),
            with: .linearGradient(rainbow, startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 80, y: 80)))
        context.fill(
            Path(CGRect(x: 80, y: 0, width: 80, height: 80)),
            with: .radialGradient(
                Gradient(colors: [.white, .blue, .clear]), center: CGPoint(x: 120, y: 40), startRadius: 5,
                endRadius: 40))
        context.fill(
            Path(ellipseIn: CGRect(x: 164, y: 4, width: 72, height: 72)),
            with: .conicGradient(rainbow, center: CGPoint(x: 200, y: 40), angle: .degrees(-90)))
    },
    Sample(feature: "gradient", name: "spread-and-stroke", width: 240, height: 80) { context, _ in
        let stripes = Gradient(colors: [.black, .yellow])
        context.fill(
            Path(CGRect(x: 0, y: 0, width: 120, height: 36)),
            with: .linearGradient(
                stripes, startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 20, y: 0), options: .repeat))
        context.fill(
            Path(CGRect(x: 0, y: 44, width: 120, height: 36)),
            with: .linearGradient(
                stripes, startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 20, y: 0), options: .mirror))
        context.stroke(
            star(center: CGPoint(x: 180, y: 40), radius: 34),
            with: .angularGradient(
                rainbow, center: CGPoint(x: 180, y: 40), startAngle: .zero, endAngle: .degrees(360)),
            lineWidth: 6)
    },
    Sample(feature: "clip", name: "disc-inverse-nested", width: 240, height: 80) { context, _ in
        var stripes = Path()
        for i in 0..<24 { stripes.addRect(CGRect(x: Double(i) * 10, y: 0, width: 5, height: 80)) }
        var inside = context
        inside.clip(to: Path(ellipseIn: CGRect(x: 5, y: 5, width: 70, height: 70)))
        inside.fill(stripes, with: .color(.blue))
        var outside = context
        outside.clip(to: Path(CGRect(x: 80, y: 0, width: 80, height: 80)))
        outside.clip(to: Path(ellipseIn: CGRect(x: 90, y: 10, width: 60, height: 60)), options: .inverse)
        outside.fill(stripes, with: .color(.red))
        var nested = context
        nested.clip(to: Path(ellipseIn: CGRect(x: 165, y: 5, width: 70, height: 70)))
        nested.clip(to: star(center: CGPoint(x: 215, y: 40), radius: 40))
        nested.fill(stripes, with: .color(.green))
    },
    Sample(feature: "clip", name: "clip-to-layer", width: 120, height: 80) { context, _ in
        var masked = context
        masked.clipToLayer { layer in
            layer.fill(
                Path(CGRect(x: 0, y: 0, width: 120, height: 80)),
                with: .linearGradient(
                    Gradient(colors: [.black, .clear]), startPoint: .zero, endPoint: CGPoint(x: 120, y: 0)))
        }
        masked.fill(Path(CGRect(x: 0, y: 0, width: 120, height: 80)), with: .color(.purple))
    },
    Sample(feature: "blend", name: "all-modes", width: 280, height: 160) { context, _ in
        for (i, mode) in GraphicsContext.BlendMode.allCases.enumerated() {
            let x = Double(i % 7) * 40
            let y = Double(i / 7) * 40
            context.fill(Path(CGRect(x: x, y: y, width: 40, height: 20)), with: .color(.orange))
            context.fill(
                Path(CGRect(x: x, y: y + 20, width: 40, height: 20)), with: .color(.teal.opacity(0.5)))
            var cell = context
            cell.blendMode = mode
            cell.fill(
                Path(ellipseIn: CGRect(x: x + 6, y: y + 6, width: 28, height: 28)),
                with: .color(.purple.opacity(0.8)))
        }
    },
    Sample(feature: "layer", name: "opacity-and-blend", width: 200, height: 100) { context, _ in
        context.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 100)), with: .color(.yellow))
        var faded = context
        faded.opacity = 0.5
        faded.drawLayer { layer in
            // Overlapping circles in one layer: the overlap is not darker, the layer fades as one.
            layer.fill(Path(ellipseIn: CGRect(x: 10, y: 20, width: 60, height: 60)), with: .color(.blue))
            layer.fill(Path(ellipseIn: CGRect(x: 40, y: 20, width: 60, height: 60)), with: .color(.blue))
        }
        var multiplied = context
        multiplied.blendMode = .multiply
        multiplied.drawLayer { layer in
            layer.fill(Path(ellipseIn: CGRect(x: 110, y: 20, width: 60, height: 60)), with: .color(.red))
            layer.drawLayer { inner in
                inner.fill(Path(ellipseIn: CGRect(x: 130, y: 30, width: 60, height: 60)), with: .color(.cyan))
            }
        }
    },
    Sample(feature: "filter", name: "blur-shadow-colour", width: 320, height: 80) { context, _ in
        let shape = star(center: CGPoint(x: 40, y: 40), radius: 30)
        var blurred = context
        blurred.addFilter(.blur(radius: 3))
        blurred.fill(shape, with: .color(.blue))
        var shadowed = context
        shadowed.translateBy(x: 80, y: 0)
        shadowed.addFilter(.shadow(color: .black.opacity(0.5), radius: 3, x: 4, y: 4))
        shadowed.fill(shape, with: .color(.orange))
        for (i, filter) in [
            GraphicsContext.Filter.grayscale(1), .hueRotation(.degrees(120)), .colorInvert(),
        ].enumerated() {
            var filtered = context
            filtered.translateBy(x: 160 + Double(i) * 54, y: 0)
            filtered.addFilter(filter)
            filtered.fill(
                Path(CGRect(x: 2, y: 10, width: 50, height: 60)),
                with: .linearGradient(
                    rainbow, startPoint: CGPoint(x: 2, y: 10), endPoint: CGPoint(x: 52, y: 70)))
        }
    },
]

private let textSamples: [Sample] = [
    Sample(feature: "text", name: "seed-titles", width: 320, height: 150) { context, size in
        context.draw(Text("Hallo Canvas").font(.title.bold()), at: CGPoint(x: size.width / 2, y: 24))
        context.draw(
            Text("Übung: Größe").font(.system(size: 22, weight: .semibold, design: .serif)).foregroundStyle(
                .blue),
            at: CGPoint(x: 10, y: 60), anchor: .leading)
        context.draw(
            Text("Внешний радиус").font(.headline).foregroundStyle(
                .linearGradient(
                    Gradient(colors: [.red, .purple]), startPoint: .zero, endPoint: CGPoint(x: 160, y: 0))),
            at: CGPoint(x: 10, y: 95), anchor: .leading)
        context.draw(
            Text("Ligatures fi fl, kerning AV To").font(.system(size: 15, design: .monospaced)),
            in: CGRect(x: 10, y: 112, width: 300, height: 40))
    }
]

@Test(arguments: samples + textSamples)
private func snapshotMatchesItsReference(sample: Sample) {
    let pixmap = Canvas { context, size in sample.draw(&context, size) }.rendered(
        width: sample.width, height: sample.height)
    let result = Snapshot.check(
        pixmap, folder: "Tests/FlipbookCanvasTests", feature: sample.feature, name: sample.name)
    #expect(result.failure == nil, "\(result.failure ?? "")")
}

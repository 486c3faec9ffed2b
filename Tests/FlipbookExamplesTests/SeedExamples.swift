// The Swift examples of the seed lessons, ported with the changes listed in
// docs/porting-from-swiftui.md — and nothing else. Each comment names the change.
import Flipbook

// MARK: Lesson 4.8 "Canvas" (German)

/// "Der erste Canvas". Change: the `View` wrapper and `.frame(height: 320)` become the render
/// size (320 points high).
var simpleCanvas: Canvas {
    Canvas { context, size in
        let rect = CGRect(x: 20, y: 20, width: size.width - 40, height: 100)
        context.fill(Path(roundedRect: rect, cornerRadius: 16), with: .color(.orange))

        let circle = Path(ellipseIn: CGRect(x: size.width / 2 - 40, y: 150, width: 80, height: 80))
        context.stroke(circle, with: .color(.blue), lineWidth: 6)

        context.draw(Text("Hallo Canvas").font(.title.bold()), at: CGPoint(x: size.width / 2, y: 280))
    }
}

/// 1,000 stars. Changes: `Double.random(in:)` takes a seeded generator (same stars every
/// render); `.background(.black)` is the render background.
var thousandStars: Canvas {
    Canvas { context, size in
        var random = SplitMix64(seed: 1000)
        for _ in 0..<1000 {
            let x = Double.random(in: 0...size.width, using: &random)
            let y = Double.random(in: 0...size.height, using: &random)
            let star = Path(ellipseIn: CGRect(x: x, y: y, width: 2, height: 2))
            context.fill(star, with: .color(.white.opacity(Double.random(in: 0.3...1, using: &random))))
        }
    }
}

/// The 12-bar loading wreath: unchanged.
var loadingWreath: Canvas {
    Canvas { context, size in
        context.translateBy(x: size.width / 2, y: size.height / 2)  // Ursprung in die Mitte

        for i in 0..<12 {
            var copy = context  // Kopie für diesen Schritt
            copy.rotate(by: .degrees(Double(i) * 30))
            copy.opacity = Double(i + 1) / 12
            copy.fill(Path(CGRect(x: -4, y: -80, width: 8, height: 30)), with: .color(.blue))
        }
    }
}

/// 20 hearts from one resolved symbol: unchanged (`heart.fill` is one of Flipbook's vector
/// symbols).
var twentyHearts: Canvas {
    Canvas { context, size in
        let heart = context.resolve(Image(systemName: "heart.fill"))
        for i in 0..<20 {
            context.draw(heart, at: CGPoint(x: Double(i) * 20 + 10, y: size.height / 2))
        }
    }
    .foregroundStyle(.red)
}

/// Badges from a symbol. Change: the symbol is a drawing closure (`CanvasSymbol`) instead of a
/// tagged view — the same star on a yellow circle, 8 points of padding around `.title` text.
var badges: Canvas {
    Canvas { context, size in
        guard let badge = context.resolveSymbol(id: "badge") else { return }
        for i in 0..<10 {
            context.draw(badge, at: CGPoint(x: 40 + Double(i % 5) * 60, y: 40 + Double(i / 5) * 60))
        }
    } symbols: {
        CanvasSymbol(id: "badge", size: CGSize(width: 50, height: 50)) { context, size in
            context.fill(Circle(), in: CGRect(origin: .zero, size: size), with: .color(.yellow))
            context.draw(Text("★").font(.title), at: CGPoint(x: size.width / 2, y: size.height / 2))
        }
    }
}

/// Pulsing dots. Change: the `View` wrapper goes; `timeline.date` counts from the video's start.
let pulsingDots = TimelineView(.animation) { timeline in
    let time = timeline.date.timeIntervalSinceReferenceDate

    Canvas { context, size in
        for i in 0..<5 {
            let phase = time * 3 + Double(i) * 0.6
            let radius = 10 + sin(phase) * 6
            let x = size.width / 2 + Double(i - 2) * 40
            let rect = CGRect(
                x: x - radius, y: size.height / 2 - radius,
                width: radius * 2, height: radius * 2)
            context.fill(Path(ellipseIn: rect), with: .color(.indigo))
        }
    }
}

/// The confetti view's drawing. Changes: the particles come from one seeded burst at the start
/// instead of `@State` filled by a tap (there is no touch); the drawing code is the lesson's.
struct Particle {
    let start: CGPoint
    let velocity: CGVector
    let spin: Double
    let color: Color
    let birth: Date
}

let confettiParticles: [Particle] = {
    var random = SplitMix64(seed: 42)
    let colors: [Color] = [.red, .orange, .yellow, .green, .blue, .purple, .pink]
    let point = CGPoint(x: 160, y: 120)
    return (0..<200).map { _ in
        let angle = Double.random(in: 0..<(2 * .pi), using: &random)
        let speed = Double.random(in: 150...500, using: &random)
        return Particle(
            start: point,
            velocity: CGVector(dx: cos(angle) * speed, dy: sin(angle) * speed - 250),
            spin: Double.random(in: -720...720, using: &random),
            color: colors.randomElement(using: &random)!,
            birth: FrameTime.startDate
        )
    }
}()

let confettiView = TimelineView(.animation(paused: confettiParticles.isEmpty)) { timeline in
    Canvas { context, size in
        let lifetime = 3.0
        let gravity = 600.0
        let now = timeline.date
        for particle in confettiParticles {
            let t = now.timeIntervalSince(particle.birth)
            guard t < lifetime else { continue }

            let x = particle.start.x + particle.velocity.dx * t
            let y = particle.start.y + particle.velocity.dy * t + 0.5 * gravity * t * t

            var copy = context
            copy.opacity = 1 - t / lifetime
            copy.translateBy(x: x, y: y)
            copy.rotate(by: .degrees(particle.spin * t))
            copy.fill(
                Path(CGRect(x: -5, y: -2.5, width: 10, height: 5)),
                with: .color(particle.color))
        }
    }
}

/// Exercise 1, the starry sky. Changes: `@State` stars become a constant from a seeded
/// generator; `.background(.black)` is the render background.
struct Star {
    let x: Double  // 0...1, relativ zur Breite
    let y: Double  // 0...1, relativ zur Höhe
    let size: Double
}

let skyStars: [Star] = {
    var random = SplitMix64(seed: 500)
    return (0..<500).map { _ in
        Star(
            x: .random(in: 0...1, using: &random), y: .random(in: 0...1, using: &random),
            size: .random(in: 1...3, using: &random))
    }
}()

var starrySkyCanvas: Canvas {
    Canvas { context, size in
        for star in skyStars {
            let rect = CGRect(
                x: star.x * size.width, y: star.y * size.height,
                width: star.size, height: star.size)
            context.fill(Path(ellipseIn: rect), with: .color(.white))
        }
    }
}

let starrySky = starrySkyCanvas.scene.accessibilityHidden(true)

/// Exercise 2, twinkling stars: each star's opacity follows a sine wave with its own phase.
let twinklingStars = TimelineView(.animation) { timeline in
    let time = timeline.date.timeIntervalSinceReferenceDate
    Canvas { context, size in
        for (index, star) in skyStars.enumerated() {
            let phase = Double(index) * 0.37
            var copy = context
            copy.opacity = 0.55 + 0.45 * sin(time * 2 + phase)
            let rect = CGRect(
                x: star.x * size.width, y: star.y * size.height, width: star.size, height: star.size)
            copy.fill(Path(ellipseIn: rect), with: .color(.white))
        }
    }
}

// MARK: Lesson "Path, Shape, Canvas" (Russian)

/// The triangle: the `Shape` is unchanged, and the gallery's `TriangleScene` draws the same
/// lesson, so it is that scene's, not written out a second time.
typealias Triangle = TriangleScene.Triangle

/// The view's `.fill(.orange.gradient)`, `.overlay { stroke }` and `.padding(inset)` become
/// drawing calls in the frame inset by `inset`; the slider's value is a parameter.
func triangleWithInset(_ inset: Double) -> Canvas {
    Canvas { context, size in
        let frame = CGRect(origin: .zero, size: size).insetBy(dx: inset, dy: inset)
        let gradient = Color.orange.gradient
        context.fill(
            Triangle(), in: frame,
            with: .linearGradient(
                gradient, startPoint: CGPoint(x: frame.midX, y: frame.minY),
                endPoint: CGPoint(x: frame.midX, y: frame.maxY)))
        context.stroke(Triangle(), in: frame, with: .color(.indigo), lineWidth: 8)
    }
}

/// The spirograph: the `Shape` with its `animatableData` is unchanged.
struct Spirograph: Shape, Animatable {
    var outerRadius: Double
    var innerRadius: Double
    var distance: Double
    var amount: Double

    var animatableData:
        AnimatablePair<
            AnimatablePair<Double, Double>,
            AnimatablePair<Double, Double>
        >
    {
        get {
            AnimatablePair(
                AnimatablePair(outerRadius, innerRadius),
                AnimatablePair(distance, amount)
            )
        }
        set {
            outerRadius = newValue.first.first
            innerRadius = newValue.first.second
            distance = newValue.second.first
            amount = newValue.second.second
        }
    }

    func path(in rect: CGRect) -> Path {
        let divisor = greatestCommonDivisor(Int(outerRadius), Int(innerRadius))
        let difference = outerRadius - innerRadius
        let period = 2 * Double.pi * innerRadius / Double(divisor)
        let endPoint = period * amount

        var path = Path()

        for theta in stride(from: 0.0, through: endPoint, by: 0.01) {
            let x =
                difference * cos(theta)
                + distance * cos(difference / innerRadius * theta)
            let y =
                difference * sin(theta)
                - distance * sin(difference / innerRadius * theta)
            let point = CGPoint(x: x + rect.midX, y: y + rect.midY)

            if theta == 0 {
                path.move(to: point)
            } else {
                path.addLine(to: point)
            }
        }

        return path
    }

    private func greatestCommonDivisor(_ first: Int, _ second: Int) -> Int {
        var a = first
        var b = second

        while b != 0 {
            let remainder = a % b
            a = b
            b = remainder
        }

        return a
    }
}

/// `SpirographDemo`'s drawing: the shape view's `.stroke(AngularGradient(…), lineWidth: 2)` in a
/// 300 × 300 frame becomes the same stroke of the shape in the canvas's rectangle.
func spirographDrawing(_ spirograph: Spirograph) -> Canvas {
    Canvas { context, size in
        context.stroke(
            spirograph, in: CGRect(origin: .zero, size: size),
            with: AngularGradient(colors: [.orange, .pink, .indigo, .orange], center: .center),
            lineWidth: 2)
    }
}

/// The gradient circle: unchanged (`.frame(height: 240)` is the render size).
var gradientCircle: Canvas {
    Canvas { context, size in
        let rect = CGRect(origin: .zero, size: size).insetBy(dx: 12, dy: 12)
        let circle = Path(ellipseIn: rect)

        context.fill(
            circle,
            with: .linearGradient(
                Gradient(colors: [.indigo, .cyan]),
                startPoint: rect.origin,
                endPoint: CGPoint(x: rect.maxX, y: rect.maxY)
            ))
    }
}

import FlipbookCanvas
import FlipbookGeometry
import FlipbookTimeline
import Foundation

/// Confetti bursts, as in the Canvas lesson: each burst throws pieces from a point; every piece
/// flies on a parabola under gravity, spins and fades out over its lifetime.
///
/// Every piece keeps only its start values (where, when, velocity, spin, colour); its state at
/// any time comes from the projectile formula, never from the previous frame:
/// ```
/// x = x₀ + vx·t     y = y₀ + vy·t + ½·g·t²     rotation = spin·t     opacity = 1 − t / lifetime
/// ```
/// The random start values come from `SplitMix64(seed)` drawn per piece in the order angle,
/// speed, spin, colour — the order of the benchmark definition, so `seed 0x5EED, count 200`
/// reproduces `bench/scenes/confetti_200.txt` exactly.
public struct ConfettiScene: AnimatedScene {
    /// One burst: when it happens and where (the canvas centre when `position` is `nil`).
    public struct Burst: Hashable, Sendable {
        public var time: Double
        public var position: CGPoint?

        public init(time: Double = 0, position: CGPoint? = nil) {
            self.time = time
            self.position = position
        }
    }

    /// Everything that shapes the confetti; the defaults are the lesson's.
    public struct Configuration: Hashable, Sendable {
        public var bursts = [Burst()]
        /// Pieces per burst.
        public var count = 200
        /// Each piece picks one of these uniformly. With no colours there is nothing to draw.
        public var colors: [Color] = [.red, .orange, .yellow, .green, .blue, .purple, .pink]
        /// Seconds until a piece has faded out completely.
        public var lifetime = 3.0
        /// Downward acceleration, pixels per second².
        public var gravity = 600.0
        /// Launch speed range, pixels per second.
        public var speed = 150.0...500.0
        /// Extra upward velocity added to every piece, pixels per second.
        public var upwardKick = 250.0
        /// Largest spin in degrees per second; each piece spins at a uniform rate in ±spin.
        public var spin = 720.0
        /// Size of each piece, centred on its position.
        public var pieceSize = CGSize(width: 10, height: 5)
        public var shape = PieceShape.rectangle
        public var seed: UInt64 = 0
        /// A headline over the confetti ("Ziel erreicht!"), drawn bold in the upper third.
        public var title: String?
        public var titleColor = Color.white

        public init() {}
    }

    /// The shape of a piece, in its `pieceSize` box.
    public enum PieceShape: String, CaseIterable, Hashable, Sendable {
        case rectangle, circle, star

        func path(size: CGSize) -> Path {
            let box = CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
            switch self {
            case .rectangle: return Path(box)
            case .circle: return Path(ellipseIn: box)
            case .star:
                let unit = SystemSymbols.path(named: "star.fill") ?? Path(box)
                return unit.applying(
                    CGAffineTransform(
                        a: size.width / 100, b: 0, c: 0, d: size.height / 100, tx: box.minX, ty: box.minY))
            }
        }
    }

    struct Piece: Hashable, Sendable {
        var burst: Int
        var velocity: CGVector
        /// Degrees per second.
        var spin: Double
        /// Index into `Configuration.colors`.
        var colorIndex: Int
    }

    public let configuration: Configuration
    let pieces: [Piece]

    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
        var random = SplitMix64(seed: configuration.seed)
        var pieces: [Piece] = []
        pieces.reserveCapacity(configuration.bursts.count * configuration.count)
        let colorCount = configuration.colors.count
        for burst in configuration.bursts.indices {
            for _ in 0..<configuration.count {
                let angle = random.nextUnit() * 2 * .pi
                let speed =
                    configuration.speed.lowerBound + random.nextUnit()
                    * (configuration.speed.upperBound - configuration.speed.lowerBound)
                let spin = -configuration.spin + random.nextUnit() * 2 * configuration.spin
                let colorIndex = min(colorCount - 1, Int(random.nextUnit() * Double(colorCount)))
                pieces.append(
                    Piece(
                        burst: burst,
                        velocity: CGVector(
                            dx: cos(angle) * speed, dy: sin(angle) * speed - configuration.upwardKick),
                        spin: spin, colorIndex: colorIndex))
            }
        }
        self.pieces = pieces
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        let centre = CGPoint(x: size.width / 2, y: size.height / 2)
        let lifetime = configuration.lifetime
        let gravity = configuration.gravity
        let colors = configuration.colors
        guard !colors.isEmpty else { return }
        // Made per frame: every recorded fill retains its path, and a path shared by frames drawn
        // on several threads would have all their threads contend for its reference count.
        let piecePath = configuration.shape.path(size: configuration.pieceSize)
        // Each piece sets the context's transform and opacity and the loop puts them back after,
        // rather than copying the context per piece: a copy retains and releases every reference
        // the context holds, thousands of times a frame.
        let (transform, opacity) = (context.transform, context.opacity)
        for piece in pieces {
            let burst = configuration.bursts[piece.burst]
            let t = time.seconds - burst.time
            guard t >= 0, t < lifetime else { continue }
            let start = burst.position ?? centre
            context.transform = transform
            context.opacity = 1 - t / lifetime
            context.translateBy(
                x: start.x + piece.velocity.dx * t,
                y: start.y + piece.velocity.dy * t + 0.5 * gravity * t * t)
            context.rotate(by: .degrees(piece.spin * t))
            context.fill(piecePath, with: .color(colors[piece.colorIndex]))
        }
        (context.transform, context.opacity) = (transform, opacity)
        if let title = configuration.title {
            context.draw(
                Text(title).font(.system(size: size.height / 10, weight: .heavy)).foregroundStyle(
                    configuration.titleColor),
                at: CGPoint(x: size.width / 2, y: size.height / 3))
        }
    }
}

extension ConfettiScene: ParticleScene {
    /// Every burst's pieces.
    public var particleCount: Int { pieces.count }
}

extension ConfettiScene {
    /// A piece's random start values, as the benchmark files list them.
    package struct PieceSummary: Hashable, Sendable {
        package var velocity: CGVector
        /// Degrees per second.
        package var spin: Double
        /// Index into `Configuration.colors`.
        package var colorIndex: Int
    }

    /// The start values of every piece, burst by burst.
    package var pieceSummaries: [PieceSummary] {
        pieces.map { PieceSummary(velocity: $0.velocity, spin: $0.spin, colorIndex: $0.colorIndex) }
    }
}

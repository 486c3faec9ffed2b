import FlipbookGeometry
import FlipbookRaster
import Foundation

extension GraphicsContext {
    /// An effect for `addFilter(_:)`, as SwiftUI's `GraphicsContext.Filter`.
    public struct Filter: Hashable, Sendable {
        let raster: FlipbookRaster.Filter
        /// A shadow with `.disablesGroup`: the drawing and its shadow are composited as two
        /// layers instead of one.
        var separatesShadow = false

        /// Gaussian blur; `radius` is the standard deviation in points. `options` make the
        /// result opaque (`.opaque`) or dither it (`.dithersResult`).
        public static func blur(radius: Double, options: BlurOptions = []) -> Filter {
            Filter(raster: .blur(radius: radius, options: options))
        }

        /// A drop shadow of what is drawn, in `color`, blurred by `radius`, offset by (`x`, `y`),
        /// blended with what is drawn by `blendMode`; `options` put it above the drawing or alone,
        /// invert it (`.invertsAlpha`: the shadow of everything but the drawing — with
        /// `.shadowAbove` and `.sourceAtop`, an inner shadow), or composite drawing and shadow
        /// separately (`.disablesGroup`).
        public static func shadow(
            color: Color = Color(white: 0, opacity: 0.33), radius: Double, x: Double = 0, y: Double = 0,
            blendMode: BlendMode = .normal, options: ShadowOptions = []
        ) -> Filter {
            let placement: FlipbookRaster.Filter.ShadowPlacement =
                options.contains(.shadowOnly) ? .only : options.contains(.shadowAbove) ? .above : .below
            return Filter(
                raster: .shadow(
                    color: color.premultiplied, radius: radius, x: x, y: y, placement: placement,
                    blendMode: blendMode, invertsAlpha: options.contains(.invertsAlpha)),
                separatesShadow: options.contains(.disablesGroup))
        }

        /// Multiplies every channel by `color`'s.
        public static func colorMultiply(_ color: Color) -> Filter {
            matrix(.multiply(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha))
        }

        public static func brightness(_ amount: Double) -> Filter { matrix(.brightness(amount)) }
        public static func contrast(_ amount: Double) -> Filter { matrix(.contrast(amount)) }
        public static func saturation(_ amount: Double) -> Filter { matrix(.saturation(amount)) }
        public static func grayscale(_ amount: Double) -> Filter { matrix(.grayscale(amount)) }
        public static func hueRotation(_ angle: Angle) -> Filter { matrix(.hueRotation(angle.radians)) }
        public static func colorInvert(_ amount: Double = 1) -> Filter { matrix(.invert(amount)) }
        public static var luminanceToAlpha: Filter { matrix(.luminanceToAlpha) }

        /// A 4×5 matrix on straight RGBA, row-major (see `ColorMatrix`).
        public static func colorMatrix(_ matrix: ColorMatrix) -> Filter {
            Filter(raster: .colorMatrix(matrix))
        }

        /// Pixels whose opacity lies in `min…max` become `color`; the rest disappear.
        public static func alphaThreshold(min: Double, max: Double = 1, color: Color = .black) -> Filter {
            Filter(raster: .alphaThreshold(minimum: min, maximum: max, color: color.premultiplied))
        }

        /// Moves what is drawn through a projective transform of the canvas's points — a card
        /// turning in perspective, built with `ProjectionTransform(CATransform3DRotate(…))` —
        /// resampled bilinearly. What the transform sends behind the viewer is not drawn.
        public static func projectionTransform(_ matrix: ProjectionTransform) -> Filter {
            Filter(raster: .projection(matrix))
        }

        private static func matrix(_ matrix: ColorMatrix) -> Filter {
            Filter(raster: .colorMatrix(matrix))
        }
    }

    /// How a blur finishes its result, as SwiftUI's `GraphicsContext.BlurOptions`.
    public typealias BlurOptions = FlipbookRaster.Filter.BlurOptions

    /// Where a shadow goes, as SwiftUI's `GraphicsContext.ShadowOptions`.
    public struct ShadowOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Draw the shadow over the content instead of under it.
        public static let shadowAbove = ShadowOptions(rawValue: 1)
        /// Draw only the shadow.
        public static let shadowOnly = ShadowOptions(rawValue: 2)
        /// Shadow everything but what is drawn: with `.shadowAbove` and the `.sourceAtop`
        /// blend mode, an inner shadow.
        public static let invertsAlpha = ShadowOptions(rawValue: 4)
        /// Composite what is drawn and its shadow separately, each with the context's opacity
        /// and blend mode, instead of as one group.
        public static let disablesGroup = ShadowOptions(rawValue: 8)
    }

    /// Options of `clip(to:style:options:)`, as SwiftUI's `GraphicsContext.ClipOptions`.
    public struct ClipOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Clip to everything outside the shape.
        public static let inverse = ClipOptions(rawValue: 1)
    }

    /// Options of `addFilter(_:options:)`: `linearColor` blurs and applies colour matrices in
    /// linear light instead of encoded sRGB.
    public struct FilterOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let linearColor = FilterOptions(rawValue: 1)
    }
}

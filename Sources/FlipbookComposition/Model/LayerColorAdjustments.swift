import FlipbookCanvas
import FlipbookRaster
import Foundation

/// A layer's colour adjustments, SwiftUI's colour modifiers — `brightness`, `contrast`,
/// `saturation`, `grayscale`, `hueRotation`, `colorInvert` and `colorMultiply` — each
/// keyframable, applied to what the layer draws in that order, before its shadow and blur.
///
/// They are folded into one colour matrix per frame, so a layer pays one pass over its pixels
/// however many it uses (the values between steps are not clamped, as they would be with one
/// filter after another; only extreme settings can tell).
public struct LayerColorAdjustments: Hashable, Sendable {
    /// Added to red, green and blue (−1…1).
    public var brightness: Animated<Double> = .constant(0)
    /// Distances from mid-grey scaled by this (1 unchanged, 0 all grey, negative inverts).
    public var contrast: Animated<Double> = .constant(1)
    /// 0 grey, 1 unchanged, above 1 more vivid.
    public var saturation: Animated<Double> = .constant(1)
    /// Towards grey: 0 unchanged, 1 fully grey.
    public var grayscale: Animated<Double> = .constant(0)
    /// Degrees the hue turns.
    public var hueRotation: Animated<Double> = .constant(0)
    /// Towards the inverted colour: 0 unchanged, 1 fully inverted.
    public var colorInvert: Animated<Double> = .constant(0)
    /// Every channel multiplied by this colour's (white: unchanged).
    public var colorMultiply: Animated<Color> = .constant(.white)

    public init() {}

    /// The one matrix the adjustments make at layer time `time`; `nil` when they change
    /// nothing.
    public func matrix(at time: Double) -> ColorMatrix? {
        let multiply = colorMultiply.value(at: time)
        let steps: [ColorMatrix?] = [
            Self.unless(brightness.value(at: time), is: 0, ColorMatrix.brightness),
            Self.unless(contrast.value(at: time), is: 1, ColorMatrix.contrast),
            Self.unless(saturation.value(at: time), is: 1, ColorMatrix.saturation),
            Self.unless(grayscale.value(at: time), is: 0, ColorMatrix.grayscale),
            Self.unless(hueRotation.value(at: time), is: 0) { .hueRotation($0 * .pi / 180) },
            Self.unless(colorInvert.value(at: time), is: 0) { .invert($0) },
            multiply == .white
                ? nil
                : .multiply(
                    red: multiply.red, green: multiply.green, blue: multiply.blue, alpha: multiply.alpha),
        ]
        return steps.compactMap { $0 }.reduce(nil) { $0?.followed(by: $1) ?? $1 }
    }

    private static func unless(
        _ value: Double, is neutral: Double, _ matrix: (Double) -> ColorMatrix
    ) -> ColorMatrix? {
        value == neutral ? nil : matrix(value)
    }
}

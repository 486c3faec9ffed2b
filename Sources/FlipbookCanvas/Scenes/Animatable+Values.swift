import FlipbookGeometry
import Foundation

/// Points, sizes and colours animate as SwiftUI animates them: by their numbers, through
/// `animatableData` (`interpolated(to:fraction:)`), so keyframed values in compositions and
/// Swift scenes share one definition of "in between".
extension CGPoint: Animatable {
    public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(Double(x), Double(y)) }
        set { (x, y) = (CGFloat(newValue.first), CGFloat(newValue.second)) }
    }
}

extension CGSize: Animatable {
    public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(Double(width), Double(height)) }
        set { (width, height) = (CGFloat(newValue.first), CGFloat(newValue.second)) }
    }
}

/// An angle animates through its radians, a unit point through its coordinates, as SwiftUI's:
/// a shape's `rotation` and `scale` anchors morph with it.
extension Angle: Animatable {
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}

/// Insets animate side by side, as SwiftUI's: a keyframed padding moves each edge on its own.
extension EdgeInsets: Animatable {
    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>
    {
        get { AnimatablePair(AnimatablePair(top, leading), AnimatablePair(bottom, trailing)) }
        set {
            (top, leading) = (newValue.first.first, newValue.first.second)
            (bottom, trailing) = (newValue.second.first, newValue.second.second)
        }
    }
}

extension UnitPoint: Animatable {
    public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension Double: Animatable {
    public var animatableData: Double {
        get { self }
        set { self = newValue }
    }
}

/// A colour animates through its premultiplied sRGB components, so a fade from a colour to
/// `.clear` does not pass through grey (straight components would drag the hue towards clear's
/// black).
extension Color: Animatable {
    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>
    {
        get {
            AnimatablePair(
                AnimatablePair(red * alpha, green * alpha), AnimatablePair(blue * alpha, alpha))
        }
        set {
            alpha = min(max(newValue.second.second, 0), 1)
            let unpremultiply = alpha > 0 ? 1 / alpha : 0
            red = newValue.first.first * unpremultiply
            green = newValue.first.second * unpremultiply
            blue = newValue.second.first * unpremultiply
        }
    }
}

import FlipbookCanvas

/// A gradient's keys as they are read, before its kind makes it a `LayerPaint`.
struct GradientDraft: Sendable {
    var stops: [Gradient.Stop] = []
    var start = UnitPoint.top
    var end = UnitPoint.bottom
    var center = UnitPoint.center
    var startRadius = Length(0)
    var endRadius = Length(50, .percent)
    var angle = 0.0

    /// The paint of the gradient kind `type`.
    func paint(_ type: String) -> LayerPaint {
        switch type {
        case "linear": .linear(stops: stops, start: start, end: end)
        case "radial": .radial(stops: stops, center: center, startRadius: startRadius, endRadius: endRadius)
        default: .angular(stops: stops, center: center, angle: angle)
        }
    }
}

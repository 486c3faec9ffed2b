import FlipbookCanvas

extension SpirographScene {
    public var accessibilityLabel: String? {
        "A spirograph curve drawn with a pen \(Int(spirograph.distance)) points from the centre of a "
            + "\(Int(spirograph.innerRadius))-point wheel rolling inside a \(Int(spirograph.outerRadius))-point ring."
    }
}

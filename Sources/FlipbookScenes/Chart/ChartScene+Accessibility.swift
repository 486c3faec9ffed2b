import FlipbookCanvas

extension ChartScene {
    public var accessibilityLabel: String? {
        "A line chart of \(pointCount) points drawn from left to right over \(sweepSeconds) seconds, "
            + "with a marker on the newest point."
    }
}

/// One pixel's luminance over time, read as WCAG 2.2 counts flashes: a series of
/// *transitions* — swings from a local extreme to the opposite one — of which those that change
/// by at least `threshold` and whose darker end is below `darkLimit` count.
///
/// A swing turns only when the value has come back `threshold` from its extreme (a zigzag),
/// so noise and slow drifts smaller than a counted transition never split one in two.
struct LuminanceSwing {
    /// Where the swing began (the last turn), and the farthest it has gone since.
    private var pivot = 0.0
    private var extreme = 0.0
    /// +1 rising, −1 falling, 0 before the first swing large enough to have a direction.
    private var direction = 0
    /// Whether the current swing has already been counted.
    private var counted = false
    /// Before the first swing: the lowest and highest values seen, and which came last.
    private var low = Double.infinity
    private var high = -Double.infinity
    private var highIsLater = false

    /// Takes the next frame's `value`; true when it completes a counted transition (the swing
    /// under way becomes large enough, or the value turns by enough to start a new one that is).
    mutating func add(_ value: Double, threshold: Double, darkLimit: Double) -> Bool {
        switch direction {
        case 0:
            if value < low { (low, highIsLater) = (value, false) }
            if value > high { (high, highIsLater) = (value, true) }
            guard high - low >= threshold else { return false }
            (direction, pivot, extreme) = highIsLater ? (1, low, high) : (-1, high, low)
        case 1 where value >= extreme, -1 where value <= extreme:
            extreme = value
        default:
            guard abs(extreme - value) >= threshold else { return false }
            (direction, pivot, extreme, counted) = (-direction, extreme, value, false)
        }
        guard !counted, abs(extreme - pivot) >= threshold, min(pivot, extreme) < darkLimit else {
            return false
        }
        counted = true
        return true
    }
}

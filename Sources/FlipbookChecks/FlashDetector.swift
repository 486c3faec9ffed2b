import FlipbookRaster

/// Finds the flashes of a video that WCAG 2.2's success criterion 2.3.1 (Three Flashes or
/// Below Threshold) and ITU-R BT.1702 fail: more than three general flashes, or more than
/// three red flashes, in any one second, over a combined area of at least a quarter of any 10°
/// visual field.
///
/// One detector counts one kind of flash. Frames are given in order, each as the viewer sees
/// it (opaque). Every pixel's series is read
/// as transitions (`LuminanceSwing`); a pixel *flashes* at a frame when it completed seven or
/// more counted transitions — more than three flashes, a flash being a pair of opposing
/// transitions — in the second ending there. WCAG's 10° field is, for a 1024 × 768 screen, a
/// 682 × 512 rectangle (two thirds of each side), and a quarter of it 341 × 256 (a ninth of the
/// screen): a frame fails when the flashing pixels inside some rectangle of two thirds of the
/// width and height cover a ninth of the screen or more.
package struct FlashDetector {
    package let kind: FlashKind
    package let width: Int
    package let height: Int
    /// Frames in one second.
    package let framesPerSecond: Double
    private var swings: [LuminanceSwing]
    /// Each pixel's latest transitions (frame numbers) in a ring of `remembered`, the next
    /// slot at `next[pixel]`, `stored[pixel]` of them kept.
    private var transitions: [Int32]
    private var next: [Int32]
    private var stored: [Int32]
    private var frame = 0
    private var open: FlashFinding?
    /// What was found, in time order.
    package private(set) var findings: [FlashFinding] = []

    /// Transitions in one second that make more than three flashes.
    static let failingTransitions = 7
    /// Transitions kept per pixel: enough to count a strobe's rate.
    static let remembered = 64

    package init(kind: FlashKind, width: Int, height: Int, framesPerSecond: Double) {
        (self.kind, self.width, self.height, self.framesPerSecond) = (kind, width, height, framesPerSecond)
        let pixels = width * height
        swings = Array(repeating: LuminanceSwing(), count: pixels)
        transitions = Array(repeating: 0, count: pixels * Self.remembered)
        next = Array(repeating: 0, count: pixels)
        stored = next
    }

    /// Reads the next frame, `width` × `height`, opaque.
    package mutating func add(_ pixmap: Pixmap) {
        precondition(pixmap.width == width && pixmap.height == height, "frames of one size")
        var flashing = [Bool](repeating: false, count: width * height)
        var rate = 0
        // The oldest transition counted by a flashing pixel: where its flashing began.
        var earliest = frame
        let (kind, frame, window, remembered) = (kind, frame, framesPerSecond, Self.remembered)
        pixmap.bytes.withUnsafeBufferPointer { bytes in
            for pixel in 0..<(width * height) {
                let value = kind.value(
                    red: bytes[pixel * 4], green: bytes[pixel * 4 + 1], blue: bytes[pixel * 4 + 2])
                if swings[pixel].add(value, threshold: kind.threshold, darkLimit: kind.darkLimit) {
                    transitions[pixel * remembered + Int(next[pixel])] = Int32(frame)
                    next[pixel] = (next[pixel] + 1) % Int32(remembered)
                    stored[pixel] = min(stored[pixel] + 1, Int32(remembered))
                }
                // The transitions of the second ending at this frame, newest first.
                var recent = 0
                while recent < Int(stored[pixel]) {
                    let slot = (Int(next[pixel]) - 1 - recent + remembered) % remembered
                    guard Double(frame - Int(transitions[pixel * remembered + slot])) < window else { break }
                    recent += 1
                }
                guard recent >= Self.failingTransitions else { continue }
                flashing[pixel] = true
                rate = max(rate, recent)
                let oldest = (Int(next[pixel]) - recent + remembered) % remembered
                earliest = min(earliest, Int(transitions[pixel * remembered + oldest]))
            }
        }
        record(flashing: flashing, transitions: rate, since: earliest)
        self.frame += 1
    }

    /// Ends the video: a finding still open is closed.
    package mutating func finish() {
        if let finding = open { findings.append(finding) }
        open = nil
    }

    /// Opens, extends or closes a finding for the frame just read; `since`: the frame of the
    /// oldest transition the flashing pixels counted, where a finding that opens begins.
    private mutating func record(flashing: [Bool], transitions rate: Int, since: Int) {
        let (area, centre) = largestFlashingArea(flashing)
        guard area >= 1.0 / 9 else { return finish() }
        let flashes = Double(rate) / 2
        guard var finding = open else {
            open = FlashFinding(
                kind: kind, firstFrame: since, lastFrame: frame,
                flashesPerSecond: flashes, area: area, centreX: centre.x, centreY: centre.y, worstFrame: frame
            )
            return
        }
        finding.lastFrame = frame
        finding.flashesPerSecond = max(finding.flashesPerSecond, flashes)
        if area > finding.area {
            (finding.area, finding.centreX, finding.centreY, finding.worstFrame) = (
                area, centre.x, centre.y, frame
            )
        }
        open = finding
    }

    /// The largest share of the screen flashing inside one 10° field (a rectangle of two
    /// thirds of each side, anywhere), and the middle of the flashing pixels in that field.
    private func largestFlashingArea(_ flashing: [Bool]) -> (Double, (x: Double, y: Double)) {
        // Sums over the rectangle above and left of each corner, for the flashing pixels and
        // for their coordinates.
        let (columns, rows) = (width + 1, height + 1)
        var count = [Int](repeating: 0, count: columns * rows)
        var sumX = count
        var sumY = count
        var any = false
        for y in 0..<height {
            var (rowCount, rowX, rowY) = (0, 0, 0)
            for x in 0..<width {
                if flashing[y * width + x] {
                    (rowCount, rowX, rowY, any) = (rowCount + 1, rowX + x, rowY + y, true)
                }
                let at = (y + 1) * columns + x + 1
                count[at] = count[at - columns] + rowCount
                sumX[at] = sumX[at - columns] + rowX
                sumY[at] = sumY[at - columns] + rowY
            }
        }
        guard any else { return (0, (0, 0)) }
        let (fieldWidth, fieldHeight) = ((2 * width + 2) / 3, (2 * height + 2) / 3)
        var best = (count: -1, x: 0, y: 0)
        for top in 0...(height - fieldHeight) {
            for left in 0...(width - fieldWidth) {
                let inside = Self.sum(count, columns, left, top, fieldWidth, fieldHeight)
                if inside > best.count { best = (inside, left, top) }
            }
        }
        let centre = (
            x:
                (Double(Self.sum(sumX, columns, best.x, best.y, fieldWidth, fieldHeight)) / Double(best.count)
                + 0.5)
                / Double(width),
            y:
                (Double(Self.sum(sumY, columns, best.x, best.y, fieldWidth, fieldHeight)) / Double(best.count)
                + 0.5)
                / Double(height)
        )
        return (Double(best.count) / Double(width * height), best.count > 0 ? centre : (0, 0))
    }

    /// The sum of `table`'s values over the rectangle at `left`, `top` of `width` × `height`.
    private static func sum(
        _ table: [Int], _ columns: Int, _ left: Int, _ top: Int, _ width: Int, _ height: Int
    )
        -> Int
    {
        table[(top + height) * columns + left + width] - table[top * columns + left + width]
            - table[(top + height) * columns + left] + table[top * columns + left]
    }
}

/// How far the encoders of a stage's rows have written, as one index over all rows' frames
/// (frame k of row r is k × rows + r, the order the workers take them in): the frame pool
/// frees a frame the cache let go of once every frame up to the last that used it is written,
/// whichever row that frame belongs to.
struct WrittenFrames {
    /// Per row, its last frame written (-1: none yet); `nil` once the row stopped, whose
    /// frames nothing will write or read.
    private var last: [Int?]

    init(rows: Int) {
        last = Array(repeating: -1, count: rows)
    }

    /// Notes that row `row` has written its frame `frame`; returns the index every frame up to
    /// which is written.
    mutating func record(frame: Int, row: Int) -> Int {
        last[row] = frame
        return writtenThrough
    }

    /// Notes that row `row` stopped; returns the index every frame up to which is written.
    mutating func stop(row: Int) -> Int {
        last[row] = nil
        return writtenThrough
    }

    /// The last index before the first unwritten frame of any row still writing.
    private var writtenThrough: Int {
        let rows = last.count
        return last.enumerated().compactMap { row, frame in frame.map { ($0 + 1) * rows + row - 1 } }.min()
            ?? Int.max
    }
}

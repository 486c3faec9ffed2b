extension StackLayout {
    /// What a row or column does with the room its layers leave along its axis (when its box is
    /// longer than they are, and none of them has `flex`): gathers them at its start, centre or
    /// end, or spreads them out — the room between them (`spaceBetween`), around each, half of
    /// it at the ends (`spaceAround`), or evenly between them and the ends (`spaceEvenly`), as
    /// CSS's `justify-content`. The room is added to the `spacing`.
    public enum Distribution: String, CaseIterable, Hashable, Sendable {
        case start, center, end, spaceBetween, spaceAround, spaceEvenly

        /// Where the first of `count` layers starts, and what is added to each gap after it,
        /// given `room` points left over; a negative room (layers longer than the box) runs
        /// over the end, or both ends when centred.
        func spread(_ room: Double, among count: Int) -> (lead: Double, extraGap: Double) {
            let n = Double(count)
            switch self {
            case .start: return (0, 0)
            case .center: return (room / 2, 0)
            case .end: return (room, 0)
            case _ where room <= 0: return (0, 0)
            case .spaceBetween: return count > 1 ? (0, room / (n - 1)) : (0, 0)
            case .spaceAround: return (room / (2 * n), room / n)
            case .spaceEvenly: return (room / (n + 1), room / (n + 1))
            }
        }
    }
}

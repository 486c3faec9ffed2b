/// How a command shows its progress (`--progress`).
enum ProgressMode: String, CaseIterable, Sendable {
    /// A bar with frames, fps and ETA on stderr (`ProgressBar`).
    case bar
    /// One JSON object per line on stdout (`JSONProgress`).
    case json
    /// Only the final summary line (`PlainProgress`). Not named `none`, which an optional's
    /// `nil` would shadow.
    case plain = "none"
}

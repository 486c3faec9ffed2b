import Flipbook
import Synchronization

/// `--strict`: every warning about a preset is an error. A render with one writes nothing and
/// exits with 65, listing every warning — each with its class and JSON path, a line each.
///
/// Its sink (`sink`) takes the warnings instead of the progress reporter. What can be checked
/// before the first frame is (`check(_:)`: the preset read, its fonts looked up, its drawing
/// recorded across the video); a warning that only a frame drawn later gives stops that render
/// (`stopOnWarning`), whose output is then not written, or an older one replaced. A batch
/// shares one, and each render answers for the warnings about it (their `subject`, its label).
///
/// Thread-safe: warnings arrive from render workers, the encoder thread and the main task; its
/// state is behind a `Mutex`.
final class StrictMode: Sendable {
    private struct State {
        var warnings: [Warning] = []
        /// What stops the render whose warnings have each subject.
        var stops: [String: @Sendable () -> Void] = [:]
    }

    private let state = Mutex(State())

    /// Where the renders it watches report their warnings.
    var sink: WarningSink {
        WarningSink { [self] warning in record(warning) }
    }

    private func record(_ warning: Warning) {
        let stop = state.withLock { state in
            state.warnings.append(warning)
            return state.stops[warning.subject ?? ""]
        }
        stop?()
    }

    /// Calls `stop` as soon as a warning about `subject` is reported — at once if one was.
    func stopOnWarning(about subject: String?, _ stop: @escaping @Sendable () -> Void) {
        let reported = state.withLock { state in
            state.stops[subject ?? ""] = stop
            return state.warnings.contains { $0.subject == subject }
        }
        if reported { stop() }
    }

    /// The warnings reported about `subject`, in order.
    func warnings(about subject: String?) -> [Warning] {
        state.withLock { $0.warnings.filter { $0.subject == subject } }
    }

    /// Records what `export` would warn of before its first frame is drawn — the fonts its
    /// texts ask for, its drawing across the video (or at `times`) — to the sink it reports to,
    /// then throws the error its warnings about `subject` make for `preset`, if it has any.
    func check(_ export: VideoExport, subject: String?, preset: String, at times: [FrameTime]? = nil)
        throws(CommandError)
    {
        export.warnings.receiving { (export.scene as? Composition)?.lookUpFonts() }
        if !FlipbookTool.checking { export.checkDrawing(at: times) }
        if let error = failure(about: subject, preset: preset) { throw error }
    }

    /// The error that the warnings about `subject` make for `preset` (as messages name it),
    /// `nil` when there are none: each warning a line naming the preset (`promo.json: layers[2]:
    /// … [text-cut-off]`), then what came of it.
    func failure(about subject: String?, preset: String) -> CommandError? {
        let lines = warnings(about: subject).map { $0.subject == nil ? "\(preset): \($0)" : "\($0)" }
        guard let first = lines.first else { return nil }
        let count = lines.count == 1 ? "1 warning" : "\(lines.count) warnings"
        return CommandError(
            code: .invalidInput, message: first,
            details: lines.dropFirst() + [
                "\(preset): \(count) with --strict, each an error; nothing was written"
            ])
    }
}

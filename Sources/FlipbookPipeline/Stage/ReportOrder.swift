/// Tells frame reports as they read in frame order, whichever render worker won a race.
///
/// Workers draw frames concurrently, so of two frames with the same drawing the later one can
/// claim the frame cache first and draw it while the earlier one waits and takes its pixels.
/// The pixels are the same either way, but the reports would say that an earlier frame reused a
/// later one, and which frame was "redrawn" would change from run to run. So progress reports
/// are held from such a frame until the later frame's report arrives; then the earlier frame is
/// told as the one that drew, and the later one (and any other frame that took those pixels) as
/// reusing it.
struct ReportOrder {
    /// The report of a redrawn frame `index` whose named layers were drawn or reused as given:
    /// its reasons (`RenderStage.report(index:layers:)`).
    let redrawn: (_ index: Int, _ layers: [FrameReport.LayerReport]) -> FrameReport
    /// Progress held back, in frame order, until the frames it reuses have reported.
    private var held: [ExportProgress] = []
    /// For a frame that drew pixels an earlier frame took, that earlier frame.
    private var firstShown: [Int: Int] = [:]
    /// Frames that earlier frames took pixels from and that have not reported yet.
    private var awaited: Set<Int> = []

    init(redrawn: @escaping (_ index: Int, _ layers: [FrameReport.LayerReport]) -> FrameReport) {
        self.redrawn = redrawn
    }

    /// Takes the progress of the next frame written; returns the progress to publish now, in
    /// order (none while a later frame is awaited).
    mutating func add(_ progress: ExportProgress) -> [ExportProgress] {
        var progress = progress
        let index = progress.report.index
        switch progress.report.outcome {
        case .reused(let source) where source > index:
            firstShown[source] = min(firstShown[source] ?? index, index)
            awaited.insert(source)
        case .reused(let source):
            if let first = firstShown[source] { progress.report.outcome = .reused(from: first) }
        case .redrawn:
            if let first = firstShown[index], awaited.remove(index) != nil {
                retell(drawnBy: progress.report, as: first)
                progress.report = FrameReport(index: index, outcome: .reused(from: first))
            }
        case .copied:
            break
        }
        held.append(progress)
        guard awaited.isEmpty else { return [] }
        defer { held.removeAll() }
        return held
    }

    /// Tells the held report of frame `first` as the drawing of `report`'s frame, and every held
    /// frame that took that frame's pixels as reusing `first`.
    private mutating func retell(drawnBy report: FrameReport, as first: Int) {
        for i in held.indices {
            let heldIndex = held[i].report.index
            if heldIndex == first {
                held[i].report = redrawn(first, report.layers.map { .init(name: $0.name, reused: $0.reused) })
            } else if held[i].report.outcome == .reused(from: report.index) {
                held[i].report.outcome = .reused(from: first)
            }
        }
    }
}

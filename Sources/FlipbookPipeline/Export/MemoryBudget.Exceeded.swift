import FlipbookRaster

extension MemoryBudget {
    /// A render that would take more memory than its budget, with the part of the document that
    /// takes the most — as a compiler names the line, so the fix is found without a profiler:
    /// `launch.json: layers[3].layers[0]: needs about 6.4 GB, over the 4 GB memory budget; this
    /// part takes 2.1 GB, the most: an offscreen canvas of 2944×2104 pixels and its painted
    /// part, held by each of 2 render workers`.
    package struct Exceeded: Error, Hashable, Sendable, CustomStringConvertible {
        /// The preset, as given.
        package var file: String
        /// The JSON path of the part that takes the most (`layers[3].layers[0]`); empty when
        /// the render's own share (its frames in flight, its encoder) is the largest.
        package var path: String
        package var neededBytes: Int
        package var budgetBytes: Int
        /// What the part at `path` takes, and what for.
        package var largestBytes: Int
        package var reasons: [String]
        /// How many render workers each hold what it takes (1 when it is held once).
        package var workers: Int

        /// In the library's words; the command line names its option instead (`text(option:)`).
        package var description: String {
            text(option: "the memory budget")
        }

        /// The message, naming the budget as `option` says (`--memory-limit`).
        package func text(option: String) -> String {
            let place = path.isEmpty ? file : "\(file): \(path)"
            let part = path.isEmpty ? "the render itself" : "this part"
            let each = workers > 1 ? ", held by each of \(workers) render workers" : ""
            return "\(place): needs about \(MemoryEstimate.format(neededBytes)), over the "
                + "\(MemoryEstimate.format(budgetBytes)) memory budget (\(option)); \(part) takes "
                + "\(MemoryEstimate.format(largestBytes)), the most: \(reasons.joined(separator: ", "))\(each)"
        }
    }
}

import FlipbookRaster

extension MemoryBudget {
    /// A render that would take more memory than its budget, with the part of the document that
    /// takes the most — as a compiler names the line, so the fix is found without a profiler:
    /// `launch.json: layers[3].layers[0]: needs about 6.4 GB, over the 4 GB memory budget; this
    /// part takes 2.1 GB, the most: an offscreen canvas of 2944×2104 pixels and its painted
    /// part, held by each of 2 render workers`.
    public struct Exceeded: Error, Hashable, Sendable, CustomStringConvertible {
        /// The preset, as given.
        public var file: String
        /// The JSON path of the part that takes the most (`layers[3].layers[0]`); empty when
        /// the render's own share (its frames in flight, its encoder) is the largest.
        public var path: String
        public var neededBytes: Int
        public var budgetBytes: Int
        /// What the part at `path` takes, and what for.
        public var largestBytes: Int
        public var reasons: [String]
        /// How many render workers each hold what it takes (1 when it is held once).
        public var workers: Int

        /// In the library's words; the command line names its option instead (`text(option:)`).
        public var description: String {
            text(option: "the memory budget")
        }

        /// The message, naming the budget as `option` says (`--memory-limit`).
        public func text(option: String) -> String {
            let place = path.isEmpty ? file : "\(file): \(path)"
            let part = path.isEmpty ? "the render itself" : "this part"
            let each = workers > 1 ? ", held by each of \(workers) render workers" : ""
            return "\(place): needs about \(MemoryEstimate.format(neededBytes)), over the "
                + "\(MemoryEstimate.format(budgetBytes)) memory budget (\(option)); \(part) takes "
                + "\(MemoryEstimate.format(largestBytes)), the most: \(reasons.joined(separator: ", "))\(each)"
        }
    }
}

/// The problems found while decoding one document, collected so that all of them are reported
/// at once (a composition with three mistakes says so in one run, not in three).
///
/// Decoders run each independent part through `attempt`: a part that fails is recorded and
/// skipped, and decoding goes on with the next. `finish()` throws them all together.
package struct ProblemLog: Sendable {
    package private(set) var problems: [PresetError] = []

    /// At most this many problems are kept: a file wrong everywhere gives a screenful, not
    /// thousands of lines.
    package static let maximumCount = 50

    package init() {}

    /// `body`'s result, or `nil` after recording the problem it threw.
    package mutating func attempt<Value>(_ body: () throws(PresetError) -> Value) -> Value? {
        do {
            return try body()
        } catch {
            record(error)
            return nil
        }
    }

    /// Records `error` and the problems it carries.
    package mutating func record(_ error: PresetError) {
        var first = error
        first.others = []
        for problem in [first] + error.others where problems.count < Self.maximumCount {
            problems.append(problem)
        }
    }

    package var isEmpty: Bool { problems.isEmpty }

    /// Throws every recorded problem in the order of the file (those from the command line
    /// first), the first with the rest as its `others`.
    package func finish() throws(PresetError) {
        let ordered = problems.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            let keyA = (x?.line ?? Int.max, x?.column ?? 0, a.offset)
            let keyB = (y?.line ?? Int.max, y?.column ?? 0, b.offset)
            return keyA < keyB
        }.map(\.element)
        if let error = PresetError.combined(ordered) { throw error }
    }
}

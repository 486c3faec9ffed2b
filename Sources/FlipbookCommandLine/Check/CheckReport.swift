import Flipbook
import FlipbookChecks
import Foundation

/// What `flipbook check` prints: each preset's problems, as lines for people (`text`) or as
/// JSON (`json`).
struct CheckReport {
    /// A preset checked: its problems, or the error that kept it from being checked.
    struct Entry {
        var preset: String
        var problems: [CheckProblem]
        var error: CommandError?
    }

    var entries: [Entry]

    /// Every problem found, over all presets.
    var problemCount: Int { entries.reduce(0) { $0 + $1.problems.count } }

    /// A block per preset: its name and count, then a line per problem — the check, the time
    /// range, the layer and its path, and what is wrong. Each line is made safe for a terminal
    /// (`forTerminal`): a path or a layer's name with control characters in it cannot rewrite
    /// the screen or forge a line of the report.
    var text: String {
        entries.flatMap { entry in
            if let error = entry.error { return ["\(entry.preset): cannot be checked: \(error.fullMessage)"] }
            guard !entry.problems.isEmpty else { return ["\(entry.preset): no problems"] }
            let count = entry.problems.count
            let lines = entry.problems.map { problem in
                var line = "  \(problem.check.rawValue)"
                if let start = problem.start, let end = problem.end {
                    line += "  \(Self.seconds(start))–\(Self.seconds(end)) s"
                }
                if let path = problem.path { line += "  \(path)" }
                return line + ": " + problem.message
            }
            return ["\(entry.preset): \(count) problem\(count == 1 ? "" : "s")"] + lines
        }.map { $0.forTerminal + "\n" }.joined()
    }

    /// `[{"preset", "passed", "problems": [{"check", "start", "end", "layer", "path",
    /// "measured", "limit", "message"}], "error"}]` — `start` and `end` in seconds and `layer`
    /// only where they apply, `error` only for a preset that could not be checked.
    var json: JSONOutput {
        .array(
            entries.map { entry in
                var members: [(String, JSONOutput)] = [
                    ("preset", .string(entry.preset)),
                    ("passed", .bool(entry.error == nil && entry.problems.isEmpty)),
                    ("problems", .array(entry.problems.map(Self.json))),
                ]
                if let error = entry.error { members.append(("error", .string(error.fullMessage))) }
                return .object(members)
            })
    }

    private static func json(_ problem: CheckProblem) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("check", .string(problem.check.rawValue))]
        if let start = problem.start, let end = problem.end {
            members += [("start", .number(rounded(start))), ("end", .number(rounded(end)))]
        }
        if let layer = problem.layer { members.append(("layer", .string(layer))) }
        if let path = problem.path { members.append(("path", .string(path))) }
        members += [
            ("measured", .number(rounded(problem.measured))), ("limit", .number(rounded(problem.limit))),
            ("message", .string(problem.message)),
        ]
        return .object(members)
    }

    /// To thousandths, as the reports show them.
    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 + 0 }

    private static func seconds(_ value: Double) -> String { String(format: "%.1f", value) }
}

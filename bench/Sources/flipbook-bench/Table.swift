import Foundation

/// A plain-text table for the terminal (and Markdown, since its rows are pipe-separated).
struct Table {
    let title: String
    let columns: [String]
    private(set) var rows: [[String]] = []

    init(title: String, columns: [String]) {
        self.title = title
        self.columns = columns
    }

    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    var markdown: String {
        let widths = columns.indices.map { column in
            ([columns[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            "| "
                + cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return (["### \(title)", "", line(columns), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}

/// "12.3 (11.9–12.8)": a median with its range.
func formatted(_ samples: Samples, digits: Int = 1) -> String {
    let format = "%.\(digits)f"
    return String(format: format, samples.median) + " ("
        + String(format: format, samples.minimum) + "–" + String(format: format, samples.maximum) + ")"
}

import Flipbook
import Foundation

/// `batch --variables FILE`: a table of composition variables, one video per row. A CSV file
/// (RFC 4180: a header row of variable names, quoted fields may hold commas, quotes and line
/// breaks) or a JSON array of objects. Each row's values become `--set variables.NAME=VALUE`
/// (a value that reads as JSON — `12500`, `true` — is that JSON, anything else is text); the
/// row is named by its `name` column, or by its number from 1.
struct VariablesTable {
    struct Row {
        /// What the row's output is called after (`NAME-ID.EXT`).
        var id: String
        var values: [(name: String, value: String)]

        /// The row as overrides of the preset's `variables`.
        var overrides: [PresetOverride] {
            values.compactMap { PresetOverride("variables.\($0.name)=\($0.value)") }
        }

        /// What a preset file called `base` is called rendered with this row: `BASE-ROW`.
        func outputName(_ base: String) -> String { "\(base)-\(id)" }

        /// The row with only the values whose names `keep` holds for.
        func keeping(where keep: (String) -> Bool) -> Row {
            Row(id: id, values: values.filter { keep($0.name) })
        }
    }

    /// The file, as given.
    let path: String
    var rows: [Row]

    /// The most rows a table may have.
    static let maximumRows = 10_000

    /// Reads the table at `path`.
    /// - Throws: exit 65 naming the file, the line (CSV) or row (JSON), and what is wrong.
    init(path: String) throws(CommandError) {
        self.path = path
        func refuse(_ message: String) -> CommandError {
            CommandError(code: .invalidInput, message: "\(path): \(message)")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else { throw refuse("no such file, or not a readable file") }
        guard data.count <= 16 << 20 else { throw refuse("a variables table may be at most 16 MiB") }
        guard let text = String(data: data, encoding: .utf8) else { throw refuse("is not UTF-8 text") }
        var table: [[Cell]]
        if path.lowercased().hasSuffix(".json") {
            table = try Self.json(text, refuse: refuse)
        } else {
            table = try Self.csv(text, refuse: refuse)
        }
        guard !table.isEmpty else { throw refuse("has no rows") }
        guard table.count <= Self.maximumRows else { throw refuse("has more than \(Self.maximumRows) rows") }
        rows = []
        var seen: [String: String] = [:]
        for (number, cells) in table.enumerated() {
            for cell in cells {
                if let problem = Self.nameProblem(cell.name) { throw refuse(problem) }
            }
            let named = cells.first { $0.name == "name" }?.text
            let id = named.map(Self.fileSafe) ?? String(number + 1)
            guard !id.isEmpty else {
                guard let named, !named.isEmpty else { throw refuse("row \(number + 1) has an empty name") }
                throw refuse(
                    "row \(number + 1) is named \"\(named.prefix(40))\", which leaves no file name: "
                        + "a name needs a letter or digit (only letters, digits, -, _ and inner dots are kept)"
                )
            }
            if let other = seen[id] {
                let named = named ?? id
                throw refuse(
                    other == named
                        ? "two rows are named \"\(id)\"; names make the file names"
                        : "rows named \"\(other)\" and \"\(named)\" would both write files named …-\(id): "
                            + "a file name keeps letters, digits, -, _ and . and makes the rest _")
            }
            seen[id] = named ?? id
            rows.append(Row(id: id, values: cells.map { (name: $0.name, value: $0.value) }))
        }
    }

    /// Refuses a column that is a variable of none of the presets, `known` holding each
    /// preset's variables and placeholders: a misspelt column would otherwise change nothing.
    /// The `name` column names the rows, so it may be nobody's variable.
    func refuseColumns(unknownTo known: [Set<String>]) throws(CommandError) {
        let everyName = known.reduce(into: Set<String>()) { $0.formUnion($1) }
        var columns: [String] = []
        for row in rows {
            for (name, _) in row.values where !columns.contains(name) { columns.append(name) }
        }
        for column in columns where column != "name" && !everyName.contains(column) {
            let hint =
                DidYouMean.closest(to: column, among: everyName.sorted()).map { "; did you mean \"\($0)\"?" }
                ?? ""
            throw CommandError(
                code: .invalidInput,
                message:
                    "\(path): column \"\(column)\" is a variable of no preset: no text shows {\(column)}\(hint)"
            )
        }
    }

    /// One value of a row: the column's name, the value as `--set` takes it (JSON text for a
    /// JSON table's strings), and as plain text (what a row's `name` makes file names of).
    private struct Cell {
        var name: String
        var value: String
        var text: String
    }

    /// The longest column name: a variable name in a file name's place (`{name}`), never prose.
    static let maximumNameLength = 256

    /// Why `name` cannot be a column (a variable's name), or `nil`.
    private static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a column has no name" }
        if let bad = name.first(where: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) {
            return "\"\(name.prefix(40))\" is not a variable name: \"\(bad)\" is not a letter, digit, _ or -"
        }
        if name.count > maximumNameLength {
            return
                "the column \"\(name.prefix(40))…\" is \(name.count) characters long; a variable name may have "
                + "at most \(maximumNameLength)"
        }
        return nil
    }

    /// A row name as part of a file name: letters, digits, `-`, `_` and `.` kept, the rest `_`.
    private static func fileSafe(_ name: String) -> String {
        String(
            name.prefix(80).map {
                $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_"
            }
        ).trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    private static func json(_ text: String, refuse: (String) -> CommandError) throws(CommandError)
        -> [[Cell]]
    {
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw refuse("\(error.location): invalid JSON: \(error.message)")
        }
        guard case .array(let items) = root.kind else {
            throw refuse("must be a JSON array of objects, one per video")
        }
        var rows: [[Cell]] = []
        for (index, item) in items.enumerated() {
            guard case .object(let members) = item.kind else {
                throw refuse(
                    "\(item.location): row \(index + 1) must be an object of variable names to values")
            }
            rows.append(
                try members.map { (member) throws(CommandError) in
                    switch member.value.kind {
                    case .string(let value):
                        return Cell(name: member.key, value: JSONOutput.string(value).text(), text: value)
                    case .number, .bool:
                        let literal = member.value.literal ?? member.value.summary
                        return Cell(name: member.key, value: literal, text: literal)
                    default:
                        throw refuse(
                            "\(member.value.location): row \(index + 1), \"\(member.key)\" must be text or a number"
                        )
                    }
                })
        }
        return rows
    }

    /// RFC 4180 records: the first is the header.
    private static func csv(_ text: String, refuse: (String) -> CommandError) throws(CommandError)
        -> [[Cell]]
    {
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var line = 1
        var recordLine = 1
        var characters = Array(text.replacingOccurrences(of: "\r\n", with: "\n"))
        if characters.first == "\u{FEFF}" { characters.removeFirst() }
        var i = 0
        while i < characters.count {
            let character = characters[i]
            if quoted {
                if character == "\"" {
                    if i + 1 < characters.count, characters[i + 1] == "\"" {
                        field.append("\"")
                        i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if character == "\n" { line += 1 }
                    field.append(character)
                }
            } else if character == "\"", field.isEmpty {
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else if character == "\n" {
                fields.append(field)
                if fields != [""] { records.append((recordLine, fields)) }
                (fields, field) = ([], "")
                line += 1
                recordLine = line
            } else {
                field.append(character)
            }
            i += 1
        }
        if quoted { throw refuse("line \(recordLine): a quoted field is not closed") }
        fields.append(field)
        if fields != [""] { records.append((recordLine, fields)) }
        guard let header = records.first else {
            throw refuse("is empty: it needs a header row of variable names")
        }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        if let duplicate = Dictionary(grouping: names, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw refuse("line 1: the column \"\(duplicate)\" appears twice")
        }
        return try records.dropFirst().map { (record) throws(CommandError) in
            guard record.fields.count == names.count else {
                throw refuse(
                    "line \(record.line): \(record.fields.count) fields, but the header names \(names.count) columns"
                )
            }
            return zip(names, record.fields).map { Cell(name: $0, value: $1, text: $1) }
        }
    }
}

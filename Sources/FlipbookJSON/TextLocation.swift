/// A position in a text file: line and column, both counted from 1 (columns in characters).
public struct TextLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    /// Where values set from outside the file are: line 0, which no file has (a command line's
    /// `--set`, a variables table's row).
    public static let override = TextLocation(line: 0, column: 0)

    /// Whether the value at this location was set from outside the file.
    public var isOverride: Bool { line == 0 }
}

import Flipbook

/// What `flipbook validate --json` says of one preset: whether it is valid, its warnings (each
/// with its JSON path and class) and its errors (a line each, as stderr would give them).
struct ValidationReport {
    /// The preset as messages name it (its path, `stdin` for standard input).
    var preset: String
    var warnings: [Warning] = []
    var errors: [String] = []

    /// `{"preset", "valid", "warnings": [{"path", "class", "message"}], "errors": […]}`; a
    /// warning without a path has none.
    var json: JSONOutput {
        .object([
            ("preset", .string(preset)), ("valid", .bool(errors.isEmpty)),
            ("warnings", .array(warnings.map(\.json))),
            ("errors", .array(errors.map(JSONOutput.string))),
        ])
    }
}

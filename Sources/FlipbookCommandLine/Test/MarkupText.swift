/// Text put into XML or HTML, for `flipbook test`'s JUnit XML and HTML report.
enum MarkupText {
    /// `text` with the five characters markup gives meaning to as entities, and the control
    /// characters XML 1.0 cannot hold (all but tab and newline) as spaces — so a preset's name
    /// or a message can never end an attribute or open an element.
    static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            let unheld = scalar.value < 0x20 && scalar != "\t" && scalar != "\n"
            return entities[scalar] ?? (unheld ? " " : String(scalar))
        }.joined()
    }

    /// The characters markup gives meaning to, and the entities that stand for them.
    private static let entities: [Unicode.Scalar: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;",
    ]
}

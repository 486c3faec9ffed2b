/// Text put into XML or HTML, for `flipbook test`'s JUnit XML and HTML report.
enum MarkupText {
    /// `text` with the five characters markup gives meaning to as entities, and the control
    /// characters XML 1.0 cannot hold (all but tab and newline) as spaces — so a preset's name
    /// or a message can never end an attribute or open an element.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

import Foundation

/// Text with `{placeholders}` filled from the composition's variables and the layer's counters:
/// `"{count:number} happy users"`, `"Launch: {day:date(long)}"`. `{{` and `}}` are literal
/// braces.
public struct TextTemplate: Hashable, Sendable {
    package enum Part: Hashable, Sendable {
        case literal(String)
        case placeholder(name: String, format: ValueFormat)
    }

    package var parts: [Part]

    /// Why a template could not be read.
    public struct ParseError: Error, Hashable, Sendable {
        public var message: String
    }

    package init(parts: [Part]) {
        self.parts = parts
    }

    /// Parses `text`.
    public init(parsing text: String) throws(ParseError) {
        parts = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "{", next < text.endIndex, text[next] == "{" {
                literal.append("{")
                index = text.index(after: next)
            } else if character == "}", next < text.endIndex, text[next] == "}" {
                literal.append("}")
                index = text.index(after: next)
            } else if character == "{" {
                guard let close = text[next...].firstIndex(of: "}") else {
                    throw ParseError(message: "a \"{\" has no closing \"}\" (write {{ for a literal brace)")
                }
                let inside = String(text[next..<close])
                let (name, formatText) = Self.split(inside)
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
                else {
                    throw ParseError(
                        message: "\"{\(inside)}\" is not a placeholder: write {name} or {name:format}")
                }
                let format: ValueFormat
                do {
                    format = try ValueFormat(parsing: formatText)
                } catch {
                    throw ParseError(message: "in \"{\(inside)}\": \(error.message)")
                }
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(.placeholder(name: name, format: format))
                index = text.index(after: close)
            } else if character == "}" {
                throw ParseError(message: "a \"}\" has no opening \"{\" (write }} for a literal brace)")
            } else {
                literal.append(character)
                index = next
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
    }

    private static func split(_ inside: String) -> (String, String?) {
        guard let colon = inside.firstIndex(of: ":") else {
            return (inside.trimmingCharacters(in: .whitespaces), nil)
        }
        return (
            inside[..<colon].trimmingCharacters(in: .whitespaces),
            inside[inside.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        )
    }

    /// The names the template refers to, with their formats.
    public var placeholders: [(name: String, format: ValueFormat)] {
        parts.compactMap {
            if case .placeholder(let name, let format) = $0 { return (name, format) }
            return nil
        }
    }

    /// The text with every placeholder filled by `value(name)`, formatted.
    func filled(_ value: (String) -> VariableValue?, formatter: ValueFormatter) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): text
            case .placeholder(let name, let format):
                value(name).map { formatter.format($0, as: format) } ?? ""
            }
        }.joined()
    }
}

import FlipbookJSON
import FlipbookPresets
import FlipbookScenes
import Testing

@Test func stringsDecodeEscapesAndSurrogatePairs() throws {
    let value = try JSONParser.parse(#"["a\"b\\\n\u00e4\ud83c\udf89", "Grüße, Привет"]"#)
    guard case .array(let items) = value.kind, case .string(let first) = items[0].kind,
        case .string(let second) = items[1].kind
    else {
        Issue.record("expected two strings")
        return
    }
    #expect(first == "a\"b\\\nä🎉")
    #expect(second == "Grüße, Привет")
}

@Test func locationsCountLinesAndCharacters() throws {
    let value = try JSONParser.parse("{\n  \"ä\": [1,\n   2]}")
    guard case .object(let members) = value.kind, case .array(let items) = members[0].value.kind else {
        Issue.record("expected an object holding an array")
        return
    }
    #expect(members[0].keyLocation == TextLocation(line: 2, column: 3))
    #expect(items[1].location == TextLocation(line: 3, column: 4))
}

@Test func aLeadingByteOrderMarkIsSkippedAndColumnsCountAfterIt() throws {
    let value = try JSONParser.parse("\u{FEFF}{\"a\": [1, 2]}")
    guard case .object(let members) = value.kind else {
        Issue.record("expected an object")
        return
    }
    #expect(members.map(\.key) == ["a"] && members[0].keyLocation == TextLocation(line: 1, column: 2))
    // Only at the start: anywhere else it is an error.
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse("[1, \u{FEFF}2]") }
}

@Test(arguments: [
    ("", "1:1", "unexpected end of file; expected a value"),
    ("[1 2]", "1:4", "unexpected '2'; expected ',' or ']'"),
    ("{\"a\": 1, \"a\": 2}", "1:10", "duplicate key \"a\""),
    ("01", "1:1", "invalid number: leading zeros are not allowed"),
    ("\"abc", "1:5", "unterminated string (it starts at 1:1)"),
    ("[1] x", "1:5", "unexpected 'x' after the end of the document"),
    ("tru", "1:1", "invalid literal; expected true"),
    ("1e999", "1:1", "number 1e999 is out of range"),
])
func syntaxErrorsSayWhereAndWhat(text: String, location: String, message: String) {
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text) }
    do {
        _ = try JSONParser.parse(text)
    } catch {
        #expect(error.location.description == location)
        #expect(error.message == message)
    }
}

@Test func deepNestingIsRefusedNotACrash() {
    let text = String(repeating: "[", count: 100_000)
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text) }
}

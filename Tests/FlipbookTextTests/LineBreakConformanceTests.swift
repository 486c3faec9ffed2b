import FlipbookText
import Foundation
import Testing

/// Every case of Unicode's conformance file for the line breaking algorithm,
/// LineBreakTest.txt, from Debian's unicode-data package (`make test` installs it): the break
/// opportunities `LineBreaks` finds between code points must be the file's.
@Test func everyCaseOfLineBreakTestPasses() throws {
    let url = URL(fileURLWithPath: "/usr/share/unicode/auxiliary/LineBreakTest.txt")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("\(url.path) is missing: install Debian's unicode-data package (make test does)")
        return
    }
    var (cases, failures) = (0, [String]())
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        let tokens = line.prefix { $0 != "#" }.split(whereSeparator: \.isWhitespace)
        guard !tokens.isEmpty else { continue }
        // "× 0023 ÷ 0020 ÷": a mark before each code point (the first never breaks) and at the end.
        var scalars: [Unicode.Scalar] = []
        var expected: [Bool] = []
        for token in tokens.dropLast() {
            switch token {
            case "×": expected.append(false)
            case "÷": expected.append(true)
            default: scalars.append(try #require(UInt32(token, radix: 16).flatMap(Unicode.Scalar.init)))
            }
        }
        try #require(scalars.count == expected.count, "\(line)")
        expected[0] = false
        cases += 1
        let found = LineBreaks.opportunities(in: scalars)
        if found != expected {
            let marks = zip(scalars, found).map {
                ($1 ? "÷ " : "× ") + String($0.value, radix: 16, uppercase: true)
            }
            failures.append("\(line)\n  got " + marks.joined(separator: " "))
        }
    }
    #expect(cases > 7_000)
    #expect(
        failures.count == 0,
        "\(failures.count) of \(cases) cases fail, first:\n\(failures.prefix(8).joined(separator: "\n"))")
}

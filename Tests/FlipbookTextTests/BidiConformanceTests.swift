import FlipbookText
import Foundation
import Testing

/// Unicode's own conformance tests of the bidirectional algorithm, from Debian's unicode-data
/// package (`make deps` installs it): every case of BidiCharacterTest.txt (code points,
/// brackets included) and of BidiTest.txt (sequences of classes, every combination up to four,
/// and longer ones for known pitfalls), at every paragraph direction each case gives.
private let database = URL(fileURLWithPath: "/usr/share/unicode")

/// The file's text, or nil with a recorded failure naming what is missing.
private func conformanceFile(_ name: String) -> String? {
    let url = database.appendingPathComponent(name)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("\(url.path) is missing: install Debian's unicode-data package (make deps)")
        return nil
    }
    return text
}

/// What `BidiLevels` makes of `characters` at paragraph direction `direction` (0 left to
/// right, 1 right to left, nil from the text): the paragraph level, the levels (nil where the
/// expected ones say a character is removed), and the visual order of the characters kept.
private func resolve(_ characters: [Character], direction: UInt8?, removed: [Bool]) -> (
    paragraph: UInt8, levels: [UInt8?], order: [Int]
) {
    let paragraph = direction ?? BidiLevels.paragraphLevel(of: characters)
    let levels = BidiLevels.levels(of: characters, base: paragraph)
    let order = BidiLevels.visualOrder(of: levels).filter { !removed[$0] }
    return (paragraph, zip(levels, removed).map { $1 ? nil : $0 }, order)
}

/// Levels as the files write them: numbers, and x for removed characters.
private func parseLevels(_ field: Substring) -> [UInt8?] {
    field.split(whereSeparator: \.isWhitespace).map { UInt8($0) }
}

@Test func everyCaseOfBidiCharacterTestPasses() throws {
    guard let text = conformanceFile("BidiCharacterTest.txt") else { return }
    var (cases, failures) = (0, [String]())
    for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
        let fields = line.split(separator: ";", omittingEmptySubsequences: false)
        try #require(fields.count == 5, "\(line)")
        let characters = fields[0].split(separator: " ").map {
            Character(Unicode.Scalar(UInt32($0, radix: 16)!)!)
        }
        let direction: UInt8? = fields[1] == "2" ? nil : UInt8(fields[1])
        let levels = parseLevels(fields[3])
        let order = fields[4].split(separator: " ").map { Int($0)! }
        let result = resolve(characters, direction: direction, removed: levels.map { $0 == nil })
        cases += 1
        if result.paragraph != UInt8(fields[2]) || result.levels != levels || result.order != order {
            failures.append(
                "\(line)\n  got paragraph \(result.paragraph), levels "
                    + result.levels.map { $0.map(String.init) ?? "x" }.joined(separator: " ")
                    + ", order " + result.order.map(String.init).joined(separator: " "))
        }
    }
    #expect(cases > 90_000)
    #expect(
        failures.count == 0,
        "\(failures.count) of \(cases) cases fail, first:\n\(failures.prefix(5).joined(separator: "\n"))")
}

@Test func everyCaseOfBidiTestPasses() throws {
    guard let text = conformanceFile("BidiTest.txt") else { return }
    // A character of each class (none of them a bracket).
    let representatives: [String: Character] = [
        "L": "a", "R": "\u{05D0}", "AL": "\u{0627}", "EN": "1", "ES": "+", "ET": "$", "AN": "\u{0660}",
        "CS": ",", "NSM": "\u{0300}", "BN": "\u{00AD}", "B": "\u{2029}", "S": "\t", "WS": " ", "ON": "!",
        "LRE": "\u{202A}", "LRO": "\u{202D}", "RLE": "\u{202B}", "RLO": "\u{202E}", "PDF": "\u{202C}",
        "LRI": "\u{2066}", "RLI": "\u{2067}", "FSI": "\u{2068}", "PDI": "\u{2069}",
    ]
    var (levels, order) = ([UInt8?](), [Int]())
    var (cases, failures) = (0, [String]())
    for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
        if line.hasPrefix("@Levels:") {
            levels = parseLevels(line.dropFirst("@Levels:".count))
            continue
        }
        if line.hasPrefix("@Reorder:") {
            order = line.dropFirst("@Reorder:".count).split(whereSeparator: \.isWhitespace).map { Int($0)! }
            continue
        }
        let fields = line.split(separator: ";")
        try #require(fields.count == 2, "\(line)")
        let characters = try fields[0].split(whereSeparator: \.isWhitespace).map {
            try #require(representatives[String($0)], "\(line)")
        }
        let directions = try #require(Int(fields[1].trimmingCharacters(in: .whitespaces), radix: 16))
        for (bit, direction) in [(1, UInt8?.none), (2, 0), (4, 1)] where directions & bit != 0 {
            let result = resolve(characters, direction: direction, removed: levels.map { $0 == nil })
            cases += 1
            if result.levels != levels || result.order != order {
                failures.append(
                    "\(fields[0]) at \(direction.map(String.init) ?? "auto"): expected levels "
                        + levels.map { $0.map(String.init) ?? "x" }.joined(separator: " ") + " got "
                        + result.levels.map { $0.map(String.init) ?? "x" }.joined(separator: " ")
                        + ", order \(order) got \(result.order)")
            }
        }
    }
    #expect(cases > 700_000)
    #expect(
        failures.count == 0,
        "\(failures.count) of \(cases) cases fail, first:\n\(failures.prefix(5).joined(separator: "\n"))")
}

/// Suggestions for misspelt names ("did you mean …?") in preset keys, scene names and flags.
package enum DidYouMean {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a typo:
    /// at most a third of the word's length in edits, and at least one edit allowed. A word
    /// longer than `longestWord` is no typo of a name, and is not compared (the comparison costs
    /// its length times each candidate's).
    package static func closest(to word: String, among candidates: [String]) -> String? {
        guard word.count <= longestWord else { return nil }
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(1, word.count / 3) ? best.0 : nil
    }

    package static let longestWord = 64

    /// Edit distance between `a` and `b` in characters, counting insertions, deletions,
    /// substitutions and swaps of two adjacent characters (the commonest typo) as one edit each
    /// (optimal string alignment distance).
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

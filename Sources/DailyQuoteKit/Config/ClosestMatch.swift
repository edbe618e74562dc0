/// Picks the candidate closest to a misspelt word, for "did you mean" hints.
package enum ClosestMatch {
    /// The candidate with the smallest edit distance to `word` (case-insensitive), if it is
    /// close enough to be a likely misspelling.
    ///
    /// Close enough means at most a third of the word's length (at least one) edits away:
    /// `minit` suggests `minute`, but `zone.tab` suggests no zone and `language` no key.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        let scored = candidates.map { ($0, distance(target, Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= maximumDistance(forLength: target.count) else { return nil }
        return best.0
    }

    /// `; did you mean "save"?` for the closest candidate, or nothing.
    ///
    /// A question ends its sentence, so this is the end of a message: whatever else the
    /// message says (`use copy, save, another`) comes before it.
    package static func question(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// The most edits a suggestion may be away from a word of `length` characters.
    static func maximumDistance(forLength length: Int) -> Int { max(1, (length + 2) / 3) }

    /// The Levenshtein distance between two character arrays.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

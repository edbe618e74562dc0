/// Picks the candidate closest to a misspelt word, for "did you mean" hints.
enum ClosestMatch {
    /// The candidate with the smallest edit distance to `word` (case-insensitive), if any.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        return candidates.min { distance(target, Array($0.lowercased())) < distance(target, Array($1.lowercased())) }
    }

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

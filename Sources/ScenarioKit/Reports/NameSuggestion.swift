/// The name in `names` nearest to `key` by edit distance, if it is close enough to be a typo:
/// the "did you mean" of every message about a misspelt name (STYLE rule 10).
///
///     closestName(to: "layuot", among: ["layout", "lifecycle"])   // "layout"
public func closestName(to key: String, among names: [String]) -> String? {
    let reach = max(2, key.count / 4)
    let lowered = Array(key.lowercased().utf8)
    var best: (name: String, distance: Int)?
    for name in names {
        let candidate = Array(name.lowercased().utf8)
        // The distance is at least the difference in length: a name beyond reach costs nothing.
        guard abs(candidate.count - lowered.count) <= reach,
            let distance = editDistance(lowered, candidate, limit: best?.distance ?? reach)
        else { continue }
        if let current = best, distance > current.distance || (distance == current.distance && name > current.name) {
            continue
        }
        best = (name, distance)
    }
    return best?.name
}

/// Levenshtein distance between two strings.
public func editDistance(_ a: String, _ b: String) -> Int {
    editDistance(Array(a.utf8), Array(b.utf8), limit: Int.max)!
}

/// Levenshtein distance between two byte strings, or nil once it is sure to pass `limit`:
/// a row whose every entry passes it can only lead to a greater distance, so a name far from
/// the key costs a few rows, not a whole table (issue 18: a script with many fields of its
/// own paid for each misspelt name in proportion to all of them).
func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
    var previous = Array(0...b.count)
    var current = previous
    for (i, x) in a.enumerated() {
        current[0] = i + 1
        var rowBest = current[0]
        for (j, y) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            rowBest = min(rowBest, current[j + 1])
        }
        if rowBest > limit { return nil }
        swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
}

/// `text` as a shell word: as it is when it needs no quoting, else in single quotes.
public func shellQuoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@%,".contains($0) }
    return plain
        ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}

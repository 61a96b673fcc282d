/// The name in `names` nearest to `key` by edit distance, if it is close enough to be a typo:
/// the "did you mean" of every message about a misspelt name (STYLE rule 10).
///
///     closestName(to: "layuot", among: ["layout", "lifecycle"])   // "layout"
public func closestName(to key: String, among names: [String]) -> String? {
    let scored = names.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
    return best.1 <= max(2, key.count / 4) ? best.0 : nil
}

/// Levenshtein distance between two strings.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for (j, y) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

/// `text` as a shell word: as it is when it needs no quoting, else in single quotes.
public func shellQuoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@%,".contains($0) }
    return plain
        ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}

/// `vcsandbox test --shard I/N`: the I-th of N deterministic parts of a run's scripts, for
/// spreading one suite over several CI machines.
///
/// A shard takes the scripts whose position in the sorted list, counted from 0, leaves the
/// remainder I-1 when divided by N, so every script is in exactly one shard and the split
/// depends only on the list. A script's scenarios stay together, since they share its top
/// level and its Lua state (D-39).
///
/// ```swift
/// Shard("2/3")?.select(["a", "b", "c", "d", "e"])  // ["b", "e"]
/// ```
public struct Shard: Equatable, Sendable {
    /// Which shard, from 1 to `count`.
    public var index: Int
    /// How many shards there are, at least 1.
    public var count: Int

    /// The shard `index` of `count`; nil unless `1 <= index <= count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// The shard a command line spells `I/N`; nil for any other text or numbers out of range.
    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// The elements of this shard, in their order.
    public func select<Element>(_ elements: [Element]) -> [Element] {
        elements.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}

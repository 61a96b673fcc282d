/// A deterministic shuffle for `vcsandbox test --shuffle`: the same seed gives the same
/// order on every machine and every run, so a failure that depends on order can be
/// reproduced with `--seed N` (the run names its seed on standard error).
///
///     SeededOrder(seed: 42).shuffled(["a", "b", "c", "d"])   // the same order every time
public struct SeededOrder: Sendable {
    public let seed: UInt64

    public init(seed: UInt64) {
        self.seed = seed
    }

    /// `items` in an order that depends only on the seed (Fisher–Yates, SplitMix64).
    public func shuffled<Item>(_ items: [Item]) -> [Item] {
        var items = items
        var generator = SplitMix64(state: seed)
        guard items.count > 1 else { return items }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            let other = Int(generator.next() % UInt64(index + 1))
            items.swapAt(index, other)
        }
        return items
    }
}

/// SplitMix64 (Steele, Lea and Flood): a small generator whose sequence is fixed by its
/// seed, as the standard library's generator is not.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

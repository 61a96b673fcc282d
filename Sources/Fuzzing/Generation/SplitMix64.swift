/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit generator whose whole state is one
/// counter, so the same seed gives the same numbers on every platform and every run. The
/// fuzzer draws every choice from it; nothing it generates depends on anything else.
///
///     var random = SplitMix64(seed: 0)
///     random.next()            // 0xE220A8397B1DCDAF, the reference implementation's first
///     random.int(in: 1...6)    // a die
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range`, each about equally likely.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    /// A number in [0, 1).
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// One of `items`, which must not be empty.
    public mutating func pick<Item>(_ items: [Item]) -> Item {
        items[int(in: 0...(items.count - 1))]
    }

    /// One of `items`, or nil when there are none.
    public mutating func maybePick<Item>(_ items: [Item]) -> Item? {
        items.isEmpty ? nil : pick(items)
    }

    /// The index of one of `weights`, chosen in proportion to its weight.
    public mutating func weightedIndex(_ weights: [Int]) -> Int {
        var roll = int(in: 0...(weights.reduce(0, +) - 1))
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }

    /// `items` in a random order (Fisher and Yates).
    public mutating func shuffled<Item>(_ items: [Item]) -> [Item] {
        var result = items
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(index, int(in: 0...index))
        }
        return result
    }
}

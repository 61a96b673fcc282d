import Synchronization

/// Counts the engine objects alive in the process, so tests can prove that nothing leaks.
///
/// Every view, window, controller and world counts itself in on `init` and out on `deinit`.
public enum LiveObjects {
    private static let counter = Atomic<Int>(0)

    /// How many engine objects exist right now.
    public static var count: Int { counter.load(ordering: .relaxed) }

    static func born() { counter.add(1, ordering: .relaxed) }
    static func died() { counter.subtract(1, ordering: .relaxed) }
}

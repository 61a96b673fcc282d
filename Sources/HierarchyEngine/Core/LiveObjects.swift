/// Counts the engine objects of one world that are still alive, so that tests can prove
/// nothing leaks: every view, window and controller counts itself in on `init` and out on
/// `deinit`, and so does the world. Each holds the counter, which outlives them all.
///
///     let counter = world.liveObjects
///     world = nil          // ... and everything it made is gone:
///     counter.count == 0
public final class LiveObjects {
    @exclusivity(unchecked) public private(set) var count = 0

    init() {}

    func born() { count += 1 }
    func died() { count -= 1 }
}

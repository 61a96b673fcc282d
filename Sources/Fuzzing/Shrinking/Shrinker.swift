import HierarchyEngine

/// Delta debugging (Zeller and Hildebrandt's ddmin, removing chunks): the smallest list of
/// steps, found by dropping ever smaller chunks, that still fails the same way.
///
/// The result is 1-minimal as far as the budget allows: dropping any single step of it
/// makes the failure go. Each test reruns the whole candidate script from scratch, so the
/// predicate must be deterministic, as the engine and the generated scripts are.
///
///     let small = Shrinker.minimize(script.steps) { steps in
///         FuzzRun.run(script.keeping(steps)).families.contains(.settled)
///     }
public enum Shrinker {
    /// The most candidates one shrink runs.
    public static let defaultBudget = 3000

    /// A sublist of `items` (in order) for which `isFailing` still holds; `items` itself
    /// must fail.
    public static func minimize<Item>(
        _ items: [Item], budget: Int = defaultBudget, isFailing: ([Item]) -> Bool
    ) -> [Item] {
        var current = items
        var granularity = 2
        var tests = 0
        while current.count >= 2, tests < budget {
            var chunks = split(current, into: min(granularity, current.count))
            var removed = false
            var index = 0
            // One pass over the chunks, dropping each whose removal keeps the failure; the pass
            // goes on from where it is rather than starting again, which keeps it near n log n.
            while index < chunks.count, chunks.count > 1, tests < budget {
                let complement = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
                tests += 1
                if isFailing(complement) {
                    chunks.remove(at: index)
                    removed = true
                } else {
                    index += 1
                }
            }
            current = chunks.flatMap { $0 }
            if removed {
                granularity = max(chunks.count, 2)
            } else {
                if granularity >= current.count { break }
                granularity = min(granularity * 2, current.count)
            }
        }
        return current
    }

    /// `items` in `count` chunks of nearly equal size, in order.
    static func split<Item>(_ items: [Item], into count: Int) -> [[Item]] {
        let size = items.count / count
        let larger = items.count % count
        var chunks: [[Item]] = []
        var start = 0
        for index in 0..<count {
            let end = start + size + (index < larger ? 1 : 0)
            chunks.append(Array(items[start..<end]))
            start = end
        }
        return chunks
    }

    /// `script` shrunk to the fewest steps that still fail with `family` when run here
    /// with the checks (and a test's `plantedCheck`).
    public static func shrink(
        _ script: FuzzScript, keeping family: Family, budget: Int = defaultBudget,
        plantedCheck: ((World) -> String?)? = nil
    ) -> FuzzScript {
        let seen = FuzzRun.run(script, plantedCheck: plantedCheck).first(family)?.step
        return shrink(script, seenAt: seen, budget: budget) { candidate in
            FuzzRun.run(candidate, plantedCheck: plantedCheck).families.contains(family)
        }
    }

    /// `script` shrunk to the fewest steps for which `isFailing` holds. When the failure was
    /// seen at `step`, the top-level steps after it go first, in one try. A final `settle()`
    /// stays: without it the script's implicit one would do its work unchecked.
    public static func shrink(
        _ script: FuzzScript, seenAt step: Int?, budget: Int = defaultBudget, isFailing: (FuzzScript) -> Bool
    ) -> FuzzScript {
        let ending = script.steps.last.map { $0.kind == .settle ? [$0] : [] } ?? []
        var body = Array(script.steps.dropLast(ending.count))
        if let step, let cut = body.truncated(after: step), isFailing(script.keeping(cut + ending)) {
            body = cut
        }
        let steps = minimize(body, budget: budget) { steps in isFailing(script.keeping(steps + ending)) }
        return script.keeping(steps + ending)
    }
}

extension [Step] {
    /// The steps up to the top-level step that holds step `id` (itself, or the step whose
    /// callbacks hold it), or nil when no step does.
    func truncated(after id: Int) -> [Step]? {
        let needle = "step(\(id), "
        guard let index = firstIndex(where: { $0.id == id || $0.code.contains(needle) }) else { return nil }
        return Array(self[...index])
    }
}

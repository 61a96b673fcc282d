import ScenarioKit
import Testing

/// `--shard I/N`: what it accepts, and that the shards split any list exactly and stably.
@Suite struct ShardTests {
    @Test func readsIOverN() {
        #expect(Shard("2/3") == Shard(index: 2, count: 3))
        #expect(Shard("1/1")?.index == 1)
    }

    @Test(arguments: ["3/2", "0/3", "1/0", "-1/2", "a/b", "1/2/3", "2", "", "/", "1/"])
    func refusesAnythingElse(text: String) {
        #expect(Shard(text) == nil)
    }

    @Test func takesEveryNthScriptFromItsOwnPosition() {
        let files = ["a", "b", "c", "d", "e"]
        #expect(Shard("1/3")?.select(files) == ["a", "d"])
        #expect(Shard("2/3")?.select(files) == ["b", "e"])
        #expect(Shard("3/3")?.select(files) == ["c"])
        #expect(Shard("1/1")?.select(files) == files)
    }

    @Test(arguments: 1...7)
    func theShardsHoldEveryScriptExactlyOnceInOrder(count: Int) throws {
        for size in 0...20 {
            let files = (0..<size).map { "s\($0).lua" }
            let shards = try (1...count).map { try #require(Shard(index: $0, count: count)).select(files) }
            #expect(shards.joined().sorted() == files.sorted(), "\(size) files in \(count) shards")
            #expect(shards.allSatisfy { $0 == $0.sorted { files.firstIndex(of: $0)! < files.firstIndex(of: $1)! } })
            #expect(shards.map(\.count).max()! - shards.map(\.count).min()! <= 1, "the shards are balanced")
        }
    }

    @Test func aShardDependsOnlyOnTheList() throws {
        let files = (0..<50).map { "scripts/\($0).lua" }
        let shard = try #require(Shard("4/7"))
        #expect(shard.select(files) == shard.select(files))
        #expect(Shard("4/7")?.select(files) == shard.select(files))
    }
}

import HierarchyEngine
import Testing

@Suite("Run loop and virtual clock")
struct RunLoopTests {
    @Test("end-of-turn work runs first in first out, timers in due order")
    func ordering() throws {
        let world = World()
        var log: [String] = []
        world.runLoop.schedule(after: 0.5) { log.append("timer 0.5") }
        world.runLoop.schedule(after: 0.2) { log.append("timer 0.2") }
        world.runLoop.performAfterCommit { log.append("first") }
        world.runLoop.performAfterCommit { log.append("second") }
        try world.runLoop.advance(by: 0.3)
        #expect(log == ["first", "second", "timer 0.2"])
        #expect(world.runLoop.now == 0.3)
        try world.runLoop.settle()
        #expect(log.last == "timer 0.5")
        #expect(world.runLoop.now == 0.5)
    }

    @Test("work that reschedules itself forever stops with an error, not a hang")
    func runaway() throws {
        let world = World()
        world.runLoop.turnLimit = 50
        func again() { world.runLoop.schedule(after: 0) { again() } }
        again()
        #expect(throws: RunLoopError.self) { try world.runLoop.settle() }
    }
}

import CLua
import Testing

@testable import LuaBinding

/// C reads a handle's bytes (`vcs_index` finds a property's object and kind there, issue 18):
/// the Swift `Handle` and the C `vcs_HandleHead` must lay them out alike.
@Suite("Handle layout")
struct HandleLayoutTests {
    @Test("the Swift handle and the C head agree on every field's place")
    func layoutsAgree() {
        #expect(MemoryLayout<Handle>.size == MemoryLayout<vcs_HandleHead>.size)
        #expect(MemoryLayout<Handle>.offset(of: \.magic) == MemoryLayout<vcs_HandleHead>.offset(of: \.magic))
        #expect(MemoryLayout<Handle>.offset(of: \.generation) == MemoryLayout<vcs_HandleHead>.offset(of: \.generation))
        #expect(MemoryLayout<Handle>.offset(of: \.id) == MemoryLayout<vcs_HandleHead>.offset(of: \.id))
        #expect(MemoryLayout<Handle>.offset(of: \.kind) == MemoryLayout<vcs_HandleHead>.offset(of: \.kind))
    }
}

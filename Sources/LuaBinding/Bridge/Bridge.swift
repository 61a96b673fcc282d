import CLua
import HierarchyEngine

/// What connects Lua values to engine objects in one session: the kinds of handle and their
/// metatables, the API's functions, the handles of the current world, and the overrides
/// scripts set on its controllers.
final class Bridge {
    /// The kinds of handle, by the position a handle records.
    let kinds: ContiguousArray<any HandleKind.Type>
    /// The functions the API trampoline runs, by position: the kinds' constructors and the
    /// API's other functions (`apiFunctionCount` of them), then the sandbox's.
    let functions: [APIFunction]
    let apiFunctionCount: Int
    let handles: HandleTable
    /// Registry slots of the metatables, by kind position.
    var metatables: [Int32] = []
    /// Registry slots of the member lookup tables, by kind position.
    var lookups: [Int32] = []
    /// Registry slot of the table of override tables, by controller name.
    var overridesSlot: Int32 = LUA_NOREF
    /// Registry slot of the table of the script's own fields, by controller name (D-80).
    var fieldsSlot: Int32 = LUA_NOREF
    init(kinds: [any HandleKind.Type]) {
        self.kinds = ContiguousArray(kinds)
        let api = kinds.flatMap { $0.constructors } + apiFunctions
        functions = api + sandboxFunctions
        apiFunctionCount = api.count
        handles = HandleTable(kinds: kinds)
    }

    /// Forgets the objects of the world that is going and the overrides and fields set on
    /// them: handles made before now stop resolving.
    func startWorld(_ stack: Stack) {
        handles.reset(stack)
        for slot in [overridesSlot, fieldsSlot] where slot != LUA_NOREF { stack.release(slot) }
        stack.newTable()
        overridesSlot = stack.reference()
        stack.newTable()
        fieldsSlot = stack.reference()
    }
}

import CLua
import HierarchyEngine

/// The bytes inside a handle's userdata: which world it belongs to and which object it is.
///
/// A handle refers to its object by number, never by pointer (STYLE rule 4): after the
/// world is replaced, the number no longer resolves and using the handle is an error.
struct Handle {
    static let magic: UInt32 = 0x5643_5342  // VCS_HANDLE_MAGIC in the C shim
    var magic: UInt32
    var generation: UInt32
    var id: Int32
    /// The position of the object's kind in the session's kinds.
    var kind: Int32

    /// The handle of `self` in a metamethod of our metatables, which only our handles carry
    /// (their `__metatable` field hides them from scripts): the magic number suffices.
    @inline(__always)
    static func readSelf(_ stack: Stack) -> Handle? {
        guard let raw = lua_touserdata(stack.state, 1) else { return nil }
        let handle = raw.load(as: Handle.self)
        return handle.magic == magic ? handle : nil
    }

    /// The handle at `index`, if the value there is one of ours.
    static func read(_ stack: Stack, at index: Int32) -> Handle? {
        // A light userdata has no length, so the size check rules it out too.
        guard let raw = lua_touserdata(stack.state, index),
            Int(lua_rawlen(stack.state, index)) == MemoryLayout<Handle>.size
        else { return nil }
        let handle = raw.load(as: Handle.self)
        return handle.magic == magic ? handle : nil
    }
}

/// The handles of one world: the same object always gives the same Lua value, so `==`
/// compares identity (STYLE rule 4).
final class HandleTable {
    private let kinds: [any HandleKind.Type]
    private(set) var generation: UInt32 = 0
    private var targets: [Target] = []
    /// The kind of each class met so far, by position in `kinds` (nil: none includes it).
    private var kindOfClass: [ObjectIdentifier: Int?] = [:]
    /// The same objects, unretained, for the bridge's hot path; `targets` keeps them alive.
    private var objects: ContiguousArray<Unmanaged<AnyObject>> = []
    private var ids: [ObjectIdentifier: Int32] = [:]
    /// Registry slot of a weak-valued table from id to userdata.
    private var cache: Int32 = LUA_NOREF

    init(kinds: [any HandleKind.Type]) {
        self.kinds = kinds
    }

    /// The type name of a handle's kind, which outlives its world.
    func typeName(of handle: Handle) -> String {
        kinds.indices.contains(Int(handle.kind)) ? kinds[Int(handle.kind)].typeName : "object"
    }

    /// Forgets every object: handles made before now stop resolving.
    func reset(_ stack: Stack) {
        generation &+= 1
        vcs_setgeneration(stack.state, generation)
        targets.removeAll()
        objects.removeAll()
        ids.removeAll()
        if cache != LUA_NOREF { stack.release(cache) }
        stack.newTable()  // cache
        stack.newTable()  // cache mt
        stack.push("v")
        stack.rawSet(-2, field: "__mode")  // cache mt{__mode="v"}
        lua_setmetatable(stack.state, -2)  // cache
        cache = stack.reference()
    }

    /// The object a handle stands for, or nil when its world is gone.
    func target(of handle: Handle) -> Target? {
        guard handle.generation == generation, handle.id >= 0, Int(handle.id) < targets.count else { return nil }
        return targets[Int(handle.id)]
    }

    /// Whether `handle` belongs to the current world.
    func isCurrent(_ handle: Handle) -> Bool {
        handle.generation == generation && isCurrent(id: Int(handle.id))
    }

    /// Whether `id` numbers an object of the current world (its generation checked elsewhere).
    @inline(__always)
    func isCurrent(id: Int) -> Bool { id >= 0 && id < objects.count }

    /// Runs `body` with the object of a current `handle`, without retaining it.
    @inline(__always)
    func withObject<R>(of handle: Handle, _ body: (AnyObject) throws -> R) rethrows -> R {
        try withObject(id: Int(handle.id), body)
    }

    /// Runs `body` with object `id` of the current world, without retaining it.
    @inline(__always)
    func withObject<R>(id: Int, _ body: (AnyObject) throws -> R) rethrows -> R {
        try objects[id]._withUnsafeGuaranteedRef(body)
    }

    /// Pushes the one Lua value for `object`, making it on first use; nil for an object of a
    /// class no kind includes (which the API never hands out, but must not crash on).
    func push(_ object: AnyObject, _ stack: Stack, metatable: (Int) -> Int32) {
        let key = ObjectIdentifier(object)
        if let id = ids[key] {
            stack.pushReference(cache)
            if stack.rawGet(-1, index: Int(id)) == LUA_TUSERDATA {
                vcs_remove(stack.state, -2)  // handle
                return
            }
            stack.pop(2)
            return make(targets[Int(id)], id: id, stack, metatable: metatable)
        }
        guard let target = target(of: object) else { return stack.pushNil() }
        let id = Int32(targets.count)
        targets.append(target)
        objects.append(Unmanaged.passUnretained(object))
        ids[key] = id
        make(target, id: id, stack, metatable: metatable)
    }

    /// `object` with its kind, whether or not it has a handle yet; nil when no kind includes
    /// its class.
    func target(of object: AnyObject) -> Target? {
        guard let position = kind(of: object) else { return nil }
        return Target(object: object, kindPosition: position, kind: kinds[position])
    }

    /// The position in `kinds` of the kind of `object`'s class.
    private func kind(of object: AnyObject) -> Int? {
        let type: AnyObject.Type = Swift.type(of: object)
        if let known = kindOfClass[ObjectIdentifier(type)] { return known }
        let position = kinds.position(of: type)
        kindOfClass[ObjectIdentifier(type)] = position
        return position
    }

    private func make(_ target: Target, id: Int32, _ stack: Stack, metatable: (Int) -> Int32) {
        let raw = lua_newuserdatauv(stack.state, MemoryLayout<Handle>.size, 0)!
        let kind = target.kindPosition
        raw.storeBytes(
            of: Handle(magic: Handle.magic, generation: generation, id: id, kind: Int32(kind)), as: Handle.self)
        stack.pushReference(metatable(kind))
        lua_setmetatable(stack.state, -2)  // handle
        stack.pushReference(cache)  // handle cache
        stack.pushValue(at: -2)  // handle cache handle
        stack.rawSet(-2, index: Int(id))  // handle cache
        stack.pop()  // handle
    }
}

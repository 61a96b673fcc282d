import CLua
import HierarchyEngine

/// What a handle stands for.
enum Target {
    /// A controller of any kind; its handle kind follows its class.
    case controller(ViewController)
    case view(View)
    case window(Window)
    case gesture(InteractiveSwipe)
    case presentationController(PresentationController)

    var kind: HandleKind {
        switch self {
        case .controller(let controller):
            if controller is NavigationController { return .navigation }
            if controller is TabBarController { return .tabBar }
            if controller is SplitViewController { return .split }
            return .controller
        case .view: return .view
        case .window: return .window
        case .gesture: return .gesture
        case .presentationController: return .presentationController
        }
    }

    var object: AnyObject {
        switch self {
        case .controller(let controller): return controller
        case .view(let view): return view
        case .window(let window): return window
        case .gesture(let gesture): return gesture
        case .presentationController(let controller): return controller
        }
    }

    /// Whether the handle is a controller of any kind, which takes overrides.
    var isController: Bool {
        if case .controller = self { return true }
        return false
    }

    /// The text `tostring` gives: kind and name.
    var text: String {
        switch self {
        case .controller(let controller): return kind.typeName + " " + controller.name
        case .view(let view): return "View " + view.name
        case .window(let window): return "Window " + window.name
        case .gesture(let gesture): return "Gesture \(gesture.gesture.luaName)(\(gesture.subject.name)), \(gesture.state.rawValue)"
        case .presentationController(let controller): return "PresentationController " + controller.name
        }
    }
}

enum HandleKind: Int, CaseIterable {
    case controller, view, window, navigation, tabBar, gesture, presentationController, split

    var typeName: String {
        switch self {
        case .controller: return "Controller"
        case .view: return "View"
        case .window: return "Window"
        case .navigation: return "NavigationController"
        case .tabBar: return "TabBarController"
        case .split: return "SplitViewController"
        case .gesture: return "Gesture"
        case .presentationController: return "PresentationController"
        }
    }
}

/// The bytes inside a handle's userdata: which world it belongs to and which object it is.
///
/// A handle refers to its object by number, never by pointer (STYLE rule 4): after the
/// world is replaced, the number no longer resolves and using the handle is an error.
struct Handle {
    static let magic: UInt32 = 0x5643_5342
    var magic: UInt32
    var generation: UInt32
    var id: Int32
    var kind: HandleKind

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
    private(set) var generation: UInt32 = 0
    private var targets: [Target] = []
    /// The same objects, unretained, for the bridge's hot path; `targets` keeps them alive.
    private var objects: ContiguousArray<Unmanaged<AnyObject>> = []
    private var ids: [ObjectIdentifier: Int32] = [:]
    /// Registry slot of a weak-valued table from id to userdata.
    private var cache: Int32 = LUA_NOREF

    /// Forgets every object: handles made before now stop resolving.
    func reset(_ stack: Stack) {
        generation &+= 1
        targets.removeAll()
        objects.removeAll()
        ids.removeAll()
        if cache != LUA_NOREF { stack.release(cache) }
        stack.newTable()                          // cache
        stack.newTable()                          // cache mt
        stack.push("v")
        stack.rawSet(-2, field: "__mode")         // cache mt{__mode="v"}
        lua_setmetatable(stack.state, -2)         // cache
        cache = stack.reference()
    }

    /// The object a handle stands for, or nil when its world is gone.
    func target(of handle: Handle) -> Target? {
        guard handle.generation == generation, handle.id >= 0, Int(handle.id) < targets.count else { return nil }
        return targets[Int(handle.id)]
    }

    /// Whether `handle` belongs to the current world.
    func isCurrent(_ handle: Handle) -> Bool {
        handle.generation == generation && handle.id >= 0 && Int(handle.id) < objects.count
    }

    /// Runs `body` with the object of a current `handle`, without retaining it.
    @inline(__always)
    func withObject<R>(of handle: Handle, _ body: (AnyObject) throws -> R) rethrows -> R {
        try objects[Int(handle.id)]._withUnsafeGuaranteedRef(body)
    }

    /// Pushes the one Lua value for `target`, making it on first use.
    func push(_ target: Target, _ stack: Stack, metatables: [Int32]) {
        let key = ObjectIdentifier(target.object)
        if let id = ids[key] {
            stack.pushReference(cache)
            if stack.rawGet(-1, index: Int(id)) == LUA_TUSERDATA {
                vcs_remove(stack.state, -2)       // handle
                return
            }
            stack.pop(2)
            return make(target, id: id, stack, metatables: metatables)
        }
        let id = Int32(targets.count)
        targets.append(target)
        objects.append(Unmanaged.passUnretained(target.object))
        ids[key] = id
        make(target, id: id, stack, metatables: metatables)
    }

    private func make(_ target: Target, id: Int32, _ stack: Stack, metatables: [Int32]) {
        let raw = lua_newuserdatauv(stack.state, MemoryLayout<Handle>.size, 0)!
        let kind = target.kind
        raw.storeBytes(of: Handle(magic: Handle.magic, generation: generation, id: id, kind: kind), as: Handle.self)
        stack.pushReference(metatables[kind.rawValue])
        lua_setmetatable(stack.state, -2)         // handle
        stack.pushReference(cache)                // handle cache
        stack.pushValue(at: -2)                   // handle cache handle
        stack.rawSet(-2, index: Int(id))          // handle cache
        stack.pop()                               // handle
    }
}

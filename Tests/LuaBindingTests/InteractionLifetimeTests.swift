import HierarchyEngine
import Testing

@testable import LuaBinding

/// What a custom interactive transition holds does not outlive its session (the fuzzer's seed
/// 12676): a navigation controller adopted by the controller its held pop takes out.
@Suite("Interaction lifetime")
struct InteractionLifetimeTests {
    final class Watch {
        weak var object: AnyObject?
        let name: String
        init(_ object: AnyObject, _ name: String) {
            self.object = object
            self.name = name
        }
    }

    @Test("a custom interactive pop left held as the session ends keeps no controller alive")
    func heldPopLeaksNothing() {
        var watches: [Watch] = []
        do {
            let session = Session()
            session.endsDroppedWorlds = false
            _ = session.runScript(
                source: """
                    C1, C2, C3, C4 = Controller "C1", Controller "C2", Controller "C3", Controller "C4"
                    N1 = NavigationController { "N1", C3, C4, C1 }
                    S1 = SplitViewController { "S1", primary = N1, secondary = C2 }
                    W1 = Window { root = S1 }
                    advance(0)
                    user.tapBack(N1)
                    I1 = PercentDrivenInteractiveTransition()
                    N1.delegate = {
                      animationControllerFor = function()
                        return Animator { duration = 0.4, animateTransition = function(self, ctx)
                          animate(ctx.duration, function() end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
                        end }
                      end,
                      interactionControllerFor = function() return I1 end }
                    C2:addChild(N1)
                    N1:popViewController(true)
                    settle()
                    assert(I1.state == "began", "the pop is held: " .. I1.state)
                    """, file: "leak.lua")
            for name in ["C1", "C2", "C3", "C4", "N1", "S1"] {
                if let controller = session.world.controller(named: name) { watches.append(Watch(controller, name)) }
            }
            watches.append(Watch(session.world, "world"))
        }
        let alive = watches.filter { $0.object != nil }.map(\.name)
        #expect(alive.isEmpty, "still alive: \(alive)")
    }
}

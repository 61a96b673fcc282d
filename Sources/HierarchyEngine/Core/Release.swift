/// UIKit letting go of a controller (BEHAVIOR TRANSITIONS-TIMING DEA-01…03, D-125): a
/// controller that lost UIKit's last hold on it is recorded as `B.released()` under the
/// `release` category, so that a test can check that a popped or dismissed controller does not
/// outlive its transition in UIKit's hands. The script's own references do not count.
///
/// UIKit holds a controller while it is a child (or kept aside: a More tab, a collapsed
/// split's secondary, a controller a swipe back took off), presented, a window's root, or
/// taken in or out by a transition still running (its context and coordinator hold both
/// sides, DEA-01, DEA-03). A controller that loses a hold becomes a candidate; candidates are
/// looked at once their transition has ended (after the completion handlers, the
/// coordinator's completions and `animationEnded`, DEA-01, DEA-02), after a `removeFromParent`,
/// and at the end of every turn. One still held is forgotten; one whose appearance or a
/// transition still holds is looked at again later; the others are released, with the
/// controllers they held as children, parents first.
extension World {
    /// `controller` lost one of UIKit's holds on it.
    func noteLostHold(_ controller: ViewController) {
        releaseCandidates.append(controller)
    }

    /// Records `released` for each candidate UIKit no longer holds.
    func releaseUnheld() {
        // A transition ending calls it once it is wholly over, not from its own callbacks.
        guard !releaseCandidates.isEmpty, transitionsEnding == 0 else { return }
        let candidates = releaseCandidates
        releaseCandidates = []
        var seen = Set<ObjectIdentifier>()
        for controller in candidates where seen.insert(ObjectIdentifier(controller)).inserted {
            if isHeldForNow(controller) {
                releaseCandidates.append(controller)
                continue
            }
            if controller.isHeldByContainment { continue }
            release(controller)
        }
    }

    /// Whether something that ends by itself holds `controller` still: a running transition
    /// that takes it in or out or is its own (a swipe back's popped controller too), or its
    /// own appearance in flight.
    private func isHeldForNow(_ controller: ViewController) -> Bool {
        controller.appearance.isTransitioning
            || runningTransitions.contains { transition in
                transition.container === controller || transition.incoming === controller
                    || transition.outgoing.contains { $0.controller === controller }
            }
    }

    /// Records `released` for `controller` once, then for what it held: its children and the
    /// controllers it keeps aside. One of those a transition holds still waits for it.
    private func release(_ controller: ViewController) {
        guard !controller.isReleasedByUIKit else { return }
        controller.isReleasedByUIKit = true
        trace.record(TraceEvent(.release, controller.name, "released"))
        for held in controller.children + controller.controllersKeptAside
        where held.parent === controller || held.keeper === controller {
            if isHeldForNow(held) { releaseCandidates.append(held) } else { release(held) }
        }
    }
}

extension ViewController {
    /// Whether a container, a presentation or a window holds this controller.
    var isHeldByContainment: Bool {
        parent != nil || heldParent != nil || showingPresentation != nil || hostedPresentation != nil
            || world.window(rootedAt: self) != nil
    }
}

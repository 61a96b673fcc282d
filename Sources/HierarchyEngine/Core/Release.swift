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
        guard !releaseCandidates.isEmpty else { return }
        let candidates = releaseCandidates
        releaseCandidates = []
        var seen = Set<ObjectIdentifier>()
        for controller in candidates where seen.insert(ObjectIdentifier(controller)).inserted {
            if controller.isHeldByContainment { continue }
            if controller.appearance.isTransitioning || isInRunningTransition(controller) {
                releaseCandidates.append(controller)
                continue
            }
            release(controller)
        }
    }

    private func release(_ controller: ViewController) {
        trace.record(TraceEvent(.release, controller.name, "released"))
        for child in controller.children where child.parent === controller { release(child) }
    }

    private func isInRunningTransition(_ controller: ViewController) -> Bool {
        runningTransitions.contains { transition in
            transition.incoming === controller || transition.outgoing.contains { $0.controller === controller }
        }
    }
}

extension ViewController {
    /// Whether a container, a presentation or a window holds this controller.
    var isHeldByContainment: Bool {
        parent != nil || heldParent != nil || showingPresentation != nil || world.window(rootedAt: self) != nil
    }
}

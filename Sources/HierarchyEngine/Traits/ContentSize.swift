/// A client that overrides `size(forChildContentContainer:withParentContainerSize:)` (TRT-06).
public protocol ContentContainerOverrides: AnyObject {
    /// Whether the client overrides it on `controller`.
    func overridesSizeForChild(on controller: ViewController) -> Bool
    /// The client's answer: the size `child` takes as `controller` takes `parentSize`; nil
    /// (no answer, or a wrong one) leaves UIKit's.
    func size(forChild child: ViewController, parentSize: Size, on controller: ViewController) -> Size?
}

/// A change of size passed down the hierarchy (TRT-06, D-135): each controller takes the size
/// its parent gives it through `size(forChildContentContainer:withParentContainerSize:)`
/// (UIKit's answers the parent's own size), what a controller presents takes the window's, and
/// a controller on screen whose size changes hears `viewWillTransition(to:)`: "If the returned
/// size is the same as the child container's current size, viewWillTransitionToSize:… will not
/// be called" (H17). A controller's size is kept from the change that gave it until its view
/// leaves the window (`viewWillMoveToWindow`); without one it is its window's.
extension ViewController {
    /// Sends `viewWillTransition(to: size)` here if the size changes, then passes the change to
    /// the children and to what this controller presents. `windowSize` is the window's new size,
    /// `before` its old one, the size of a controller that has not taken one of its own yet.
    ///
    /// Only a controller that takes the change passes it to its children (UIKit forwards it
    /// from inside `viewWillTransition`): below one whose size stays, or one off screen,
    /// nothing is asked. What it presents takes the window's change whatever it does.
    func sendViewWillTransition(to size: Size, windowSize: Size, before: Size) {
        let takesIt = isViewOnScreen && size != (contentSize ?? before)
        if takesIt {
            send(.viewWillTransition(to: size))
            contentSize = size
            for child in children {
                let childSize = self.childSize(for: child, parentSize: size)
                child.sendViewWillTransition(to: childSize, windowSize: windowSize, before: before)
            }
        }
        hostedPresentation?.shown.sendViewWillTransition(to: windowSize, windowSize: windowSize, before: before)
    }

    /// The size `child` takes in a container of `parentSize`: the client's override (recorded,
    /// as a method UIKit calls), else the class's.
    private func childSize(for child: ViewController, parentSize: Size) -> Size {
        guard let client = overrides as? ContentContainerOverrides, client.overridesSizeForChild(on: self) else {
            return size(forChildContentContainer: child, withParentContainerSize: parentSize)
        }
        trace.record(
            TraceEvent(
                .trait, name, "sizeForChildContentContainer",
                [
                    TraceArgument(nil, .controller(child.name)),
                    TraceArgument("withParentContainerSize", .literal(parentSize.traceText)),
                ]))
        return client.size(forChild: child, parentSize: parentSize, on: self) ?? parentSize
    }
}

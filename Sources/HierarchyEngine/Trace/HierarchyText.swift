/// The text form of a world's controller hierarchy, for the REPL's `:tree` (SPEC: "the
/// hierarchy of every window: containment, presentation, appearance state").
extension World {
    /// Renders every window, in the order the world made them, with the controller tree it
    /// shows: containment and presentation, one line per item, each level nested by `| `.
    ///
    /// The shape is swift-snapshot-testing's `.hierarchy` text. A window's line gives `key`
    /// if it is the key window, `visible` or `hidden`, and its size in points. Under a
    /// controller come its `children` in order (a navigation controller's stack bottom first,
    /// a tab bar controller's items), then the controller it presents, if this controller is
    /// the one that hosts the presentation: a child never repeats what its ancestor presents
    /// (`presentedViewController` would), so every presented controller appears exactly
    /// once. A presentation whose presenter has left every window's hierarchy but that is
    /// still on screen (D-35: the window's root was replaced) is listed under the window that
    /// shows it, below its former presenter marked `(outside the hierarchy)`. The engine does
    /// not decide controller labels: `describe` gives them. The text ends with a newline and
    /// holds no addresses, so the same world always gives the same bytes.
    ///
    ///     > :tree
    ///     Window Main: key, visible, 390x844
    ///     | <NavigationController Nav, appeared>
    ///     | | <Controller A, disappeared>
    ///     | | <Controller B, appeared>
    ///     | | presents <Controller M, appeared> (pageSheet)
    ///     | | | <Controller Inner, appeared>
    ///     Window Other: hidden, 390x844
    ///     | (no root view controller)
    public func hierarchyText(describe: (ViewController) -> String) -> String {
        guard !windows.isEmpty else { return "(no windows)\n" }
        let lines = windows.flatMap { $0.hierarchyLines(describe: describe) }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Nests lines one level deeper in the hierarchy text.
private func indented(_ lines: [String]) -> [String] {
    lines.map { "| " + $0 }
}

extension Window {
    /// The window's header line, then its root's tree and the presentations it shows whose
    /// presenter is outside every window's hierarchy, one level deeper.
    ///
    /// A window without a root says so, so that every window has a body.
    ///
    ///     Window Main: key, visible, 390x844
    ///     | <Controller A, appeared>
    func hierarchyLines(describe: (ViewController) -> String) -> [String] {
        let root = rootViewController.map { $0.hierarchyLines(label: describe($0), describe: describe) }
        let stranded = strandedPresentations.flatMap { $0.strandedLines(describe: describe) }
        return [hierarchyHeader] + indented((root ?? ["(no root view controller)"]) + stranded)
    }

    /// `Window NAME: ` and the window's state: `key` when it is the key window, `visible` or
    /// `hidden`, and its size as `WIDTHxHEIGHT` in points, as the trace writes numbers.
    ///
    ///     Window Main: key, visible, 390x844
    var hierarchyHeader: String {
        var states = isKeyWindow ? ["key"] : []
        states.append(isHidden ? "hidden" : "visible")
        states.append(formatNumber(size.width) + "x" + formatNumber(size.height))
        return "Window \(name): " + states.joined(separator: ", ")
    }

    /// The presentations whose transition view is in this window and whose presenter is in
    /// no window's hierarchy, in view order.
    ///
    /// They are the bottoms of stranded chains only: what they present in turn is listed
    /// under the presented controllers, as everywhere else.
    var strandedPresentations: [Presentation] {
        var found: [Presentation] = []
        forEachInSubtree { view in
            if let presentation = (view as? TransitionView)?.presentation, presentation.isStranded {
                found.append(presentation)
            }
        }
        return found
    }
}

extension ViewController {
    /// `label`, then this controller's children and the presentation it hosts, nested one
    /// level deeper, each with its own subtree.
    ///
    /// Only `hostedPresentation` counts: `presentedViewController` answers an ancestor's
    /// presentation too, which would list the presented controller under every descendant.
    ///
    ///     <NavigationController Nav, appeared>
    ///     | <Controller A, appeared>
    ///     | presents <Controller M, appeared> (pageSheet)
    func hierarchyLines(label: String, describe: (ViewController) -> String) -> [String] {
        var nested = children.flatMap { $0.hierarchyLines(label: describe($0), describe: describe) }
        if let presentation = hostedPresentation { nested += presentation.hierarchyLines(describe: describe) }
        return [label] + indented(nested)
    }
}

extension Presentation {
    /// The presented controller's tree, its line saying `presents` and the style in effect
    /// (adapted, PRE-14), by the name `ModalPresentationStyle` gives it.
    ///
    ///     presents <Controller M, appeared> (pageSheet)
    ///     | <Controller Inner, appeared>
    ///
    /// A transition a client's animator runs says so until the animator completes it, with
    /// the animator's name; a presented controller that shows while its view is in no window
    /// (an animator that never added it, D-109) says that too:
    ///
    ///     presents <Controller M, appearing> (custom), transition in flight (Slide), view not in a window
    func hierarchyLines(describe: (ViewController) -> String) -> [String] {
        var label = "presents " + describe(presented) + " (\(style.rawValue))"
        if let animator = world.runningTransition(hookedTo: self)?.animator {
            label += ", transition in flight (\(animator.name))"
        }
        if presented.appearance.isShowing, presented.viewIfLoaded?.window == nil { label += ", view not in a window" }
        return presented.hierarchyLines(label: label, describe: describe)
    }

    /// Whether this presentation is the bottom of a chain whose presenter has left every
    /// window's hierarchy while the presentation stays on screen (APP-02, D-35).
    ///
    /// The presenter's containment root is then neither presented nor any window's root:
    /// the walk from the windows' roots never reaches it.
    var isStranded: Bool {
        let root = presenter.containmentRoot
        return root.showingPresentation == nil && !world.windows.contains { $0.rootViewController === root }
    }

    /// The former presenter, marked `(outside the hierarchy)`, with only this presentation
    /// under it: its other children are not in the window.
    ///
    ///     <Controller A, disappeared> (outside the hierarchy)
    ///     | presents <Controller B, appeared> (fullScreen)
    func strandedLines(describe: (ViewController) -> String) -> [String] {
        [describe(presenter) + " (outside the hierarchy)"] + indented(hierarchyLines(describe: describe))
    }
}

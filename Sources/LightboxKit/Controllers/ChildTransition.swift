import Gtk

extension Controller {
    /// Swaps two children's views with a `Stack` transition, as UIKit's
    /// `transition(from:to:duration:options:animations:completion:)` does.
    ///
    /// Both must be children of this controller and `from.view` must be placed in a
    /// `Stack`. `to.view` is added to that stack and shown with `animation`; when the
    /// animation ends `from.view` is removed from the stack. Appearance calls run around
    /// it: `from.viewWillDisappear`, `to.viewWillAppear`, then at the end
    /// `from.viewDidDisappear`, `to.viewDidAppear`, then `completion`. Containment
    /// calls (`willMove`/`didMove`) stay the caller's job. A transition still running
    /// when the next one starts is finished first.
    public func transition(
        from: Controller, to: Controller, animation: StackTransitionType = .crossfade,
        duration: Double = 0.25, completion: (@MainActor () -> Void)? = nil
    ) {
        finishRunningTransition()
        if let problem = ContainmentRules.problem(transitionFrom: from, to: to, in: self) {
            preconditionFailure(problem)
        }
        guard let stack = from.view.parent as? Stack else { return }
        let transition = ChildTransition(from: from, to: to, stack: stack, completion: completion)
        runningTransition = transition
        from.beginDisappearing()
        to.isAppearanceDeferred = true
        if to.view.parent == nil { stack.add(to.view) }
        stack.transitionDuration = Int(duration * 1000)
        stack.show(to.view, transition: animation)
        if stack.isTransitionRunning {
            transition.finishWhenStackSettles(in: self)
        } else {
            finishRunningTransition()
        }
    }

    /// Ends the running transition now (its views jump to their final state).
    func finishRunningTransition() {
        guard let transition = runningTransition else { return }
        runningTransition = nil
        transition.finish()
    }
}

/// A running `transition(from:to:…)`: what to do when the stack stops animating.
@MainActor
final class ChildTransition {
    private let from: Controller
    private let to: Controller
    private let stack: Stack
    private let completion: (@MainActor () -> Void)?
    private var connections: [SignalConnection] = []

    init(from: Controller, to: Controller, stack: Stack, completion: (@MainActor () -> Void)?) {
        self.from = from
        self.to = to
        self.stack = stack
        self.completion = completion
    }

    /// Finishes when the animation ends, or when the stack leaves the screen mid-way.
    func finishWhenStackSettles(in container: Controller) {
        let settle: @MainActor () -> Void = { [weak container, weak self] in
            guard let container, let self, container.runningTransition === self else { return }
            guard !self.stack.isTransitionRunning || !self.stack.isMapped else { return }
            container.finishRunningTransition()
        }
        connections = [stack.onNotifyIsTransitionRunning(owner: self, settle), stack.onUnmap(owner: self, settle)]
    }

    func finish() {
        connections.forEach { $0.disconnect() }
        connections = []
        if from.view.parent === stack { stack.remove(from.view) }
        from.disappear()
        to.isAppearanceDeferred = false
        to.finishAppearing()
        completion?()
    }
}

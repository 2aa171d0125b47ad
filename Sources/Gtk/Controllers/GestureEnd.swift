extension Gesture {
    /// Calls `handler` when the gesture ends: its button or finger let go, or another gesture
    /// claimed the events (`GtkGesture::end`, whose event-sequence argument is of a type the
    /// generator leaves out). A click gesture's `stopped` is not that: it comes at the
    /// double-click time while the button is still held.
    @discardableResult
    public func onEnd(owner: AnyObject? = nil, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectPointer("end", owner: owner) { _ in handler() }
    }
}

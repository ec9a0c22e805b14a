/// Runs the table's transitions: keeps the layout before a change and the
/// layout after it, and turns time into frames between them.
struct TableAnimator {
  /// Durations and limits.
  let configuration: ScreenConfiguration

  /// Starts a transition from `before` to `after`.
  mutating func begin(
    from before: (model: DisplayModel, state: ViewState),
    to after: (model: DisplayModel, state: ViewState), size: Size
  ) {}

  /// Ends any transition at once: the next frame is the plain layout.
  mutating func finish() {}

  /// The frame's scene at `now`, or nil when nothing moves.
  mutating func scene(at now: UInt64, size: Size) -> Scene? { nil }

  /// When the next frame is due, or nil when nothing moves.
  func nextFrameDeadline(now: UInt64) -> UInt64? { nil }
}

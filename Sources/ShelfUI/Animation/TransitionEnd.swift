import ShelfDiff

/// One end of a transition, before or after: the data shown and where the user was in it.
struct TransitionEnd: Sendable {
  /// The content, flattened for layout.
  var model: DisplayModel
  /// Focus and scroll positions.
  var state: ViewState
}

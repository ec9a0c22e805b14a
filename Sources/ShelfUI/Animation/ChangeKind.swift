import ShelfDiff

/// What a transition does to one id, as the delta says.
enum ChangeKind: Hashable, Sendable {
  /// In both layouts, keeping its place among the survivors (it may still be
  /// shifted by others).
  case stable
  /// Only in the layout after: grows from nothing.
  case inserted
  /// Only in the layout before: shrinks to nothing.
  case deleted
  /// In both, in another place among the survivors: slides, drawn above.
  case moved
}

import ShelfDiff

/// One change of a `SectionSource`, told to its observers after `sections`
/// already holds the new value.
public enum SourceChange: Hashable, Sendable {
  /// The change as a delta from the previous `sections` to the current ones.
  ///
  /// `isRediffed` is true when some link on the way computed it by diffing
  /// its old and new output (a `SourceSwitch` changing source, or a transform's
  /// fallback for a change it could not map) instead of translating it.
  case delta(SectionDelta, isRediffed: Bool)
  /// The sections changed in a way not worth animating: take them as they are.
  case reload

  /// The delta, or nil for a reload.
  ///
  /// - Complexity: O(1).
  public var delta: SectionDelta? {
    if case .delta(let delta, _) = self { return delta }
    return nil
  }
}

/// A view that animates the batch updates of a `CollectionData`: deletions,
/// insertions, moves and reloads of one section's items.
///
/// The holder calls it on the main actor, one batch at a time: the next batch
/// comes only after `completion()` of the previous one.
@MainActor public protocol DeltaUpdatableView: AnyObject {
  /// One batch: call `updateData()` exactly once at the commit point (after it, the
  /// holder's reads return the new data), and `completion()` exactly once when the
  /// batch's animation has ended.
  func performBatchUpdates(
    _ delta: IndexDelta, section: Int,
    updateData: @escaping () -> Void,
    completion: @escaping () -> Void)
  /// Redraw everything from the holder's current data, without animation.
  func reloadData()
}

/// A view that animates the batch updates of a `CollectionSectionData`: section
/// changes first, then item changes, in one batch.
///
/// The sectioned twin of `DeltaUpdatableView`, with the same rules: called on the
/// main actor, one batch at a time.
@MainActor public protocol SectionDeltaUpdatableView: AnyObject {
  /// One batch: call `updateData()` exactly once at the commit point (after it, the
  /// holder's reads return the new sections), and `completion()` exactly once when
  /// the batch's animation has ended.
  func performBatchUpdates(
    _ delta: SectionDelta,
    updateData: @escaping () -> Void,
    completion: @escaping () -> Void)
  /// Redraw everything from the holder's current data, without animation.
  func reloadData()
}

/// Something a live holder noticed and worked around, for its calculation delegate.
public enum CollectionDataIssue: Hashable, Sendable {
  /// Ids that occur more than once: the items of a `CollectionData`, or the
  /// sections of a `CollectionSectionData`. Repeats were matched by occurrence and
  /// the update applied consistently.
  case duplicateIDs([IndexDelta.Duplicate])
  /// Item ids that occur more than once across the sections of a
  /// `CollectionSectionData`; the update applied consistently.
  case duplicateItemIDs([SectionDelta.Items.Duplicate])
  /// A delta failed its replay against the data it was computed from (for
  /// example because `==` is not reflexive, as with a NaN field); the view got
  /// `reloadData()` instead. The text describes the delta and the counts.
  case invalidDelta(String)
  /// A delta supplied with an update (`update(_:delta:)`) failed its replay
  /// against the data it claimed to change; the holder diffed the data
  /// instead. The text describes the delta and the counts. A delta whose
  /// update a newer one replaced before it ran is checked all the same, and
  /// reported when wrong, so every wrong delta is.
  case rejectedDelta(String)
  /// A manual reload completed an item a second time (or after the watchdog did).
  case repeatedCompletion(ItemPath)
  /// A manual reload completed an item that the batch never handed over.
  case unknownCompletion(ItemPath)
  /// A manual reload did not complete in time; the watchdog completed it.
  case watchdogCompletion(ItemPath)
  /// A view called a batch's `updateData()` or `completion()` more than once.
  case repeatedBatchCallback
  /// A view kept a batch longer than the holder's `batchTimeout` without
  /// calling its `completion()`: the holder committed the batch's data, gave
  /// the view `reloadData()` and went on; the view's late callbacks for the
  /// batch are ignored.
  case batchTimedOut(after: Duration)
}

extension CollectionDataIssue: CustomStringConvertible {
  /// One line for a log or a status line, such as `duplicate ids: "7" at [2, 5] -> [2]`.
  public var description: String {
    switch self {
    case .duplicateIDs(let duplicates):
      return "duplicate ids: "
        + duplicates.map { "\"\($0.id)\" at \($0.oldPositions) -> \($0.newPositions)" }
        .joined(separator: ", ")
    case .duplicateItemIDs(let duplicates):
      return "duplicate item ids: "
        + duplicates.map { "\"\($0.id)\" at \($0.oldPaths) -> \($0.newPaths)" }
        .joined(separator: ", ")
    case .invalidDelta(let text):
      return "invalid delta, reloaded instead: \(text)"
    case .rejectedDelta(let text):
      return "supplied delta rejected, diffed instead: \(text)"
    case .repeatedCompletion(let path):
      return "manual reload of \(path) completed twice"
    case .unknownCompletion(let path):
      return "manual reload completed \(path), which was not handed over"
    case .watchdogCompletion(let path):
      return "manual reload of \(path) timed out"
    case .repeatedBatchCallback:
      return "a view called a batch callback twice"
    case .batchTimedOut(let timeout):
      return "a view did not complete its batch within \(timeout); reloaded instead"
    }
  }
}

// MARK: - Replaying a delta

extension IndexDelta {
  /// Whether this delta can be replayed on an array of `oldCount` items to give
  /// one of `newCount`: indices in range, none repeated, counts that add up.
  ///
  /// - Complexity: O(`oldCount` + `newCount`).
  public func isValid(oldCount: Int, newCount: Int) -> Bool {
    var removed = Array(repeating: false, count: oldCount)
    var placed = Array(repeating: false, count: newCount)
    for i in deletions {
      guard i >= 0, i < oldCount, !removed[i] else { return false }
      removed[i] = true
    }
    for j in insertions {
      guard j >= 0, j < newCount, !placed[j] else { return false }
      placed[j] = true
    }
    for move in moves {
      guard move.from >= 0, move.from < oldCount, !removed[move.from] else { return false }
      guard move.to >= 0, move.to < newCount, !placed[move.to] else { return false }
      removed[move.from] = true
      placed[move.to] = true
    }
    guard oldCount - deletions.count == newCount - insertions.count else { return false }
    var isDeleted = Array(repeating: false, count: oldCount)
    for i in deletions { isDeleted[i] = true }
    for reload in reloads {
      guard reload.from >= 0, reload.from < oldCount, reload.to >= 0, reload.to < newCount,
        !isDeleted[reload.from]
      else { return false }
    }
    return true
  }

  /// Replays the delta on `old` the way a list view does: deleted and moved items
  /// leave; inserted and moved items take their new indices; the unmoved
  /// survivors fill the other slots in their old order. Inserted items and the
  /// new content of reloaded items are read from `new`.
  ///
  /// For a delta computed from `old` and `new`, the result equals `new`.
  ///
  /// - Precondition: `isValid(oldCount: old.count, newCount: new.count)`.
  /// - Complexity: O(`old.count` + `new.count`).
  public func applied<Element>(to old: [Element], with new: [Element]) -> [Element] {
    precondition(
      isValid(oldCount: old.count, newCount: new.count),
      "IndexDelta does not fit arrays of \(old.count) and \(new.count) items: \(self)")
    var result: [Element?] = Array(repeating: nil, count: new.count)
    var leaving = Array(repeating: false, count: old.count)
    for i in deletions { leaving[i] = true }
    for move in moves {
      leaving[move.from] = true
      result[move.to] = old[move.from]
    }
    for j in insertions { result[j] = new[j] }
    var slot = 0
    for (i, element) in old.enumerated() where !leaving[i] {
      while result[slot] != nil { slot += 1 }
      result[slot] = element
    }
    for reload in reloads { result[reload.to] = new[reload.to] }
    return result.map { $0! }
  }
}

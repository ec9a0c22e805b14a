// MARK: - Replaying a delta

extension IndexDelta {
  /// Whether this delta can be replayed on an array of `oldCount` items to give
  /// one of `newCount`: indices in range and none repeated, counts that add up,
  /// and every reload's `from` landing at its `to` when replayed.
  ///
  /// - Complexity: O(`oldCount` + `newCount` + `changeCount`).
  public func isValid(oldCount: Int, newCount: Int) -> Bool {
    placement(oldCount: oldCount, newCount: newCount) != nil
  }

  /// Replays the delta on `old` the way a list view does: deleted and moved items
  /// leave; inserted and moved items take their new indices; the unmoved
  /// survivors fill the other slots in their old order. Inserted items and the
  /// new content of reloaded items are read from `new`.
  ///
  /// For a delta computed from `old` and `new`, the result equals `new`.
  ///
  /// - Precondition: `isValid(oldCount: old.count, newCount: new.count)`.
  /// - Complexity: O(`old.count` + `new.count` + `changeCount`).
  public func applied<Element>(to old: [Element], with new: [Element]) -> [Element] {
    guard let sources = placement(oldCount: old.count, newCount: new.count) else {
      fatalError(
        "IndexDelta does not fit arrays of \(old.count) and \(new.count) items: \(self)")
    }
    var result = sources.indices.map { j in sources[j] >= 0 ? old[sources[j]] : new[j] }
    for reload in reloads { result[reload.to] = new[reload.to] }
    return result
  }

  /// Which old index becomes which new one when the delta is replayed on
  /// arrays of `oldCount` and `newCount` items: for each new index its old
  /// index (-1: inserted), and for each old index its new one (-1: deleted);
  /// nil when the delta does not fit. Views animate by it, so that what moves
  /// on screen is exactly what replaying the delta does.
  ///
  /// - Complexity: O(`oldCount` + `newCount` + `changeCount`).
  package func indexMapping(oldCount: Int, newCount: Int) -> (oldOfNew: [Int], newOfOld: [Int])? {
    guard let oldOfNew = placement(oldCount: oldCount, newCount: newCount) else { return nil }
    var newOfOld = Array(repeating: -1, count: oldCount)
    for (new, old) in oldOfNew.enumerated() where old >= 0 { newOfOld[old] = new }
    return (oldOfNew, newOfOld)
  }

  /// For each new index, the old index of the item that lands there when the
  /// delta is replayed, or -1 for an insertion; nil when the delta does not fit.
  ///
  /// - Complexity: O(`oldCount` + `newCount` + `changeCount`), one pass over
  ///   the new indices when nothing is deleted, inserted or moved.
  package func placement(oldCount: Int, newCount: Int) -> [Int]? {
    let unfilled = -2
    guard oldCount >= 0, newCount >= 0 else { return nil }
    if deletions.isEmpty && insertions.isEmpty && moves.isEmpty {
      // The usual change, a chain's at every link: every index stays.
      guard oldCount == newCount,
        reloads.allSatisfy({ $0.from == $0.to && $0.to >= 0 && $0.to < newCount }),
        !reloads.hasRepeatedTarget()
      else { return nil }
      return Array(0..<newCount)
    }
    var isLeaving = Array(repeating: false, count: oldCount)
    var sources = Array(repeating: unfilled, count: newCount)
    for i in deletions {
      guard i >= 0, i < oldCount, !isLeaving[i] else { return nil }
      isLeaving[i] = true
    }
    for j in insertions {
      guard j >= 0, j < newCount, sources[j] == unfilled else { return nil }
      sources[j] = -1
    }
    for move in moves {
      guard move.from >= 0, move.from < oldCount, !isLeaving[move.from],
        move.to >= 0, move.to < newCount, sources[move.to] == unfilled
      else { return nil }
      isLeaving[move.from] = true
      sources[move.to] = move.from
    }
    guard oldCount - deletions.count == newCount - insertions.count else { return nil }
    var slot = 0
    for i in 0..<oldCount where !isLeaving[i] {
      while sources[slot] != unfilled { slot += 1 }
      sources[slot] = i
    }
    for reload in reloads {
      guard reload.to >= 0, reload.to < newCount, reload.from >= 0,
        sources[reload.to] == reload.from
      else { return nil }
    }
    guard !reloads.hasRepeatedTarget() else { return nil }
    return sources
  }
}

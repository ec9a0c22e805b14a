import ShelfDiff

/// Which old index becomes which new index under an `IndexDelta`: moves as the
/// delta says, and the unmoved survivors matched in order (as replaying the
/// delta does), so repeated ids are matched exactly too.
struct IndexMapping: Sendable {
  /// For each old index, its new index, or -1 if deleted.
  let newOfOld: [Int]
  /// For each new index, its old index, or -1 if inserted.
  let oldOfNew: [Int]

  /// The mapping of `delta` between arrays of `oldCount` and `newCount` items.
  ///
  /// - Complexity: O(`oldCount` + `newCount`).
  init(_ delta: IndexDelta, oldCount: Int, newCount: Int) {
    var newOfOld = [Int](repeating: -1, count: oldCount)
    var oldOfNew = [Int](repeating: -1, count: newCount)
    var oldTaken = [Bool](repeating: false, count: oldCount)
    var newTaken = [Bool](repeating: false, count: newCount)
    for index in delta.deletions where index < oldCount { oldTaken[index] = true }
    for index in delta.insertions where index < newCount { newTaken[index] = true }
    for move in delta.moves where move.from < oldCount && move.to < newCount {
      newOfOld[move.from] = move.to
      oldOfNew[move.to] = move.from
      oldTaken[move.from] = true
      newTaken[move.to] = true
    }
    var next = 0
    for old in 0..<oldCount where !oldTaken[old] {
      while next < newCount && newTaken[next] { next += 1 }
      guard next < newCount else { break }
      newOfOld[old] = next
      oldOfNew[next] = old
      next += 1
    }
    self.newOfOld = newOfOld
    self.oldOfNew = oldOfNew
  }
}

import ShelfDiff

extension SectionDelta {
  /// The change of each row's cards, told by this delta over rows of cards,
  /// by the row's new index: what its carousel replays. Only rows in both
  /// the old and the new data are named; a card that moves to another row
  /// leaves the one and joins the other.
  ///
  /// - Precondition: the delta fits `oldRowCount` and `newRowCount` rows
  ///   (an empty answer otherwise).
  /// - Complexity: O(rows + `changeCount` log `changeCount`).
  func cardChanges(oldRowCount: Int, newRowCount: Int) -> [Int: IndexDelta] {
    guard let mapping = sections.indexMapping(oldCount: oldRowCount, newCount: newRowCount)
    else { return [:] }
    var changes: [Int: IndexDelta] = [:]
    func change(new t: Int, _ edit: (inout IndexDelta) -> Void) {
      guard t >= 0, mapping.oldOfNew[t] >= 0 else { return }
      edit(&changes[t, default: IndexDelta()])
    }
    for path in items.deletions {
      change(new: mapping.newOfOld[path.section]) { $0.deletions.append(path.item) }
    }
    for path in items.insertions {
      change(new: path.section) { $0.insertions.append(path.item) }
    }
    for move in items.moves {
      let t = mapping.newOfOld[move.from.section]
      if t == move.to.section {
        change(new: t) { $0.moves.append(IndexDelta.Move(from: move.from.item, to: move.to.item)) }
      } else {
        change(new: t) { $0.deletions.append(move.from.item) }
        change(new: move.to.section) { $0.insertions.append(move.to.item) }
      }
    }
    for reload in items.reloads where mapping.newOfOld[reload.from.section] == reload.to.section {
      change(new: reload.to.section) {
        $0.reloads.append(IndexDelta.Reload(from: reload.from.item, to: reload.to.item))
      }
    }
    for t in changes.keys {
      changes[t]!.deletions.sort()
      changes[t]!.insertions.sort()
      changes[t]!.moves.sort { $0.from < $1.from }
      changes[t]!.reloads.sort { $0.from < $1.from }
    }
    return changes
  }
}

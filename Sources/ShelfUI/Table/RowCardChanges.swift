import ShelfDiff

/// The change of each row's cards in one batch of the table, by the row's
/// new index: what its carousel replays. A delta over rows of cards tells
/// some rows' card changes (a chain's translation) and only names others
/// whose cards changed (`SectionDelta.undiffedSections`: the table holder's
/// own diff, the converter's): those are diffed by the row's carousel's
/// holder, on its queue, and only for a row whose carousel shows. A row
/// that comes on screen later shows its cards as they are, with nothing to
/// diff.
///
/// Only rows in both the old and the new data are named; a card that moves
/// to another row leaves the one and joins the other.
struct RowCardChanges {
  /// The rows' card changes the delta told.
  private let told: [Int: IndexDelta]
  /// Every changed row, ascending.
  let changedRows: [Int]

  /// The card changes `delta` makes of `oldRowCount` rows into
  /// `newRowCount` (none when the delta does not fit them).
  ///
  /// - Complexity: O(rows + `delta.changeCount` log `delta.changeCount`);
  ///   no card is read.
  init(_ delta: SectionDelta, oldRowCount: Int, newRowCount: Int) {
    told = delta.toldCardChanges(oldRowCount: oldRowCount, newRowCount: newRowCount)
    var rows = Set(told.keys)
    for section in delta.undiffedSections
    where section.to < newRowCount && section.from < oldRowCount {
      rows.insert(section.to)
    }
    changedRows = rows.sorted()
  }

  /// The card changes of the changed row at new index `t` as the delta told
  /// them; nil for a row it only named (its carousel's holder diffs it).
  ///
  /// - Complexity: O(1).
  func told(ofRow t: Int) -> IndexDelta? { told[t] }
}

extension SectionDelta {
  /// The change of each row's cards this delta over rows of cards lists in
  /// `items`, by the row's new index (rows it names in `undiffedSections`
  /// are not among them).
  ///
  /// - Precondition: the delta fits `oldRowCount` and `newRowCount` rows
  ///   (an empty answer otherwise).
  /// - Complexity: O(rows + `changeCount` log `changeCount`).
  fileprivate func toldCardChanges(oldRowCount: Int, newRowCount: Int) -> [Int: IndexDelta] {
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

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
///
/// Made on the main queue as the table commits, it reads no more of the
/// delta than the rows shown need: the delta lists its card changes by
/// ascending path (the table's holder replays only a delta in that order),
/// so each row's changes are one run of each list, found by binary search.
/// The filter's first key, which drops most of a million cards from every
/// row, costs the table a search per row, not a step per card.
struct RowCardChanges {
  /// The delta's card changes, in the order `SectionDelta.Items` documents.
  private let items: SectionDelta.Items
  /// For each new row, the old row it was (-1: inserted); empty when the
  /// delta did not fit the rows.
  private let oldOfNew: [Int]
  /// The cards that change rows or places (few), by new row: within the
  /// row, and the ones that leave or join it from another.
  private let moved: [Int: (moves: [IndexDelta.Move], out: [Int], in: [Int])]
  /// Every changed row, ascending.
  let changedRows: [Int]
  /// How many card changes were read to make these (`told(ofRow:)`
  /// counts its own): the rows' runs and every move, not every card.
  private(set) var changesRead = 0

  /// The card changes `delta` makes of `oldRowCount` rows into
  /// `newRowCount` (none when the delta does not fit them).
  ///
  /// - Precondition: `delta.items` in the order its fields document, as the
  ///   table's holder checks (`replays`) before it commits a delta.
  /// - Complexity: O(rows × log `changeCount` + moves); no card is read.
  init(_ delta: SectionDelta, oldRowCount: Int, newRowCount: Int) {
    items = delta.items
    var rows: Set<Int> = []
    for section in delta.undiffedSections
    where section.to < newRowCount && section.from < oldRowCount {
      rows.insert(section.to)
    }
    guard let mapping = delta.sections.indexMapping(oldCount: oldRowCount, newCount: newRowCount)
    else {
      oldOfNew = []
      moved = [:]
      changedRows = rows.sorted()
      return
    }
    oldOfNew = mapping.oldOfNew
    let newOfOld = mapping.newOfOld
    /// Whether new row `t` is a surviving row.
    func survives(_ t: Int) -> Bool { t >= 0 && mapping.oldOfNew[t] >= 0 }
    var read = 0
    for section in Self.sections(of: items.deletions, by: \.section, read: &read)
    where survives(newOfOld[section]) {
      rows.insert(newOfOld[section])
    }
    for t in Self.sections(of: items.insertions, by: \.section, read: &read) where survives(t) {
      rows.insert(t)
    }
    for s in Self.sections(of: items.reloads, by: \.from.section, read: &read) {
      let t = newOfOld[s]
      // A reload counts for its row when the card stays in it; one that
      // moved to another row is told there as its move's insertion.
      let run = Self.run(of: s, in: items.reloads, by: \.from.section)
      if survives(t), items.reloads[run].contains(where: { $0.to.section == t }) {
        rows.insert(t)
      }
    }
    var moved: [Int: (moves: [IndexDelta.Move], out: [Int], in: [Int])] = [:]
    for move in items.moves {
      let t = newOfOld[move.from.section]
      if t == move.to.section {
        guard survives(t) else { continue }
        moved[t, default: ([], [], [])].moves.append(
          IndexDelta.Move(from: move.from.item, to: move.to.item))
        rows.insert(t)
      } else {
        if survives(t) {
          moved[t, default: ([], [], [])].out.append(move.from.item)
          rows.insert(t)
        }
        if survives(move.to.section) {
          moved[move.to.section, default: ([], [], [])].in.append(move.to.item)
          rows.insert(move.to.section)
        }
      }
    }
    self.moved = moved
    changesRead = read + items.moves.count
    changedRows = rows.sorted()
  }

  /// The card changes of the changed row at new index `t` as the delta told
  /// them; nil for a row it only named (its carousel's holder diffs it) or
  /// did not change.
  ///
  /// - Complexity: O(log `changeCount` + the row's changes).
  func told(ofRow t: Int) -> IndexDelta? {
    var read = 0
    return told(ofRow: t, read: &read)
  }

  /// `told(ofRow:)`, adding the number of card changes it read to `read`.
  func told(ofRow t: Int, read: inout Int) -> IndexDelta? {
    guard oldOfNew.indices.contains(t), oldOfNew[t] >= 0 else { return nil }
    let s = oldOfNew[t]
    var change = IndexDelta()
    let deletions = Self.run(of: s, in: items.deletions, by: \.section)
    let insertions = Self.run(of: t, in: items.insertions, by: \.section)
    let reloads = Self.run(of: s, in: items.reloads, by: \.from.section)
    read += deletions.count + insertions.count + reloads.count
    change.deletions = items.deletions[deletions].map(\.item)
    change.insertions = items.insertions[insertions].map(\.item)
    change.reloads = items.reloads[reloads].compactMap {
      $0.to.section == t ? IndexDelta.Reload(from: $0.from.item, to: $0.to.item) : nil
    }
    if let moved = moved[t] {
      change.moves = moved.moves
      if !moved.out.isEmpty { change.deletions = (change.deletions + moved.out).sorted() }
      if !moved.in.isEmpty { change.insertions = (change.insertions + moved.in).sorted() }
    }
    return change.isEmpty ? nil : change
  }

  /// The distinct values of `key` over `changes` (ascending by it), one
  /// binary search per value; adds the changes it looked at to `read`.
  ///
  /// - Complexity: O(values × log `changes.count`).
  private static func sections<Change>(
    of changes: [Change], by key: (Change) -> Int, read: inout Int
  ) -> [Int] {
    var values: [Int] = []
    var index = 0
    while index < changes.count {
      let value = key(changes[index])
      values.append(value)
      read += 1
      index = firstIndex(in: changes, from: index, by: key) { $0 > value }
    }
    return values
  }

  /// The indices of the changes (ascending by `key`) whose `key` is `value`.
  ///
  /// - Complexity: O(log `changes.count`).
  private static func run<Change>(
    of value: Int, in changes: [Change], by key: (Change) -> Int
  ) -> Range<Int> {
    let start = firstIndex(in: changes, from: 0, by: key) { $0 >= value }
    return start..<firstIndex(in: changes, from: start, by: key) { $0 > value }
  }

  /// The first index at or after `start` whose change's `key` passes
  /// `isPast` (which, once true, stays true up the array), else the end.
  ///
  /// - Complexity: O(log `changes.count`).
  private static func firstIndex<Change>(
    in changes: [Change], from start: Int, by key: (Change) -> Int, where isPast: (Int) -> Bool
  ) -> Int {
    var low = start
    var high = changes.count
    while low < high {
      let middle = (low + high) / 2
      if isPast(key(changes[middle])) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

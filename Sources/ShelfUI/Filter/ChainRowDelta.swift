import ShelfDiff

/// A change of the table's content told as a change of the content chain's
/// rows: the table's delta (sections of rows) translated into the delta of
/// the chain's root (rows as sections, cards as items), so that new content
/// with a delta reaches the `/` filter without a diff of every card.
///
/// Rows keep their identities: a row inserted, deleted or moved in the table
/// (into another section too) is a chain section inserted, deleted or moved;
/// a table section inserted or deleted brings or takes all its rows, and a
/// section with no rows its stand-in row. A row whose header (its title, or
/// its table section's title or place among sections of the same id)
/// changed is a section reload; the cards of each row the table's delta
/// reloads are diffed, row by row, into item changes.
enum ChainRowDelta {
  /// The chain's delta from `oldRows` to `newRows`, the chain rows of `old`
  /// and `new`, given `delta`, the table's delta from `old` to `new`; nil
  /// when it does not fit them (the caller diffs).
  ///
  /// - Precondition: `delta` replays `old` into `new` (check it with
  ///   `SectionDelta.replays`: rows it does not reload are taken as equal).
  /// - Complexity: O(rows + `delta.changeCount` + *c* + sections log
  ///   sections), where *c* is the number of cards of the reloaded rows.
  static func delta(
    from old: [ShelfSection], to new: [ShelfSection], oldRows: [ChainRow], newRows: [ChainRow],
    given delta: SectionDelta
  ) -> SectionDelta? {
    let oldStarts = starts(of: old)
    let newStarts = starts(of: new)
    guard oldStarts.last == oldRows.count, newStarts.last == newRows.count,
      let sectionSources = RowGrouping.sources(
        of: delta.sections, oldCount: old.count, newCount: new.count),
      let rowSources = rowSources(of: delta, old: old, new: new, sectionSources: sectionSources)
    else { return nil }

    // Each new chain row's old chain row, or -1.
    var sources = [Int](repeating: -1, count: newRows.count)
    var targets = [Int](repeating: -1, count: oldRows.count)
    for t in new.indices {
      if new[t].rows.isEmpty {
        // The stand-in of an empty section is kept when the section was empty too.
        let s = sectionSources[t]
        let k = newStarts[t]
        if s >= 0, old[s].rows.isEmpty, oldRows[oldStarts[s]].id == newRows[k].id {
          sources[k] = oldStarts[s]
        }
        continue
      }
      for (j, from) in rowSources[t].enumerated() {
        guard let from else { continue }
        sources[newStarts[t] + j] = oldStarts[from.section] + from.item
      }
    }
    for (t, s) in sources.enumerated() where s >= 0 {
      guard targets[s] < 0, oldRows[s].id == newRows[t].id else { return nil }
      targets[s] = t
    }

    let rowDelta = RowGrouping.indexDelta(
      sources: sources, targets: targets,
      isReloaded: { t, s in !oldRows[s].hasSameHeader(as: newRows[t]) })

    // The cards of the rows the table's delta reloads.
    var items = SectionDelta.Items()
    if !delta.items.reloads.isEmpty { PathCounters.noteDiff("content chain rows' cards") }
    for reload in delta.items.reloads {
      let s = oldStarts[reload.from.section] + reload.from.item
      let t = newStarts[reload.to.section] + reload.to.item
      guard targets[s] == t else { return nil }
      let cards = IndexDelta(from: oldRows[s].items, to: newRows[t].items)
      items.deletions += cards.deletions.map { ItemPath(section: s, item: $0) }
      items.insertions += cards.insertions.map { ItemPath(section: t, item: $0) }
      items.moves += cards.moves.map {
        SectionDelta.Items.Move(
          from: ItemPath(section: s, item: $0.from), to: ItemPath(section: t, item: $0.to))
      }
      items.reloads += cards.reloads.map {
        SectionDelta.Items.Reload(
          from: ItemPath(section: s, item: $0.from), to: ItemPath(section: t, item: $0.to))
      }
    }
    items.deletions.sort()
    items.insertions.sort()
    items.moves.sort { $0.from < $1.from }
    items.reloads.sort { $0.from < $1.from }
    return SectionDelta(sections: rowDelta, items: items)
  }

  /// Where each section's chain rows start, and the number of chain rows
  /// last: a section with no rows has one, its stand-in.
  ///
  /// - Complexity: O(sections).
  private static func starts(of sections: [ShelfSection]) -> [Int] {
    var starts = [0]
    starts.reserveCapacity(sections.count + 1)
    for section in sections { starts.append(starts[starts.count - 1] + max(1, section.rows.count)) }
    return starts
  }

  /// For each new table row, its old path, or nil (inserted, or arrived with
  /// its section); nil when `delta`'s rows do not fit the sections.
  ///
  /// - Complexity: O(rows + `delta.items.changeCount`).
  private static func rowSources(
    of delta: SectionDelta, old: [ShelfSection], new: [ShelfSection], sectionSources: [Int]
  ) -> [[ItemPath?]]? {
    var isLeaving = old.map { [Bool](repeating: false, count: $0.rows.count) }
    var sources = new.map { [ItemPath?](repeating: nil, count: $0.rows.count) }
    var isFilled = new.map { [Bool](repeating: false, count: $0.rows.count) }
    func inOld(_ path: ItemPath) -> Bool {
      old.indices.contains(path.section) && isLeaving[path.section].indices.contains(path.item)
    }
    func inNew(_ path: ItemPath) -> Bool {
      new.indices.contains(path.section) && isFilled[path.section].indices.contains(path.item)
    }
    for path in delta.items.deletions {
      guard inOld(path), !isLeaving[path.section][path.item] else { return nil }
      isLeaving[path.section][path.item] = true
    }
    for path in delta.items.insertions {
      guard inNew(path), !isFilled[path.section][path.item] else { return nil }
      isFilled[path.section][path.item] = true
    }
    for move in delta.items.moves {
      guard inOld(move.from), !isLeaving[move.from.section][move.from.item], inNew(move.to),
        !isFilled[move.to.section][move.to.item]
      else { return nil }
      isLeaving[move.from.section][move.from.item] = true
      isFilled[move.to.section][move.to.item] = true
      sources[move.to.section][move.to.item] = move.from
    }
    // The unmoved rows of each surviving section fill its other places, in order.
    for (t, s) in sectionSources.enumerated() where s >= 0 {
      var slot = 0
      for i in old[s].rows.indices where !isLeaving[s][i] {
        while slot < isFilled[t].count && isFilled[t][slot] { slot += 1 }
        guard slot < isFilled[t].count else { return nil }
        sources[t][slot] = ItemPath(section: s, item: i)
        isFilled[t][slot] = true
      }
      guard !isFilled[t].contains(false) else { return nil }
    }
    return sources
  }
}

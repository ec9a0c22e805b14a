import ShelfDiff

// Index names (`t`, `s`, `j`, `i`, `k`, `u`): see the top of Internal/Placement.swift.

extension Placement {
  /// The `SectionDelta` that this placement stands for between `old` and
  /// `new`, the sections it maps: minimal section moves, minimal item moves in
  /// every touched section, section reloads where a touched or re-headed
  /// section's header differs.
  ///
  /// - Complexity: O(*s* log *s* + *t* log *t*) for *s* sections and *t*
  ///   items in touched sections; O(*s* + *t*) when nothing moves.
  func delta<Section: DiffableSection>(old: [Section], new: [Section]) -> SectionDelta {
    delta(old: SectionsBefore(all: old), new: new)
  }

  /// `delta(old:new:)` with only the old sections it reads.
  func delta<Section: DiffableSection>(old: SectionsBefore<Section>, new: [Section])
    -> SectionDelta
  {
    let targets = sectionTargets

    // MARK: Sections
    var sectionDeletions: [Int] = []
    var survivors: [Int] = []  // new indices of the kept sections, in old order
    survivors.reserveCapacity(oldSectionCount)
    for (s, t) in targets.enumerated() {
      if t < 0 { sectionDeletions.append(s) } else { survivors.append(t) }
    }
    var sectionInsertions: [Int] = []
    for (t, s) in sectionSources.enumerated() where s < 0 { sectionInsertions.append(t) }
    var sectionMoves: [IndexDelta.Move] = []
    if !IncreasingRun.isIncreasing(survivors) {
      let isKept = LongestIncreasingSubsequence.members(of: survivors)
      var survivor = 0
      for (s, t) in targets.enumerated() where t >= 0 {
        if !isKept[survivor] { sectionMoves.append(IndexDelta.Move(from: s, to: t)) }
        survivor += 1
      }
    }
    var sectionReloads: [IndexDelta.Reload] = []
    for t in headerChanges.union(itemSources.keys) {
      let s = sectionSources[t]
      if s >= 0 && !old[s].hasSameHeader(as: new[t]) {
        sectionReloads.append(IndexDelta.Reload(from: s, to: t))
      }
    }
    sectionReloads.sort { $0.from < $1.from }

    // MARK: Items
    // Old sections kept in a touched section: which of their items are still somewhere.
    var slots: [Int: Int] = [:]  // old section -> its index in `isReferenced`
    var isReferenced: [(section: Int, flags: [Bool])] = []
    for t in itemSources.keys where sectionSources[t] >= 0 {
      let s = sectionSources[t]
      slots[s] = isReferenced.count
      isReferenced.append((s, [Bool](repeating: false, count: old[s].items.count)))
    }
    var lastSection = -1
    var lastSlot: Int?
    var deletions: [ItemPath] = []
    var insertions: [ItemPath] = []
    var moves: [SectionDelta.Items.Move] = []
    var staying: [(from: Int, to: Int)] = []
    for (t, sources) in itemSources {
      let s = sectionSources[t]
      staying.removeAll(keepingCapacity: true)
      for (j, source) in sources.enumerated() {
        guard let source else {
          if s >= 0 { insertions.append(ItemPath(section: t, item: j)) }
          continue
        }
        if source.section != lastSection {
          lastSection = source.section
          lastSlot = slots[source.section]
        }
        if let lastSlot { isReferenced[lastSlot].flags[source.item] = true }
        if source.section == s {
          staying.append((source.item, j))
        } else {
          moves.append(SectionDelta.Items.Move(from: source, to: ItemPath(section: t, item: j)))
        }
      }
      // Within a kept section, the items that keep their order stay put.
      var isSorted = true
      for index in staying.indices.dropFirst() where staying[index].from < staying[index - 1].from {
        isSorted = false
        break
      }
      if !isSorted { staying.sort { $0.from < $1.from } }
      let order = staying.map(\.to)
      if !IncreasingRun.isIncreasing(order) {
        let isKept = LongestIncreasingSubsequence.members(of: order)
        for (index, pair) in staying.enumerated() where !isKept[index] {
          moves.append(
            SectionDelta.Items.Move(
              from: ItemPath(section: s, item: pair.from), to: ItemPath(section: t, item: pair.to)))
        }
      }
    }
    for (s, flags) in isReferenced {
      for (i, isThere) in flags.enumerated() where !isThere {
        deletions.append(ItemPath(section: s, item: i))
      }
    }
    var reloadList: [SectionDelta.Items.Reload] = []
    reloadList.reserveCapacity(reloads.count)
    for path in reloads {
      if let source = itemSources[path.section]?[path.item] {
        reloadList.append(SectionDelta.Items.Reload(from: source, to: path))
      }
    }
    deletions.sort()
    insertions.sort()
    moves.sort { $0.from < $1.from }
    reloadList.sort { $0.from < $1.from }
    return SectionDelta(
      sections: IndexDelta(
        deletions: sectionDeletions, insertions: sectionInsertions, moves: sectionMoves,
        reloads: sectionReloads),
      items: SectionDelta.Items(
        deletions: deletions, insertions: insertions, moves: moves, reloads: reloadList))
  }
}

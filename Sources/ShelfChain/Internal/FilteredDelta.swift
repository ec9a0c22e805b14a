import ShelfDiff

/// A filter's output delta for an upstream change that keeps its sections in
/// place (items come, go and move; no section does), worked out from the
/// upstream placement and the shown flags before and after, without an
/// output placement: an item's old and new output index is its rank among
/// the shown items of its section, and minimal moves are recomputed only in
/// sections whose kept items changed order. Not generic, so it runs
/// compiled for its own types wherever the filter is used.
enum FilteredDelta {
  /// The output delta, and the output placement it stands for.
  ///
  /// - `placement`: upstream's, keeping sections in place; `touched` its
  ///   touched sections in increasing order (every section an item leaves is
  ///   one of them).
  /// - `wasShown`: each upstream section's flags before the change;
  ///   `isShown[k]` those of section `touched[k]` after it.
  /// - `reloadFlags`: `placement.reloadFlags()`.
  /// - `upstreamDeletions`: upstream's item deletions.
  /// - `sectionReloads`: the output's, in order.
  ///
  /// - Complexity: O(*c* + *t*) for *c* changes and *t* items in touched
  ///   sections, plus O(*m* log *m*) for *m* items of a section that
  ///   changed order.
  static func delta(
    _ placement: Placement, touched: [Int], wasShown: [[Bool]], isShown: [[Bool]],
    reloadFlags: [Int: [Bool]], upstreamDeletions: [ItemPath], sectionReloads: [IndexDelta.Reload]
  ) -> (SectionDelta, Placement) {
    var output = Placement(
      sectionSources: placement.sectionSources, oldSectionCount: placement.oldSectionCount)
    output.headerChanges = placement.headerChanges
    output.itemSources.reserveCapacity(touched.count)
    var deletions: [ItemPath] = []
    var insertions: [ItemPath] = []
    var moves: [SectionDelta.Items.Move] = []
    var reloads: [SectionDelta.Items.Reload] = []
    // The old output index of each item of every touched section, or -1
    // where it was hidden.
    var rankSlot = [Int](repeating: -1, count: wasShown.count)
    var oldRanks: [[Int]] = []
    oldRanks.reserveCapacity(touched.count)
    for s in touched {
      rankSlot[s] = oldRanks.count
      oldRanks.append(ranks(of: wasShown[s]))
    }
    for path in upstreamDeletions {
      let rank = oldRanks[rankSlot[path.section]][path.item]
      if rank >= 0 { deletions.append(ItemPath(section: path.section, item: rank)) }
    }
    var staying: [(from: Int, to: Int)] = []
    for (k, t) in touched.enumerated() {
      let sources = placement.itemSources[t]!
      let isReloadedAt = reloadFlags[t]
      let ownRanks = oldRanks[rankSlot[t]]
      let shown = isShown[k]
      staying.removeAll(keepingCapacity: true)
      var outputSources: [ItemPath?] = []
      outputSources.reserveCapacity(sources.count)
      var next = 0  // the new output index of the next shown item
      for j in sources.indices {
        let source = sources[j]
        var fromRank = -1
        if let source {
          fromRank =
            source.section == t
            ? ownRanks[source.item] : oldRanks[rankSlot[source.section]][source.item]
        }
        guard shown[j] else {
          if let source, fromRank >= 0 {
            deletions.append(ItemPath(section: source.section, item: fromRank))
          }
          continue
        }
        let to = ItemPath(section: t, item: next)
        next += 1
        guard let source, fromRank >= 0 else {
          insertions.append(to)
          outputSources.append(nil)
          continue
        }
        let from = ItemPath(section: source.section, item: fromRank)
        outputSources.append(from)
        if source.section == t {
          staying.append((fromRank, to.item))
        } else {
          moves.append(SectionDelta.Items.Move(from: from, to: to))
        }
        if isReloadedAt?[j] ?? false {
          reloads.append(SectionDelta.Items.Reload(from: from, to: to))
          output.reloads.append(to)
        }
      }
      output.itemSources[t] = outputSources
      // Kept items of the section that changed order: the fewest moves.
      var isInOrder = true
      for m in staying.indices.dropFirst() where staying[m].from < staying[m - 1].from {
        isInOrder = false
        break
      }
      if !isInOrder {
        let isKept = IncreasingRun.members(of: staying.map(\.from))
        for (m, pair) in staying.enumerated() where !isKept[m] {
          moves.append(
            SectionDelta.Items.Move(
              from: ItemPath(section: t, item: pair.from), to: ItemPath(section: t, item: pair.to)))
        }
      }
    }
    if !isSorted(deletions, by: <) { deletions.sort() }
    if !isSorted(insertions, by: <) { insertions.sort() }
    if !isSorted(moves, by: { $0.from < $1.from }) { moves.sort { $0.from < $1.from } }
    if !isSorted(reloads, by: { $0.from < $1.from }) { reloads.sort { $0.from < $1.from } }
    let delta = SectionDelta(
      sections: IndexDelta(deletions: [], insertions: [], moves: [], reloads: sectionReloads),
      items: SectionDelta.Items(
        deletions: deletions, insertions: insertions, moves: moves, reloads: reloads))
    return (delta, output)
  }

  /// A touched section's shown flags as far as they are known without a
  /// test: each kept item's verdict at its source (`wasShown`), and false
  /// for the `untested` ones, the inserted and reloaded items, in order;
  /// with the number of true flags.
  ///
  /// - Complexity: O(*n*) for the section's *n* items.
  static func keptFlags(sources: [ItemPath?], reloaded isReloadedAt: [Bool]?, wasShown: [[Bool]])
    -> (shown: [Bool], count: Int, untested: [Int])
  {
    let count = sources.count
    var shownCount = 0
    var untested: [Int] = []
    var lastSection = -1
    var lastFlags: [Bool] = []
    let shown = [Bool](unsafeUninitializedCapacity: count) { shown, initialized in
      for j in 0..<count {
        guard let source = sources[j], !(isReloadedAt?[j] ?? false) else {
          untested.append(j)
          shown[j] = false
          continue
        }
        if source.section != lastSection {
          lastSection = source.section
          lastFlags = wasShown[source.section]
        }
        let isShown = lastFlags[source.item]
        shown[j] = isShown
        if isShown { shownCount += 1 }
      }
      initialized = count
    }
    return (shown, shownCount, untested)
  }

  /// The runs of consecutive true flags, in order.
  ///
  /// - Complexity: O(*n*) for *n* flags.
  static func runs(of flags: [Bool]) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var start = -1
    for (i, flag) in flags.enumerated() {
      if flag {
        if start < 0 { start = i }
      } else if start >= 0 {
        runs.append(start..<i)
        start = -1
      }
    }
    if start >= 0 { runs.append(start..<flags.count) }
    return runs
  }

  /// For each item, its index among the shown ones, or -1 where hidden.
  static func ranks(of shown: [Bool]) -> [Int] {
    var next = 0
    return [Int](unsafeUninitializedCapacity: shown.count) { ranks, initialized in
      for (i, isShown) in shown.enumerated() {
        ranks[i] = isShown ? next : -1
        if isShown { next += 1 }
      }
      initialized = shown.count
    }
  }

  static func isSorted<T>(_ values: [T], by isBefore: (T, T) -> Bool) -> Bool {
    for k in values.indices.dropFirst() where isBefore(values[k], values[k - 1]) { return false }
    return true
  }
}

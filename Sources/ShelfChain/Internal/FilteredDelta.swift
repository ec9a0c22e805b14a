import ShelfDiff

/// A filter's output delta for an upstream change that keeps its sections in
/// place (items come, go and move; no section does), worked out from the
/// upstream placement and the shown flags before and after, without an
/// output placement: an item's old and new output index is its rank among
/// the shown items of its section, and minimal moves are recomputed only in
/// sections whose kept items changed order. Not generic, so it runs
/// compiled for its own types wherever the filter is used.
///
/// `delta` is `@inline(never)`, and must stay so: inlined into the
/// filter's generic code, it would bring along the standard library
/// specialisations it calls (a sort of `Int`s, say), which cross-module
/// optimisation cannot export, and then the filter's own generic code would
/// not be exported either: a client would run it unspecialised, copying
/// every item through value witnesses.
enum FilteredDelta {
  /// The output delta, the output placement it stands for, and the touched
  /// sections' shown flags after the change, with how many are shown.
  ///
  /// - `placement`: upstream's, keeping sections in place; `touched` its
  ///   touched sections in increasing order (every section an item leaves is
  ///   one of them).
  /// - `wasShown`: each upstream section's flags before the change.
  /// - `reloadFlags`: `placement.reloadFlags()`.
  /// - `upstreamDeletions`: upstream's item deletions.
  /// - `sectionReloads`: the output's, in order.
  /// - `test(k, j)`: whether the predicate keeps item `j` of section
  ///   `touched[k]`; called in order, only for inserted and reloaded items
  ///   (a kept item keeps its verdict).
  ///
  /// - Complexity: O(*c* + *t*) for *c* changes and *t* items in touched
  ///   sections, plus O(*m* log *m*) for *m* items of a section that
  ///   changed order.
  @inline(never) static func delta(
    _ placement: Placement, touched: [Int], wasShown: [[Bool]], reloadFlags: [Int: [Bool]],
    upstreamDeletions: [ItemPath], sectionReloads: [IndexDelta.Reload],
    test: (_ k: Int, _ item: Int) -> Bool
  ) -> (delta: SectionDelta, placement: Placement, isShown: [[Bool]], shownCounts: [Int]) {
    var output = Placement(
      sectionSources: placement.sectionSources, oldSectionCount: placement.oldSectionCount,
      keepsSections: true)
    output.headerChanges = placement.headerChanges
    output.itemSources.reserveCapacity(touched.count)
    var deletions: [ItemPath] = []
    var insertions: [ItemPath] = []
    var moves: [SectionDelta.Items.Move] = []
    var reloads: [SectionDelta.Items.Reload] = []
    // The old output index of each item of every touched section, or -1
    // where it was hidden: one table, each section's from its start. And
    // one scratch for the largest section, not an allocation per section.
    var rankSlot = [Int](repeating: -1, count: wasShown.count)
    var rankStart = [Int](repeating: 0, count: touched.count + 1)
    var touchedSources: [ItemSources] = []  // by slot
    touchedSources.reserveCapacity(touched.count)
    var largest = 0
    for (k, s) in touched.enumerated() {
      rankSlot[s] = k
      rankStart[k + 1] = rankStart[k] + wasShown[s].count
      let sources = placement.itemSources[s]!
      touchedSources.append(sources)
      largest = max(largest, sources.count)
    }
    let oldRanks = ranks(of: touched.map { wasShown[$0] }, total: rankStart[touched.count])
    for path in upstreamDeletions {
      let rank = oldRanks[rankStart[rankSlot[path.section]] + path.item]
      if rank >= 0 { deletions.append(ItemPath(section: path.section, item: rank)) }
    }
    var isShown: [[Bool]] = []
    isShown.reserveCapacity(touched.count)
    var shownCounts: [Int] = []
    shownCounts.reserveCapacity(touched.count)
    var outputReloadFlags: [Int: [Bool]] = [:]
    var reloadedHere: [Int] = []  // output indices of this section's reloads
    let noFlags: [Bool] = []
    // Kept items of a section go to scratch (old and new output index), to
    // find its fewest moves after.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: max(2 * largest, 1)) { scratch in
      withUnsafeTemporaryAllocation(of: Bool.self, capacity: max(largest, 1)) { isKept in
        let stayingFrom = scratch.baseAddress!
        let stayingTo = stayingFrom + largest
        for (k, t) in touched.enumerated() {
          let sources = touchedSources[k]
          let count = sources.count
          let isReloadedAt = reloadFlags[t] ?? noFlags
          let hasReloads = !isReloadedAt.isEmpty
          let ownStart = rankStart[k]
          reloadedHere.removeAll(keepingCapacity: true)
          var next = 0  // the new output index of the next shown item
          var outputSources: [UInt64] = []  // as `ItemSources.words`
          var staying = 0
          // Written through buffers: an array written element by element
          // costs a uniqueness check a time.
          let shown = [Bool](raceFreeCapacity: count) { shown, shownCount in
            outputSources = [UInt64](raceFreeCapacity: count) { out, outCount in
              for j in 0..<count {
                let source = sources[j]
                let isReloaded = hasReloads && isReloadedAt[j]
                var fromRank = -1  // also: the item was hidden, or is new
                if let source {
                  fromRank =
                    source.section == t
                    ? oldRanks[ownStart + source.item]
                    : oldRanks[rankStart[rankSlot[source.section]] + source.item]
                }
                // A kept item keeps its verdict: shown where it had a rank.
                guard source == nil || isReloaded ? test(k, j) : fromRank >= 0 else {
                  shown[j] = false
                  if let source, fromRank >= 0 {
                    deletions.append(ItemPath(section: source.section, item: fromRank))
                  }
                  continue
                }
                shown[j] = true
                let to = ItemPath(section: t, item: next)
                guard let source, fromRank >= 0 else {
                  insertions.append(to)
                  (out.baseAddress! + next).initialize(to: ItemSources.word(nil))
                  next += 1
                  continue
                }
                let from = ItemPath(section: source.section, item: fromRank)
                (out.baseAddress! + next).initialize(to: ItemSources.word(from))
                next += 1
                if source.section == t {
                  stayingFrom[staying] = fromRank
                  stayingTo[staying] = to.item
                  staying += 1
                } else {
                  moves.append(SectionDelta.Items.Move(from: from, to: to))
                }
                if isReloaded {
                  reloads.append(SectionDelta.Items.Reload(from: from, to: to))
                  output.reloads.append(to)
                  reloadedHere.append(to.item)
                }
              }
              outCount = next
            }
            shownCount = count
          }
          // Kept items of the section that changed order: the fewest moves.
          var isInOrder = true
          for m in 1..<max(staying, 1) where stayingFrom[m] < stayingFrom[m - 1] {
            isInOrder = false
            break
          }
          if !isInOrder {
            let isMember = UnsafeMutableBufferPointer(rebasing: isKept[0..<staying])
            isMember.initialize(repeating: false)
            _ = LongestIncreasingSubsequence.mark(
              in: UnsafeBufferPointer(start: stayingFrom, count: staying), isMember: isMember)
            for m in 0..<staying where !isMember[m] {
              moves.append(
                SectionDelta.Items.Move(
                  from: ItemPath(section: t, item: stayingFrom[m]),
                  to: ItemPath(section: t, item: stayingTo[m])))
            }
          }
          output.itemSources[t] = ItemSources(words: outputSources)
          isShown.append(shown)
          shownCounts.append(next)
          if !reloadedHere.isEmpty {
            var flags = [Bool](repeating: false, count: next)
            for i in reloadedHere { flags[i] = true }
            outputReloadFlags[t] = flags
          }
        }
      }
    }
    // Every old path here is in a touched section, whose slot is its rank
    // among them: put in order by slot, then by item within each section.
    deletions = inOrder(deletions, slotOf: rankSlot, touchedCount: touched.count) { $0 }
    insertions = inOrder(insertions, slotOf: rankSlot, touchedCount: touched.count) { $0 }
    moves = inOrder(moves, slotOf: rankSlot, touchedCount: touched.count) { $0.from }
    reloads = inOrder(reloads, slotOf: rankSlot, touchedCount: touched.count) { $0.from }
    output.knownReloadFlags = outputReloadFlags
    let delta = SectionDelta(
      sections: IndexDelta(deletions: [], insertions: [], moves: [], reloads: sectionReloads),
      items: SectionDelta.Items(
        deletions: deletions, insertions: insertions, moves: moves, reloads: reloads))
    return (delta, output, isShown, shownCounts)
  }

  /// For each item of each of `sections`, its index among the shown ones
  /// of its section, or -1 where hidden, one section after another;
  /// `total` is the number of items.
  static func ranks(of sections: [[Bool]], total: Int) -> [Int] {
    [Int](raceFreeCapacity: total) { ranks, initialized in
      var i = 0
      for shown in sections {
        var next = 0
        for isShown in shown {
          ranks[i] = isShown ? next : -1
          if isShown { next += 1 }
          i += 1
        }
      }
      initialized = i
    }
  }

  /// `values` in ascending order of `path`, when every path's section has a
  /// slot in `slotOf`, slots ascending with sections (the touched sections,
  /// numbered in order): values counted into their sections' slots, then
  /// each section's few put in order by item.
  ///
  /// - Complexity: O(*n* + *t*) for *n* values and *t* touched sections,
  ///   plus O(*k* log *k*) for the *k* values of each section out of order.
  static func inOrder<T>(
    _ values: [T], slotOf: [Int], touchedCount: Int, by path: (T) -> ItemPath
  ) -> [T] {
    var isInOrder = true
    for k in values.indices.dropFirst() where path(values[k]) < path(values[k - 1]) {
      isInOrder = false
      break
    }
    guard !isInOrder else { return values }
    var starts = [Int](repeating: 0, count: touchedCount + 1)
    for value in values { starts[slotOf[path(value).section] + 1] += 1 }
    for slot in 0..<touchedCount { starts[slot + 1] += starts[slot] }
    var ordered = [T](raceFreeCapacity: values.count) { ordered, count in
      var next = starts
      for value in values {
        let slot = slotOf[path(value).section]
        (ordered.baseAddress! + next[slot]).initialize(to: value)
        next[slot] += 1
      }
      count = values.count
    }
    ordered.withUnsafeMutableBufferPointer { ordered in
      for slot in 0..<touchedCount where starts[slot + 1] - starts[slot] > 1 {
        var section = UnsafeMutableBufferPointer(rebasing: ordered[starts[slot]..<starts[slot + 1]])
        guard section.count > 16 else {
          // Insertion sort: a section's few changes.
          for k in 1..<section.count {
            let value = section[k]
            var j = k
            while j > 0 && path(value).item < path(section[j - 1]).item {
              section[j] = section[j - 1]
              j -= 1
            }
            section[j] = value
          }
          continue
        }
        section.sort { path($0).item < path($1).item }
      }
    }
    return ordered
  }
}

import ShelfDiff

// Index names: `s` old and `t` new section indices, `i` a row's index among all rows.

extension DisplayModel {
  /// What names a section across changes: its id, and which run of rows of
  /// that id it is (0 unless the id's rows are not all together).
  struct SectionKey: Hashable {
    var id: String
    var occurrence: Int
  }

  /// The key of each section, in order.
  ///
  /// - Complexity: O(sections).
  var sectionKeys: [SectionKey] {
    var occurrences: [String: Int] = [:]
    return sections.map { section in
      let occurrence = occurrences[section.id, default: 0]
      occurrences[section.id] = occurrence + 1
      return SectionKey(id: section.id, occurrence: occurrence)
    }
  }

  /// The path of each row, by index among all rows: its section and its place there.
  ///
  /// - Complexity: O(rows).
  var rowPaths: [ItemPath] {
    var paths: [ItemPath] = []
    paths.reserveCapacity(rows.count)
    for (t, section) in sections.enumerated() {
      for j in section.rows.indices { paths.append(ItemPath(section: t, item: j)) }
    }
    return paths
  }

  /// The change from `old` to this model told as sections of rows, the shape
  /// the table's motion reads (`EntryChanges`), derived from `rowDelta`, the
  /// change of the rows themselves (the row part of the one delta over rows of
  /// cards); nil when `rowDelta` does not fit the two models (the caller diffs).
  ///
  /// The headers are derived here, at layout time: sections are matched by
  /// key (`SectionKey`); a row keeps its identity, and one that joins another
  /// section, or whose section is inserted, moves; the rows that stay in their
  /// section move only off its longest increasing run.
  ///
  /// - Complexity: O(rows + `rowDelta.changeCount` + sections log sections).
  func sectionDelta(from old: DisplayModel, rowDelta: IndexDelta) -> SectionDelta? {
    guard
      let mapping = rowDelta.indexMapping(oldCount: old.rows.count, newCount: rows.count)
    else { return nil }
    let (oldPaths, newPaths) = (old.rowPaths, rowPaths)
    let (oldKeys, newKeys) = (old.sectionKeys, sectionKeys)
    var oldSectionByKey: [SectionKey: Int] = [:]
    for (s, key) in oldKeys.enumerated() { oldSectionByKey[key] = s }
    var newSectionByKey: [SectionKey: Int] = [:]
    for (t, key) in newKeys.enumerated() { newSectionByKey[key] = t }
    let sectionSources = newKeys.map { oldSectionByKey[$0] ?? -1 }
    let sectionTargets = oldKeys.map { newSectionByKey[$0] ?? -1 }
    let sectionDelta = Self.indexDelta(
      sources: sectionSources, targets: sectionTargets,
      isReloaded: { t, s in old.sections[s].title != sections[t].title })

    var deletions: [ItemPath] = []
    var insertions: [ItemPath] = []
    var moves: [SectionDelta.Items.Move] = []
    var i = 0
    for (t, section) in sections.enumerated() {
      let s = sectionSources[t]
      var staying: [(from: ItemPath, to: ItemPath)] = []
      for _ in section.rows.indices {
        defer { i += 1 }
        let to = newPaths[i]
        let source = mapping.oldOfNew[i]
        guard source >= 0 else {
          if s >= 0 { insertions.append(to) }  // else it comes with its section
          continue
        }
        let from = oldPaths[source]
        if s >= 0 && from.section == s {
          staying.append((from, to))
        } else {
          moves.append(SectionDelta.Items.Move(from: from, to: to))
        }
      }
      let isKept = LongestIncreasingSubsequence.members(of: staying.map(\.from.item))
      for (k, pair) in staying.enumerated() where !isKept[k] {
        moves.append(SectionDelta.Items.Move(from: pair.from, to: pair.to))
      }
    }
    for (i, path) in oldPaths.enumerated()
    where mapping.newOfOld[i] < 0 && sectionTargets[path.section] >= 0 {
      deletions.append(path)  // else it goes with its section
    }
    insertions.sort()
    moves.sort { $0.from < $1.from }
    let result = SectionDelta(
      sections: sectionDelta,
      items: SectionDelta.Items(
        deletions: deletions, insertions: insertions, moves: moves, reloads: []))
    let isValid = result.isValid(
      oldItemCounts: old.sections.map(\.rows.count), newItemCounts: sections.map(\.rows.count))
    return isValid ? result : nil
  }

  /// The `IndexDelta` of a placement (for each new index its old one or -1,
  /// for each old index its new one or -1): deletions, insertions, minimal
  /// moves (the kept survivors form a longest increasing run) and reloads.
  ///
  /// - Complexity: O(*n* log *n*) for *n* elements.
  private static func indexDelta(
    sources: [Int], targets: [Int], isReloaded: (_ to: Int, _ from: Int) -> Bool
  ) -> IndexDelta {
    let deletions = targets.indices.filter { targets[$0] < 0 }
    let insertions = sources.indices.filter { sources[$0] < 0 }
    let survivors = targets.filter { $0 >= 0 }  // new indices, in old order
    let isKept = LongestIncreasingSubsequence.members(of: survivors)
    var moves: [IndexDelta.Move] = []
    var reloads: [IndexDelta.Reload] = []
    var k = 0
    for (s, t) in targets.enumerated() where t >= 0 {
      if !isKept[k] { moves.append(IndexDelta.Move(from: s, to: t)) }
      if isReloaded(t, s) { reloads.append(IndexDelta.Reload(from: s, to: t)) }
      k += 1
    }
    return IndexDelta(deletions: deletions, insertions: insertions, moves: moves, reloads: reloads)
  }
}

import ShelfChain
import ShelfDiff

/// The content chain's rows put back into table sections, and a delta of rows
/// (the chain's sections) translated into a delta of the table (sections of rows).
///
/// Consecutive rows of the same table section form one section; a section
/// holder row gives a section with no rows; the no-matches placeholder gives
/// no section at all.
struct RowGrouping {
  /// A table section: its key and where its rows are among the chain's.
  struct Group {
    var key: Key
    var title: String?
    /// Indices into the chain's rows of the table rows, in order.
    var rows: [Int]
  }

  /// What names a table section across changes.
  struct Key: Hashable {
    var id: String
    var occurrence: Int
  }

  /// The chain's rows.
  let rows: [ChainRow]
  /// The table sections, top to bottom.
  let groups: [Group]
  /// For each chain row, its table path, or nil (a section holder, the placeholder).
  let paths: [ItemPath?]

  /// The grouping of `rows`.
  ///
  /// - Complexity: O(`rows.count`).
  init(_ rows: [ChainRow]) {
    self.rows = rows
    var groups: [Group] = []
    var paths = [ItemPath?](repeating: nil, count: rows.count)
    for (i, row) in rows.enumerated() where row.id != ReservedID.noMatches {
      let key = Key(id: row.sectionID, occurrence: row.sectionOccurrence)
      if groups.last?.key != key {
        groups.append(Group(key: key, title: row.sectionTitle, rows: []))
      }
      guard !row.isSectionHolder else { continue }
      paths[i] = ItemPath(section: groups.count - 1, item: groups[groups.count - 1].rows.count)
      groups[groups.count - 1].rows.append(i)
    }
    self.groups = groups
    self.paths = paths
  }

  /// Whether the chain shows its no-matches placeholder.
  var isNoMatches: Bool { rows.count == 1 && rows[0].id == ReservedID.noMatches }

  /// The table sections.
  ///
  /// - Complexity: O(`rows.count`).
  var sections: [ShelfSection] {
    groups.map { group in
      ShelfSection(
        id: group.key.id, title: group.title, rows: group.rows.map { rows[$0].carouselRow })
    }
  }

  /// The table's delta from `old` to `self`, given `delta`, the chain's
  /// delta from `old.rows` to `rows`; nil when it does not fit them or the
  /// sections' keys repeat (then the caller diffs).
  ///
  /// Rows become items: a row inserted, deleted or moved (in the chain, or
  /// into another table section) is an item insertion, deletion or move; a
  /// row whose header or cards changed is reloaded. Table sections are
  /// matched by key.
  ///
  /// - Complexity: O(rows + `delta.changeCount` + sections log sections).
  func delta(from old: RowGrouping, given delta: SectionDelta) -> SectionDelta? {
    guard
      let sources = Self.sources(of: delta.sections, oldCount: old.rows.count, newCount: rows.count)
    else { return nil }
    // Rows whose content changed, by new index.
    var isChanged = [Bool](repeating: false, count: rows.count)
    var targets = [Int](repeating: -1, count: old.rows.count)
    for (t, s) in sources.enumerated() where s >= 0 { targets[s] = t }
    func markNew(_ t: Int) { if isChanged.indices.contains(t) { isChanged[t] = true } }
    func markOld(_ s: Int) {
      if targets.indices.contains(s), targets[s] >= 0 { isChanged[targets[s]] = true }
    }
    for reload in delta.sections.reloads { markNew(reload.to) }
    for path in delta.items.deletions { markOld(path.section) }
    for path in delta.items.insertions { markNew(path.section) }
    for move in delta.items.moves {
      markOld(move.from.section)
      markNew(move.to.section)
    }
    for reload in delta.items.reloads { markNew(reload.to.section) }

    // Sections, by key.
    var oldGroupByKey: [Key: Int] = [:]
    for (s, group) in old.groups.enumerated() {
      guard oldGroupByKey.updateValue(s, forKey: group.key) == nil else { return nil }
    }
    var newGroupByKey: [Key: Int] = [:]
    for (t, group) in groups.enumerated() {
      guard newGroupByKey.updateValue(t, forKey: group.key) == nil else { return nil }
    }
    let sectionSources = groups.map { oldGroupByKey[$0.key] ?? -1 }
    let sectionTargets = old.groups.map { newGroupByKey[$0.key] ?? -1 }
    let sectionDelta = Self.indexDelta(
      sources: sectionSources, targets: sectionTargets,
      isReloaded: { t, s in old.groups[s].title != groups[t].title })

    // Rows, by the chain's row mapping.
    var deletions: [ItemPath] = []
    var insertions: [ItemPath] = []
    var moves: [SectionDelta.Items.Move] = []
    var reloads: [SectionDelta.Items.Reload] = []
    for (t, group) in groups.enumerated() {
      let s = sectionSources[t]
      var staying: [(from: ItemPath, to: ItemPath)] = []
      for (j, i) in group.rows.enumerated() {
        let to = ItemPath(section: t, item: j)
        let source = sources[i]
        guard source >= 0, let from = old.paths[source] else {
          if s >= 0 { insertions.append(to) }
          continue
        }
        if isChanged[i] { reloads.append(SectionDelta.Items.Reload(from: from, to: to)) }
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
    for (s, group) in old.groups.enumerated() where sectionTargets[s] >= 0 {
      for (j, i) in group.rows.enumerated() where targets[i] < 0 || paths[targets[i]] == nil {
        deletions.append(ItemPath(section: s, item: j))
      }
    }
    insertions.sort()
    moves.sort { $0.from < $1.from }
    reloads.sort { $0.from < $1.from }
    let result = SectionDelta(
      sections: sectionDelta,
      items: SectionDelta.Items(
        deletions: deletions, insertions: insertions, moves: moves, reloads: reloads))
    let isValid = result.isValid(
      oldItemCounts: old.groups.map(\.rows.count), newItemCounts: groups.map(\.rows.count))
    return isValid ? result : nil
  }

  /// For each new index of `delta`, its old index or -1 (inserted); nil when
  /// the delta does not fit `oldCount` and `newCount` elements.
  ///
  /// - Complexity: O(`oldCount` + `newCount`).
  static func sources(of delta: IndexDelta, oldCount: Int, newCount: Int) -> [Int]? {
    var sources = [Int](repeating: -2, count: newCount)  // -2: not placed yet
    var isLeaving = [Bool](repeating: false, count: oldCount)
    for t in delta.insertions {
      guard sources.indices.contains(t), sources[t] == -2 else { return nil }
      sources[t] = -1
    }
    for s in delta.deletions {
      guard isLeaving.indices.contains(s), !isLeaving[s] else { return nil }
      isLeaving[s] = true
    }
    for move in delta.moves {
      guard sources.indices.contains(move.to), sources[move.to] == -2,
        isLeaving.indices.contains(move.from), !isLeaving[move.from]
      else { return nil }
      sources[move.to] = move.from
      isLeaving[move.from] = true
    }
    var s = 0
    for t in sources.indices where sources[t] == -2 {
      while s < oldCount && isLeaving[s] { s += 1 }
      guard s < oldCount else { return nil }
      sources[t] = s
      s += 1
    }
    while s < oldCount && isLeaving[s] { s += 1 }
    return s == oldCount ? sources : nil
  }

  /// The `IndexDelta` of a placement: deletions, insertions, minimal moves
  /// (the kept survivors form a longest increasing run) and reloads.
  ///
  /// - Complexity: O(*n* log *n*) for *n* elements.
  static func indexDelta(
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

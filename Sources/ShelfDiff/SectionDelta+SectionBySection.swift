// MARK: - Computing a delta a level at a time

extension SectionDelta {
  /// The delta that turns the sections `old` into `new` a level at a time:
  /// sections matched by `id` (headers compared with `hasSameHeader(as:)`),
  /// then the items of each surviving section whose items differ, matched by
  /// `id` within that section and compared with `==`.
  ///
  /// An item that changes section is deleted from the one and inserted into
  /// the other, not moved; otherwise the delta is the one `init(from:to:)`
  /// gives, and replays the same way. Use it where an item belongs to its
  /// section (a card to its row): it spares matching every item across all
  /// sections, and reads nothing inside a section whose items are equal.
  /// Repeated ids are matched by occurrence, sections among sections and
  /// items within their section, and listed in `sections.duplicates` and
  /// `items.duplicates`.
  ///
  /// - Complexity: O(*s* + *n*) expected, for *s* sections and the *n* items
  ///   of the surviving sections (equal item arrays that share storage cost
  ///   O(1)), plus O(*c* log *c*) to order the *c* item changes.
  @inlinable
  public init<Section: DiffableSection>(sectionBySectionFrom old: [Section], to new: [Section]) {
    self.init(levelsFrom: old, to: new, diffsItems: true)
  }

  /// The delta that turns the sections `old` into `new` at the level of
  /// sections only: sections matched by `id` (headers compared with
  /// `hasSameHeader(as:)`), and each surviving section whose items differ
  /// (by `==`) listed in `undiffedSections`, its items not diffed. Whoever
  /// needs a section's item changes diffs it then (a table, the cards of
  /// the rows it shows); `diffingUndiffedSections(from:to:)` diffs them all,
  /// giving `SectionDelta(sectionBySectionFrom:to:)`.
  ///
  /// - Complexity: O(*s*) expected for *s* sections, plus comparing the items
  ///   of each surviving section up to its first difference (equal item
  ///   arrays that share storage cost O(1)).
  @inlinable
  public init<Section: DiffableSection>(sectionsFrom old: [Section], to new: [Section]) {
    self.init(levelsFrom: old, to: new, diffsItems: false)
  }

  /// This delta with the items of each of its `undiffedSections` diffed
  /// within the section (`old` and `new` being the sections it turns one
  /// into the other), as `SectionDelta(sectionBySectionFrom:to:)` would
  /// have listed them.
  ///
  /// - Precondition: the delta is one of `old` into `new`.
  /// - Complexity: O(*n*) expected for the *n* items of the undiffed
  ///   sections, plus O(*c* log *c*) to order the *c* item changes.
  @inlinable
  public func diffingUndiffedSections<Section: DiffableSection>(
    from old: [Section], to new: [Section]
  ) -> SectionDelta {
    guard !undiffedSections.isEmpty else { return self }
    var delta = self
    delta.undiffedSections = []
    // In new order, as `init(sectionBySectionFrom:to:)` lists them.
    for section in undiffedSections.sorted(by: { $0.to < $1.to }) {
      delta.items.append(
        IndexDelta(from: old[section.from].items, to: new[section.to].items),
        from: section.from, to: section.to)
    }
    delta.items.deletions.sort()
    delta.items.insertions.sort()
    delta.items.moves.sort { $0.from < $1.from }
    delta.items.reloads.sort { $0.from < $1.from }
    return delta
  }

  /// `init(sectionBySectionFrom:to:)`, or with `diffsItems` false,
  /// `init(sectionsFrom:to:)`.
  @inlinable
  init<Section: DiffableSection>(levelsFrom old: [Section], to new: [Section], diffsItems: Bool) {
    let oldIDs = IndexMatching.ids(of: old) { $0.id }
    let newIDs = IndexMatching.ids(of: new) { $0.id }
    let matching = IndexMatching(oldIDs: oldIDs, newIDs: newIDs)
    var sections = IndexDelta(
      deletions: matching.deletions, insertions: matching.insertions, moves: matching.moves())
    if matching.hasDuplicates {
      sections.duplicates = IndexMatching.duplicates(oldIDs: oldIDs, newIDs: newIDs).map {
        IndexDelta.Duplicate(
          id: String(describing: $0.id), oldPositions: $0.old, newPositions: $0.new)
      }
    }
    var items = Items()
    var undiffed: [IndexDelta.Reload] = []
    var isOrdered = true  // surviving sections in old order: the changes come sorted
    var lastOld = -1
    for (t, s) in matching.newToOld.enumerated() where s >= 0 {
      if s < lastOld { isOrdered = false }
      lastOld = s
      if !old[s].hasSameHeader(as: new[t]) {
        sections.reloads.append(IndexDelta.Reload(from: s, to: t))
      }
      let before = old[s].items
      let after = new[t].items
      guard before != after else { continue }
      if diffsItems {
        items.append(IndexDelta(from: before, to: after), from: s, to: t)
      } else {
        undiffed.append(IndexDelta.Reload(from: s, to: t))
      }
    }
    if !isOrdered {
      sections.reloads.sort { $0.from < $1.from }
      items.deletions.sort()
      items.moves.sort { $0.from < $1.from }
      items.reloads.sort { $0.from < $1.from }
      undiffed.sort { $0.from < $1.from }
    }
    self.init(sections: sections, items: items, undiffedSections: undiffed)
  }
}

extension SectionDelta.Items {
  /// Appends `delta`, the change of the items of the section `s` of old
  /// that is the section `t` of new, as changes of item paths.
  ///
  /// - Complexity: O(`delta.changeCount`).
  @inlinable
  mutating func append(_ delta: IndexDelta, from s: Int, to t: Int) {
    deletions += delta.deletions.lazy.map { ItemPath(section: s, item: $0) }
    insertions += delta.insertions.lazy.map { ItemPath(section: t, item: $0) }
    moves += delta.moves.lazy.map {
      Move(from: ItemPath(section: s, item: $0.from), to: ItemPath(section: t, item: $0.to))
    }
    reloads += delta.reloads.lazy.map {
      Reload(from: ItemPath(section: s, item: $0.from), to: ItemPath(section: t, item: $0.to))
    }
    duplicates += delta.duplicates.lazy.map { duplicate in
      Duplicate(
        id: duplicate.id,
        oldPaths: duplicate.oldPositions.map { ItemPath(section: s, item: $0) },
        newPaths: duplicate.newPositions.map { ItemPath(section: t, item: $0) })
    }
  }
}

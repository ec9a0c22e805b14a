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
      let delta = IndexDelta(from: before, to: after)
      items.deletions += delta.deletions.lazy.map { ItemPath(section: s, item: $0) }
      items.insertions += delta.insertions.lazy.map { ItemPath(section: t, item: $0) }
      items.moves += delta.moves.lazy.map {
        Items.Move(from: ItemPath(section: s, item: $0.from), to: ItemPath(section: t, item: $0.to))
      }
      items.reloads += delta.reloads.lazy.map {
        Items.Reload(
          from: ItemPath(section: s, item: $0.from), to: ItemPath(section: t, item: $0.to))
      }
      items.duplicates += delta.duplicates.lazy.map { duplicate in
        Items.Duplicate(
          id: duplicate.id,
          oldPaths: duplicate.oldPositions.map { ItemPath(section: s, item: $0) },
          newPaths: duplicate.newPositions.map { ItemPath(section: t, item: $0) })
      }
    }
    if !isOrdered {
      sections.reloads.sort { $0.from < $1.from }
      items.deletions.sort()
      items.moves.sort { $0.from < $1.from }
      items.reloads.sort { $0.from < $1.from }
    }
    self.init(sections: sections, items: items)
  }
}

// MARK: - Computing a delta

extension SectionDelta {
  /// The delta that turns the sections `old` into `new`: sections matched by
  /// `id`, their headers compared with `hasSameHeader(as:)`, and their items
  /// matched by `id` across all sections and compared with `==`.
  ///
  /// Section moves are minimal among the surviving sections; item moves are
  /// minimal within each surviving section (its items that stay in it and are
  /// not moved keep their relative order), and every item that changes
  /// section is a move. Repeated ids are matched by occurrence (items in path
  /// order) and listed in `sections.duplicates` and `items.duplicates`.
  ///
  /// - Complexity: O(*n* log *n*) where *n* is the number of sections and
  ///   items in `old` and `new`; expected O(*n*) when the survivors keep
  ///   their order.
  @inlinable
  public init<Section: DiffableSection>(from old: [Section], to new: [Section]) {
    self.init(
      computingFrom: old, to: new, sectionID: { $0.id }, items: { $0.items }, itemID: { $0.id },
      hasSameHeader: { $0.hasSameHeader(as: $1) }, isContentEqual: { $0 == $1 })
  }

  /// The delta that turns the sections `old` into `new`, as `init(from:to:)`
  /// computes it, comparing matched items with `isContentEqual` instead of
  /// `==`: compare only what the view shows, without changing `==` for the
  /// item type.
  ///
  /// ```swift
  /// let delta = SectionDelta(from: old, to: new) { $0.title == $1.title }
  /// ```
  ///
  /// - Complexity: as `init(from:to:)`; `isContentEqual` is called once per
  ///   item present in both.
  @inlinable
  public init<Section: DiffableSection>(
    from old: [Section], to new: [Section],
    isContentEqual: (Section.Item, Section.Item) -> Bool
  ) {
    self.init(
      computingFrom: old, to: new, sectionID: { $0.id }, items: { $0.items }, itemID: { $0.id },
      hasSameHeader: { $0.hasSameHeader(as: $1) }, isContentEqual: isContentEqual)
  }

  /// The delta that turns the sections `old` into `new` for sections and items
  /// that are not `Identifiable`: sections matched by `sectionID`, their items
  /// (`items`) matched by `itemID` across all sections and compared with `==`,
  /// and a surviving section reloaded when `hasSameHeader` says its own
  /// content changed. Key paths serve as the functions:
  ///
  /// ```swift
  /// let delta = SectionDelta(
  ///   from: old, to: new, sectionID: \.name, items: \.books, itemID: \.isbn,
  ///   hasSameHeader: { $0.name == $1.name && $0.colour == $1.colour })
  /// ```
  ///
  /// The delta has the shape `init(from:to:)` gives for `DiffableSection`s.
  ///
  /// - Complexity: O(*n* log *n*) where *n* is the number of sections and
  ///   items in `old` and `new`; expected O(*n*) when the survivors keep
  ///   their order. Each function is called once per section or item, and
  ///   `hasSameHeader` once per surviving section.
  @inlinable
  public init<Section, SectionID: Hashable, Item: Equatable, ItemID: Hashable>(
    from old: [Section], to new: [Section], sectionID: (Section) -> SectionID,
    items: (Section) -> [Item], itemID: (Item) -> ItemID,
    hasSameHeader: (Section, Section) -> Bool
  ) {
    self.init(
      computingFrom: old, to: new, sectionID: sectionID, items: items, itemID: itemID,
      hasSameHeader: hasSameHeader, isContentEqual: { $0 == $1 })
  }

  /// The delta that turns the sections `old` into `new` for items that need
  /// not be `Equatable`: as `init(from:to:sectionID:items:itemID:hasSameHeader:)`,
  /// with matched items compared by `isContentEqual`.
  ///
  /// ```swift
  /// let delta = SectionDelta(
  ///   from: old, to: new, sectionID: \.name, items: \.books, itemID: \.isbn,
  ///   hasSameHeader: { $0.name == $1.name }, isContentEqual: { $0.title == $1.title })
  /// ```
  ///
  /// - Complexity: as `init(from:to:sectionID:items:itemID:hasSameHeader:)`;
  ///   `isContentEqual` is called once per item present in both.
  @inlinable
  public init<Section, SectionID: Hashable, Item, ItemID: Hashable>(
    from old: [Section], to new: [Section], sectionID: (Section) -> SectionID,
    items: (Section) -> [Item], itemID: (Item) -> ItemID,
    hasSameHeader: (Section, Section) -> Bool, isContentEqual: (Item, Item) -> Bool
  ) {
    self.init(
      computingFrom: old, to: new, sectionID: sectionID, items: items, itemID: itemID,
      hasSameHeader: hasSameHeader, isContentEqual: isContentEqual)
  }

  /// The one body of every initializer, inlined into each so that the
  /// `DiffableSection` one calls `id`, `items`, `hasSameHeader(as:)` and `==`
  /// directly, not through function values (without it, `make bench`'s
  /// "SectionDelta 1,000 x 100 Books" took about 1.6 times the CPU time).
  @inlinable @inline(__always)
  init<Section, SectionID: Hashable, Item, ItemID: Hashable>(
    computingFrom old: [Section], to new: [Section], sectionID: (Section) -> SectionID,
    items: (Section) -> [Item], itemID: (Item) -> ItemID,
    hasSameHeader: (Section, Section) -> Bool, isContentEqual: (Item, Item) -> Bool
  ) {
    // MARK: Sections
    let oldSectionIDs = IndexMatching.ids(of: old, sectionID)
    let newSectionIDs = IndexMatching.ids(of: new, sectionID)
    let sectionMatching = IndexMatching(oldIDs: oldSectionIDs, newIDs: newSectionIDs)
    var sectionDeletions: [Int] = []
    var sectionReloads: [IndexDelta.Reload] = []
    for (s, t) in sectionMatching.oldToNew.enumerated() {
      if t < 0 {
        sectionDeletions.append(s)
      } else if !hasSameHeader(old[s], new[t]) {
        sectionReloads.append(IndexDelta.Reload(from: s, to: t))
      }
    }
    var sectionDuplicates: [IndexDelta.Duplicate] = []
    if sectionMatching.hasDuplicates {
      sectionDuplicates = IndexMatching.duplicates(oldIDs: oldSectionIDs, newIDs: newSectionIDs)
        .map {
          IndexDelta.Duplicate(
            id: String(describing: $0.id), oldPositions: $0.old, newPositions: $0.new)
        }
    }
    let sections = IndexDelta(
      deletions: sectionDeletions, insertions: sectionMatching.insertions,
      moves: sectionMatching.moves(), reloads: sectionReloads, duplicates: sectionDuplicates)

    // MARK: Items, flattened end to end
    let oldLayout = FlatLayout(old.map(items))
    let newLayout = FlatLayout(new.map(items))
    let oldIDs = oldLayout.ids(itemID)
    let newIDs = newLayout.ids(itemID)
    let itemMatching = IndexMatching(oldIDs: oldIDs, newIDs: newIDs)

    var deletions: [ItemPath] = []
    var moves: [Items.Move] = []
    var reloads: [Items.Reload] = []
    var order: [Int] = []  // new item indices of the items that stay in their section, in old order
    var staying: [Bool] = []
    for s in 0..<old.count {
      let t = sectionMatching.oldToNew[s]
      let base = oldLayout.starts[s]
      let items = oldLayout.sections[s]
      order.removeAll(keepingCapacity: true)
      if t >= 0 {
        var isSorted = true
        for i in items.indices {
          let g = itemMatching.oldToNew[base + i]
          if g >= 0 && newLayout.sectionIndex[g] == t {
            let j = g - newLayout.starts[t]
            if let last = order.last, j < last { isSorted = false }
            order.append(j)
          }
        }
        staying.removeAll(keepingCapacity: true)
        if !isSorted { staying = LongestIncreasingSubsequence.members(of: order) }
      }
      var k = 0  // position in `order`
      for i in items.indices {
        let g = itemMatching.oldToNew[base + i]
        if g < 0 {
          if t >= 0 { deletions.append(ItemPath(section: s, item: i)) }
          continue
        }
        let u = newLayout.sectionIndex[g]
        let to = ItemPath(section: u, item: g - newLayout.starts[u])
        if u != t {
          moves.append(Items.Move(from: ItemPath(section: s, item: i), to: to))
        } else {
          if !staying.isEmpty && !staying[k] {
            moves.append(Items.Move(from: ItemPath(section: s, item: i), to: to))
          }
          k += 1
        }
        if !isContentEqual(items[i], newLayout.sections[u][to.item]) {
          reloads.append(Items.Reload(from: ItemPath(section: s, item: i), to: to))
        }
      }
    }

    var insertions: [ItemPath] = []
    for (g, f) in itemMatching.newToOld.enumerated() where f < 0 {
      let u = newLayout.sectionIndex[g]
      if sectionMatching.newToOld[u] >= 0 {
        insertions.append(ItemPath(section: u, item: g - newLayout.starts[u]))
      }
    }

    var duplicates: [Items.Duplicate] = []
    if itemMatching.hasDuplicates {
      duplicates = IndexMatching.duplicates(oldIDs: oldIDs, newIDs: newIDs).map {
        Items.Duplicate(
          id: String(describing: $0.id), oldPaths: $0.old.map(oldLayout.path(at:)),
          newPaths: $0.new.map(newLayout.path(at:)))
      }
    }
    self.init(
      sections: sections,
      items: Items(
        deletions: deletions, insertions: insertions, moves: moves, reloads: reloads,
        duplicates: duplicates))
  }
}

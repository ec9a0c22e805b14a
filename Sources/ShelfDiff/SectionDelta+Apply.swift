// MARK: - Replaying a delta

extension SectionDelta {
  /// Whether this delta can be replayed on sections holding `oldItemCounts`
  /// items to give sections holding `newItemCounts`: the section delta fits,
  /// item paths are in range and none repeated, no item deletion falls in a
  /// deleted section nor insertion in an inserted one, each surviving section
  /// ends with its new count, and every reload's `from` lands at its `to`,
  /// with no section or item reloaded twice.
  ///
  /// - Complexity: O(*n* + `changeCount`) where *n* is the number of
  ///   sections and items, old and new.
  public func isValid(oldItemCounts: [Int], newItemCounts: [Int]) -> Bool {
    placement(oldItemCounts: oldItemCounts, newItemCounts: newItemCounts) != nil
  }

  /// Replays the delta on `old` the way a sectioned list view does: sections
  /// first as `IndexDelta.applied(to:with:)` does, then items (deleted and
  /// moved items leave, inserted and moved items take their new paths, the
  /// unmoved items of each surviving section fill its other slots in their old
  /// order, an inserted section's other slots get its new items). Inserted and
  /// reloaded sections and items are read from `new`.
  ///
  /// For a delta computed from `old` and `new`, `sections` has the ids of
  /// `new` with headers equal to theirs, and `items` equals `new.map(\.items)`.
  ///
  /// - Precondition: `isValid(oldItemCounts: old.map(\.items.count), newItemCounts: new.map(\.items.count))`.
  /// - Complexity: O(*n* + `changeCount`) where *n* is the number of
  ///   sections and items, old and new.
  public func applied<Section: DiffableSection>(to old: [Section], with new: [Section]) -> (
    sections: [Section], items: [[Section.Item]]
  ) {
    let oldItems = old.map(\.items)
    let newItems = new.map(\.items)
    guard
      let (sectionSources, itemSources) = placement(
        oldItemCounts: oldItems.map(\.count), newItemCounts: newItems.map(\.count))
    else {
      fatalError(
        "SectionDelta does not fit \(old.count) and \(new.count) sections: \(self)")
    }
    var resultSections = sectionSources.indices.map { t in
      sectionSources[t] >= 0 ? old[sectionSources[t]] : new[t]
    }
    for reload in sections.reloads { resultSections[reload.to] = new[reload.to] }
    var resultItems = newItems.indices.map { t in
      newItems[t].indices.map { j in
        itemSources[t][j].map { oldItems[$0.section][$0.item] } ?? newItems[t][j]
      }
    }
    for reload in items.reloads {
      resultItems[reload.to.section][reload.to.item] = newItems[reload.to.section][reload.to.item]
    }
    return (resultSections, resultItems)
  }

  /// Replays the delta on `old` as `applied(to:with:)` does and returns whole
  /// sections: each new section's header, holding its items written through
  /// `items` — for sections whose items are a stored property:
  ///
  /// ```swift
  /// let shown = SectionDelta(from: old, to: new).applied(to: old, with: new, items: \.books)
  /// ```
  ///
  /// For a delta computed from `old` and `new`, the result equals `new`.
  ///
  /// - Precondition: `isValid(oldItemCounts: old.map(\.items.count), newItemCounts: new.map(\.items.count))`.
  /// - Complexity: O(*n* + `changeCount`) where *n* is the number of
  ///   sections and items, old and new.
  public func applied<Section: DiffableSection>(
    to old: [Section], with new: [Section], items: WritableKeyPath<Section, [Section.Item]>
  ) -> [Section] {
    let replayed = applied(to: old, with: new)
    var sections = replayed.sections
    for index in sections.indices { sections[index][keyPath: items] = replayed.items[index] }
    return sections
  }

  /// Where everything lands when the delta is replayed: for each new section,
  /// the old section index or -1 (inserted); for each new item path, the old
  /// path or nil (inserted); nil when the delta does not fit.
  func placement(oldItemCounts: [Int], newItemCounts: [Int]) -> (
    sections: [Int], items: [[ItemPath?]]
  )? {
    guard
      let sectionSources = sections.placement(
        oldCount: oldItemCounts.count, newCount: newItemCounts.count),
      !oldItemCounts.contains(where: { $0 < 0 }), !newItemCounts.contains(where: { $0 < 0 })
    else { return nil }
    var sectionTargets = Array(repeating: -1, count: oldItemCounts.count)
    for (t, s) in sectionSources.enumerated() where s >= 0 { sectionTargets[s] = t }
    // Sections whose items were not diffed take new's items as they are; no
    // item change may name them.
    guard let isUndiffed = undiffedTargets(sectionSources: sectionSources) else { return nil }
    func isNamed(old s: Int) -> Bool { sectionTargets[s] >= 0 && isUndiffed[sectionTargets[s]] }
    for path in items.deletions where path.section >= 0 && path.section < oldItemCounts.count {
      guard !isNamed(old: path.section) else { return nil }
    }
    for move in items.moves {
      if move.from.section >= 0 && move.from.section < oldItemCounts.count {
        guard !isNamed(old: move.from.section) else { return nil }
      }
      if move.to.section >= 0 && move.to.section < newItemCounts.count {
        guard !isUndiffed[move.to.section] else { return nil }
      }
    }
    for path in items.insertions + items.reloads.map(\.to)
    where path.section >= 0 && path.section < newItemCounts.count {
      guard !isUndiffed[path.section] else { return nil }
    }

    var isLeaving = oldItemCounts.map { Array(repeating: false, count: $0) }
    var sources: [[ItemPath?]] = newItemCounts.map { Array(repeating: nil, count: $0) }
    var isFilled = newItemCounts.map { Array(repeating: false, count: $0) }
    func inOld(_ path: ItemPath) -> Bool {
      path.section >= 0 && path.section < oldItemCounts.count && path.item >= 0
        && path.item < oldItemCounts[path.section]
    }
    func inNew(_ path: ItemPath) -> Bool {
      path.section >= 0 && path.section < newItemCounts.count && path.item >= 0
        && path.item < newItemCounts[path.section]
    }
    for path in items.deletions {
      guard inOld(path), sectionTargets[path.section] >= 0,
        !isLeaving[path.section][path.item]
      else { return nil }
      isLeaving[path.section][path.item] = true
    }
    for path in items.insertions {
      guard inNew(path), sectionSources[path.section] >= 0, !isFilled[path.section][path.item]
      else { return nil }
      isFilled[path.section][path.item] = true
    }
    for move in items.moves {
      guard inOld(move.from), !isLeaving[move.from.section][move.from.item],
        inNew(move.to), !isFilled[move.to.section][move.to.item]
      else { return nil }
      isLeaving[move.from.section][move.from.item] = true
      isFilled[move.to.section][move.to.item] = true
      sources[move.to.section][move.to.item] = move.from
    }
    for t in newItemCounts.indices {
      let s = sectionSources[t]
      var slot = 0
      if s >= 0 && !isUndiffed[t] {
        for i in 0..<oldItemCounts[s] where !isLeaving[s][i] {
          while slot < newItemCounts[t] && isFilled[t][slot] { slot += 1 }
          guard slot < newItemCounts[t] else { return nil }
          sources[t][slot] = ItemPath(section: s, item: i)
          isFilled[t][slot] = true
        }
        guard !isFilled[t].contains(false) else { return nil }
      }
    }
    for reload in items.reloads {
      guard inOld(reload.from), inNew(reload.to),
        sources[reload.to.section][reload.to.item] == reload.from
      else { return nil }
    }
    guard !items.reloads.hasRepeatedTarget() else { return nil }
    return (sectionSources, sources)
  }
}

extension SectionDelta {
  /// For each new section, whether `undiffedSections` lists it; nil when
  /// the list does not fit `sectionSources` (for each new section, the old
  /// one it continues, or -1): each entry a surviving section's old and new
  /// index, in ascending `from`, none twice.
  ///
  /// - Complexity: O(*s*) for *s* new sections.
  func undiffedTargets(sectionSources: [Int]) -> [Bool]? {
    var isUndiffed = [Bool](repeating: false, count: sectionSources.count)
    var lastFrom = -1
    for section in undiffedSections {
      guard section.from > lastFrom, section.to >= 0, section.to < sectionSources.count,
        sectionSources[section.to] == section.from
      else { return nil }
      lastFrom = section.from
      isUndiffed[section.to] = true
    }
    return isUndiffed
  }
}

extension Array {
  /// Whether two of these reloads land on the same new position: a delta
  /// reloads each item at most once.
  ///
  /// - Complexity: O(`count`).
  package func hasRepeatedTarget<Position>() -> Bool
  where Element == ItemMatch<Position> {
    guard count > 1 else { return false }
    var targets = Set<Position>(minimumCapacity: count)
    for reload in self where !targets.insert(reload.to).inserted { return true }
    return false
  }
}

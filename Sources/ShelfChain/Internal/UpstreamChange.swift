import ShelfDiff

// Index names (`t`, `s`, `j`, `i`, `k`, `u`): see the top of Internal/Placement.swift.

/// What a transform makes of an upstream change.
enum UpstreamChange {
  /// Take the upstream sections as they are and tell downstream to reload.
  case reload
  /// A delta that does not fit the sections it claims to change: re-diff.
  case unmappable
  /// A delta read as a placement of upstream's new sections.
  case placement(Placement, isRediffed: Bool)

  /// Reads `change` against upstream's item counts before and after it;
  /// for a delta whose placement upstream told as `told`, that placement,
  /// with the delta not read again.
  ///
  /// - Complexity: O(1) with `told`; otherwise that of
  ///   `Placement.init(_:oldCounts:newCounts:)`.
  init(_ change: SourceChange, oldCounts: [Int], newCounts: [Int], told: Placement? = nil) {
    switch change {
    case .reload:
      self = .reload
    case .delta(let delta, let isRediffed):
      if let told {
        self = .placement(told, isRediffed: isRediffed)
      } else if let placement = Placement(delta, oldCounts: oldCounts, newCounts: newCounts) {
        self = .placement(placement, isRediffed: isRediffed)
      } else {
        self = .unmappable
      }
    }
  }
}

extension Array where Element: ChainableSection {
  /// The item count of each section.
  ///
  /// - Complexity: O(`count`).
  var itemCounts: [Int] { map { $0.items.count } }
}

extension ChainableSection {
  /// This section with `items` in place of its own.
  ///
  /// - Complexity: O(1).
  func with(items: [Item]) -> Self {
    var copy = self
    copy.items = items
    return copy
  }
}

extension SourceChange {
  /// `itemCounts(of:before:)`, from `told`, the placement upstream tells of
  /// this change, when it keeps the sections in place: then only its touched
  /// sections change count, and no change of the delta is read.
  ///
  /// - Complexity: O(*s* + *t*) for *s* sections and *t* touched ones, with
  ///   such a placement; otherwise that of `itemCounts(of:before:)`.
  func itemCounts<Section: ChainableSection>(
    of sections: [Section], before oldCounts: [Int], told: Placement?
  ) -> [Int] {
    if case .delta = self, let told, let counts = told.newCounts(from: oldCounts),
      counts.count == sections.count
    {
      return counts
    }
    return itemCounts(of: sections, before: oldCounts)
  }

  /// The item count of each of `sections`, upstream's sections after this
  /// change, given their counts before it: for a delta, copied from before
  /// and read only in the sections the delta names (inserted, or with items
  /// deleted, inserted, moved or reloaded), which are the only ones whose
  /// count it may change. Every delta a link is told fits this: the store
  /// at the chain's root checks each supplied one (`SectionStore.update(_:delta:)`),
  /// and links tell only deltas they derived from checked ones.
  ///
  /// - Complexity: O(*s* + *c*) integer steps for *s* sections and *c*
  ///   changes, reading sections only where changes are; O(*s*) reads for a reload.
  func itemCounts<Section: ChainableSection>(of sections: [Section], before oldCounts: [Int])
    -> [Int]
  {
    guard case .delta(let delta, _) = self else { return sections.itemCounts }
    var counts: [Int]
    var targets: [Int]?  // for each old section, its new index; nil: sections in place
    if delta.sections.deletions.isEmpty, delta.sections.insertions.isEmpty,
      delta.sections.moves.isEmpty, sections.count == oldCounts.count
    {
      counts = oldCounts  // no O(sections) mapping for a change that keeps them
    } else {
      guard
        let sources = delta.sections.placement(
          oldCount: oldCounts.count, newCount: sections.count)
      else { return sections.itemCounts }
      counts = [Int](repeating: 0, count: sources.count)
      var sectionTargets = [Int](repeating: -1, count: oldCounts.count)
      for (t, s) in sources.enumerated() {
        if s >= 0 {
          counts[t] = oldCounts[s]
          sectionTargets[s] = t
        } else {
          counts[t] = sections[t].items.count
        }
      }
      targets = sectionTargets
    }
    // Each section read once: reading one copies it, and a filter's new
    // predicate names the same few sections for many items.
    var isRead = [Bool](repeating: false, count: sections.count)
    func read(_ t: Int) {
      if t >= 0 && t < sections.count && !isRead[t] {
        isRead[t] = true
        counts[t] = sections[t].items.count
      }
    }
    func readTarget(of s: Int) {
      guard let targets else { return read(s) }
      if s >= 0 && s < targets.count { read(targets[s]) }
    }
    for path in delta.items.deletions { readTarget(of: path.section) }
    for path in delta.items.insertions { read(path.section) }
    for move in delta.items.moves {
      readTarget(of: move.from.section)
      read(move.to.section)
    }
    for reload in delta.items.reloads { read(reload.to.section) }
    return counts
  }
}

import ShelfDiff

// Index names. The loops of this module over sections and items name their
// indices by one letter, the same letter for the same thing in every file
// (the others point here):
//
// - `t`: a new section, the target of a change (an index of the new sections);
// - `s`: an old section, the source of one (an index of the old sections);
// - `j`: an item of a new section; `i`: an item of an old one;
// - `k`: a touched section's slot, its rank among the touched new sections
//   in increasing order (`Placement.touchedSections`), by which per-section
//   tables of a change are kept; `Placement.init` spells it `slot`;
// - `u`: a section of a link's output where the link numbers its sections
//   apart from upstream's (an `EmptySectionFilter`'s).
//
// An index of anything else has a name in words (`flat` into a table of all
// touched items, `index`, `offset`).

/// Where the new sections and items came from in the old ones: the index
/// mapping a delta stands for, spelled out only where something changed.
///
/// Every transform reads its upstream delta as a placement, maps it through
/// its own indices into a placement of its output, and turns that back into a
/// `SectionDelta` (`delta(old:new:)`), which recomputes minimal moves only in
/// the sections that have any. Nothing here looks at ids: a placement is
/// positions only, so a change costs the sections it touches, not the data.
struct Placement {
  /// For each new section, the old section it continues, or -1 (inserted).
  var sectionSources: [Int] { didSet { knownKeepsSections = nil } }
  /// The number of old sections.
  var oldSectionCount: Int { didSet { knownKeepsSections = nil } }
  /// `keepsSections`, left by whoever made `sectionSources` and knew it
  /// (reading a delta that moves no section); any change of them forgets
  /// it. Every link asks, several times a change, and the answer costs a
  /// pass over the sections otherwise.
  private var knownKeepsSections: Bool?
  /// For each touched new section (every inserted one, every one whose items
  /// changed or that lost items), where each of its items was in old, or nil
  /// for an inserted item. A new section not listed continues its old section
  /// with the same items in the same order.
  var itemSources: [Int: ItemSources] = [:] { didSet { knownReloadFlags = nil } }
  /// New paths of items kept from old whose content changed, each once, in
  /// no particular order; all in touched sections. An array, not a set: a
  /// change reloads thousands of items, and every link hashed each of them.
  var reloads: [ItemPath] = [] { didSet { knownReloadFlags = nil } }
  /// `reloadFlags()`, left by whoever made `reloads` and had the flags at
  /// hand (reading a delta, or a filter working out its own); any change of
  /// `reloads` or `itemSources` forgets it.
  var knownReloadFlags: [Int: [Bool]]?
  /// New sections, kept from old, whose header may have changed.
  var headerChanges: Set<Int> = []

  /// Sections placed by `sectionSources`, no item touched.
  ///
  /// - Complexity: O(1).
  init(sectionSources: [Int], oldSectionCount: Int, keepsSections: Bool? = nil) {
    self.sectionSources = sectionSources
    self.oldSectionCount = oldSectionCount
    knownKeepsSections = keepsSections
  }

  /// Nothing changed among `count` sections.
  ///
  /// - Complexity: O(`count`).
  static func identity(sectionCount count: Int) -> Placement {
    Placement(sectionSources: Array(0..<count), oldSectionCount: count, keepsSections: true)
  }

  /// For each old section, the new section that continues it, or -1 (deleted).
  ///
  /// - Complexity: O(number of sections).
  var sectionTargets: [Int] {
    if knownKeepsSections == true { return sectionSources }  // the same indices both ways
    var targets = [Int](repeating: -1, count: oldSectionCount)
    for (t, s) in sectionSources.enumerated() where s >= 0 { targets[s] = t }
    return targets
  }

  /// Whether the sections kept their places: none inserted, deleted or moved.
  ///
  /// - Complexity: O(1) when known, otherwise O(number of sections).
  var keepsSections: Bool {
    if let knownKeepsSections { return knownKeepsSections }
    return sectionSources.count == oldSectionCount
      && sectionSources.enumerated().allSatisfy { $0.offset == $0.element }
  }

  /// The touched new sections, in increasing order.
  ///
  /// Sorting here, in a function never inlined into a generic link, keeps
  /// the link exportable to client modules (see `FilteredDelta`).
  ///
  /// - Complexity: O(*t* log *t*) for *t* touched sections.
  @inline(never) var touchedSections: [Int] { itemSources.keys.sorted() }

  /// The touched new sections and those whose header may have changed, each
  /// once, in increasing order.
  ///
  /// - Complexity: O(*t* log *t*) for *t* such sections.
  @inline(never) var touchedOrReheadedSections: [Int] {
    var sections = Array(itemSources.keys)
    for t in headerChanges where itemSources[t] == nil { sections.append(t) }
    return sections.sorted()
  }

  /// The item count of each new section, from `oldCounts` (those of the old
  /// sections), when the sections keep their places; nil when they do not.
  /// A touched section counts its sources; any other keeps its count.
  ///
  /// - Complexity: O(*s* + *t*) for *s* sections and *t* touched ones.
  @inline(never) func newCounts(from oldCounts: [Int]) -> [Int]? {
    guard oldCounts.count == oldSectionCount, keepsSections else { return nil }
    var counts = oldCounts
    for (t, sources) in itemSources { counts[t] = sources.count }
    return counts
  }

  /// For each touched new section with reloads, which of its items are reloaded.
  ///
  /// - Complexity: O(number of reloads + the items of the sections that have them).
  func reloadFlags() -> [Int: [Bool]] {
    if let knownReloadFlags { return knownReloadFlags }
    var flags: [Int: [Bool]] = [:]
    // Reloads come grouped by section: one lookup per group, not per reload.
    var section = -1
    var current: [Bool] = []
    for path in reloads {
      if path.section != section {
        if section >= 0 { flags[section] = current }
        section = path.section
        guard let count = itemSources[section]?.count else {
          section = -1
          continue
        }
        current = flags.removeValue(forKey: section) ?? [Bool](repeating: false, count: count)
      }
      current[path.item] = true
    }
    if section >= 0 { flags[section] = current }
    return flags
  }

  /// The sources of the items of new section `t`, holding `count` items.
  ///
  /// - Complexity: O(`count`).
  func sources(ofSection t: Int, count: Int) -> ItemSources {
    if let sources = itemSources[t] { return sources }
    let s = sectionSources[t]
    return ItemSources((0..<count).lazy.map { ItemPath(section: s, item: $0) })
  }

  // MARK: - Reading a delta

  /// The placement `delta` stands for between sections holding `oldCounts` and
  /// `newCounts` items, or nil when the delta does not fit them.
  ///
  /// - Complexity: O(*s* + *c* + *t*) for *s* sections, *c* changes, and *t*
  ///   items in the sections the changes touch.
  init?(_ delta: SectionDelta, oldCounts: [Int], newCounts: [Int]) {
    guard
      let sectionSources = delta.sections.placement(
        oldCount: oldCounts.count, newCount: newCounts.count)
    else { return nil }
    // A delta that moves no section fits only equal counts: it keeps them all.
    let movesNoSection =
      delta.sections.deletions.isEmpty && delta.sections.insertions.isEmpty
      && delta.sections.moves.isEmpty
    self.init(
      sectionSources: sectionSources, oldSectionCount: oldCounts.count,
      keepsSections: movesNoSection ? true : nil)
    let targets = sectionTargets
    func inOld(_ path: ItemPath) -> Bool {
      oldCounts.indices.contains(path.section) && path.item >= 0
        && path.item < oldCounts[path.section]
    }
    func inNew(_ path: ItemPath) -> Bool {
      newCounts.indices.contains(path.section) && path.item >= 0
        && path.item < newCounts[path.section]
    }
    // Per-item tables only for the sections a change names.
    var leaving = ItemFlags(sectionCount: oldCounts.count)
    func leave(_ path: ItemPath) -> Bool { leaving.raise(path) { oldCounts[path.section] } }
    // Per touched new section (its slot, in the order touched): its items'
    // sources as `ItemSources.words`, an array of its own made once at its
    // final size, and whether each item is placed yet, a run of one flat array.
    var slotOf = [Int](repeating: -1, count: newCounts.count)
    var slotWords: [[UInt64]] = []
    var filledStart: [Int] = []
    var isFilled: [Bool] = []
    var touched: [Int] = []
    func touch(_ t: Int) -> Int {
      if slotOf[t] < 0 {
        slotOf[t] = touched.count
        slotWords.append([UInt64](repeating: ItemSources.word(nil), count: newCounts[t]))
        filledStart.append(isFilled.count)
        isFilled.append(contentsOf: repeatElement(false, count: newCounts[t]))
        touched.append(t)
      }
      return slotOf[t]
    }
    for path in delta.items.deletions {
      guard inOld(path), targets[path.section] >= 0, leave(path) else { return nil }
      _ = touch(targets[path.section])
    }
    for path in delta.items.insertions {
      guard inNew(path), sectionSources[path.section] >= 0 else { return nil }
      let flat = filledStart[touch(path.section)] + path.item
      guard !isFilled[flat] else { return nil }
      isFilled[flat] = true
    }
    for move in delta.items.moves {
      guard inOld(move.from), leave(move.from), inNew(move.to) else { return nil }
      let slot = touch(move.to.section)
      let flat = filledStart[slot] + move.to.item
      guard !isFilled[flat] else { return nil }
      isFilled[flat] = true
      slotWords[slot][move.to.item] = ItemSources.word(move.from)
      if targets[move.from.section] >= 0 { _ = touch(targets[move.from.section]) }
    }
    for (t, s) in sectionSources.enumerated() where s < 0 { _ = touch(t) }
    for reload in delta.items.reloads {
      guard inNew(reload.to) else { return nil }
      _ = touch(reload.to.section)
    }
    for (t, s) in sectionSources.enumerated() where s >= 0 && slotOf[t] < 0 {
      guard oldCounts[s] == newCounts[t] else { return nil }
    }
    // Touched surviving sections: their unmoved items fill the other slots
    // in order. Over buffers: this loop runs for every item of every touched
    // section of every link of a chain.
    let isFitting = isFilled.withUnsafeMutableBufferPointer { isFilled in
      leaving.flags.withUnsafeBufferPointer { isLeaving in
        for (slot, t) in touched.enumerated() {
          let s = sectionSources[t]
          guard s >= 0 else { continue }
          let leavingStart = leaving.starts[s]
          let filled = filledStart[slot]
          let isFitting = slotWords[slot].withUnsafeMutableBufferPointer { words in
            var j = 0
            for i in 0..<oldCounts[s] where leavingStart < 0 || !isLeaving[leavingStart + i] {
              while j < words.count && isFilled[filled + j] { j += 1 }
              guard j < words.count else { return false }
              words[j] = ItemSources.word(ItemPath(section: s, item: i))
              isFilled[filled + j] = true
            }
            for unfilled in j..<words.count where !isFilled[filled + unfilled] { return false }
            return true
          }
          guard isFitting else { return false }
        }
        return true
      }
    }
    guard isFitting else { return nil }
    // Each reloaded item once, checked by a flag per item of its touched section.
    var isReloaded: [Bool] = []
    var hasReloads: [Bool] = []
    if !delta.items.reloads.isEmpty {
      isReloaded = [Bool](repeating: false, count: isFilled.count)
      hasReloads = [Bool](repeating: false, count: touched.count)
      reloads.reserveCapacity(delta.items.reloads.count)
    }
    for reload in delta.items.reloads {
      let slot = slotOf[reload.to.section]
      let flat = filledStart[slot] + reload.to.item
      guard inOld(reload.from), slotWords[slot][reload.to.item] == ItemSources.word(reload.from),
        !isReloaded[flat]
      else { return nil }
      isReloaded[flat] = true
      hasReloads[slot] = true
      reloads.append(reload.to)
    }
    for reload in delta.sections.reloads {
      guard sectionSources.indices.contains(reload.to), sectionSources[reload.to] == reload.from
      else { return nil }
      headerChanges.insert(reload.to)
    }
    itemSources.reserveCapacity(touched.count)
    var flags: [Int: [Bool]] = [:]
    for (slot, t) in touched.enumerated() {
      itemSources[t] = ItemSources(words: slotWords[slot])
      if !hasReloads.isEmpty && hasReloads[slot] {
        flags[t] = Array(isReloaded[filledStart[slot]..<filledStart[slot] + newCounts[t]])
      }
    }
    knownReloadFlags = flags
  }
}

// MARK: - Checking a replay at the cost of the change

extension SectionDelta {
  /// Whether replaying the delta on `old` (with `new`'s content) gives exactly
  /// `new`: the delta fits their item counts (`isValid(oldItemCounts:newItemCounts:)`),
  /// and `applied(to:with:)` gives `new`'s ids and headers and `new`'s items;
  /// and it lists its item changes in the order `SectionDelta.Items` says
  /// (ascending paths, ascending `from`), on which a view may rely to find
  /// one section's changes without reading every change (the table hands
  /// each shown row its own).
  ///
  /// Only the sections the delta touches are replayed item by item; those
  /// in `undiffedSections` take new's items as they are (only their ids and
  /// headers are compared, as their diff is left to whoever needs it). A
  /// surviving section it does not touch replays to its old self, so it is
  /// first compared with its new self byte for byte, in runs of neighbours
  /// (a chain or an edit that kept the section holds the same bytes: its
  /// fields and the same storage of its items), then with `==` where the
  /// bytes differ; kept items of touched sections likewise. The same bytes
  /// count as the same value even where `==` would not be reflexive.
  ///
  /// - Complexity: O(*s* + `changeCount` + *t*) for *s* sections, old and
  ///   new, and *t* items in the touched sections, where the untouched
  ///   sections' *s* is a pass over their bytes; plus the comparison of each
  ///   untouched section whose bytes differ.
  package func replays<Section: DiffableSection>(_ old: [Section], into new: [Section]) -> Bool {
    guard items.isInOrder,
      let sectionSources = sections.placement(oldCount: old.count, newCount: new.count)
    else { return false }
    var sectionTargets = [Int](repeating: -1, count: old.count)
    for (t, s) in sectionSources.enumerated() where s >= 0 { sectionTargets[s] = t }
    // Item counts read once per named section: reading one through a
    // section costs a copy of the section where this runs unspecialised.
    var oldCounts = [Int](repeating: -1, count: old.count)
    var newCounts = [Int](repeating: -1, count: new.count)
    func inOld(_ path: ItemPath) -> Bool {
      guard path.section >= 0 && path.section < old.count && path.item >= 0 else { return false }
      if oldCounts[path.section] < 0 { oldCounts[path.section] = old[path.section].items.count }
      return path.item < oldCounts[path.section]
    }
    func inNew(_ path: ItemPath) -> Bool {
      guard path.section >= 0 && path.section < new.count && path.item >= 0 else { return false }
      if newCounts[path.section] < 0 { newCounts[path.section] = new[path.section].items.count }
      return path.item < newCounts[path.section]
    }

    // Per-item flags only for the sections a change names.
    var leaving = ItemFlags(sectionCount: old.count)
    func markLeaving(_ path: ItemPath) -> Bool {
      leaving.raise(path) { old[path.section].items.count }
    }
    var filledStart = [Int](repeating: -1, count: new.count)
    // Per touched new section, the old path of each item: its section and
    // item in 32-bit halves (section -1: inserted), so that the table of a
    // change touching 20,000 items stays in a core's cache.
    var sourceSection: [Int32] = []
    var sourceItem: [Int32] = []
    func setSource(_ k: Int, _ path: ItemPath) -> Bool {
      guard let section = Int32(exactly: path.section), let item = Int32(exactly: path.item)
      else { return false }
      sourceSection[k] = section
      sourceItem[k] = item
      return true
    }
    func source(_ k: Int) -> ItemPath? {
      sourceSection[k] < 0
        ? nil : ItemPath(section: Int(sourceSection[k]), item: Int(sourceItem[k]))
    }
    var isFilled: [Bool] = []
    var touched: [Int] = []
    func touch(_ t: Int) -> Int {
      if filledStart[t] < 0 {
        filledStart[t] = isFilled.count
        let count = new[t].items.count
        sourceSection.append(contentsOf: repeatElement(-1, count: count))
        sourceItem.append(contentsOf: repeatElement(0, count: count))
        isFilled.append(contentsOf: repeatElement(false, count: count))
        touched.append(t)
      }
      return filledStart[t]
    }

    for path in items.deletions {
      guard inOld(path), sectionTargets[path.section] >= 0, markLeaving(path) else { return false }
      _ = touch(sectionTargets[path.section])
    }
    for path in items.insertions {
      guard inNew(path), sectionSources[path.section] >= 0 else { return false }
      let k = touch(path.section) + path.item
      guard !isFilled[k] else { return false }
      isFilled[k] = true
    }
    for move in items.moves {
      guard inOld(move.from), markLeaving(move.from), inNew(move.to) else { return false }
      let k = touch(move.to.section) + move.to.item
      guard !isFilled[k] else { return false }
      isFilled[k] = true
      guard setSource(k, move.from) else { return false }
      if sectionTargets[move.from.section] >= 0 { _ = touch(sectionTargets[move.from.section]) }
    }
    for reload in items.reloads {
      guard inOld(reload.from), inNew(reload.to) else { return false }
      _ = touch(reload.to.section)
    }
    for (t, s) in sectionSources.enumerated() where s < 0 { _ = touch(t) }
    // A section whose items were not diffed takes new's items as they are:
    // no item change may touch it, and its items are not compared.
    guard let isUndiffed = undiffedTargets(sectionSources: sectionSources) else { return false }
    for section in undiffedSections where filledStart[section.to] >= 0 { return false }

    // Touched surviving sections: their unmoved items fill the other slots
    // in order. Over buffers: an array element written in place costs a
    // uniqueness check a time.
    let isFitting = sourceSection.withUnsafeMutableBufferPointer { sourceSection in
      sourceItem.withUnsafeMutableBufferPointer { sourceItem in
        isFilled.withUnsafeMutableBufferPointer { isFilled in
          leaving.flags.withUnsafeBufferPointer { isLeaving in
            for t in touched {
              let s = sectionSources[t]
              guard s >= 0 else { continue }
              guard let section = Int32(exactly: s), let count = Int32(exactly: old[s].items.count)
              else { return false }
              let start = filledStart[t]
              let end = start + new[t].items.count
              let leavingStart = leaving.starts[s]
              var j = start
              for i in 0..<Int(count) where leavingStart < 0 || !isLeaving[leavingStart + i] {
                while j < end && isFilled[j] { j += 1 }
                guard j < end else { return false }
                sourceSection[j] = section
                sourceItem[j] = Int32(truncatingIfNeeded: i)
                isFilled[j] = true
              }
              for k in j..<end where !isFilled[k] { return false }
            }
            return true
          }
        }
      }
    }
    guard isFitting else { return false }
    var isReloaded = [Bool](repeating: false, count: isFilled.count)
    for reload in items.reloads {
      let k = filledStart[reload.to.section] + reload.to.item
      // An item reloaded twice does not fit, as `isValid` says.
      guard source(k) == reload.from, !isReloaded[k] else { return false }
      isReloaded[k] = true
    }

    // Each surviving section once: its replayed header is its old one unless
    // reloaded; an untouched one replays to its old self. Untouched sections
    // that keep their neighbours are compared in runs, byte for byte, without
    // copying a section: the same bytes are the same value, so a chain's
    // output, which shares every untouched section with its previous output,
    // costs a pass over memory. A run whose bytes differ is compared with `==`.
    var isHeaderReloaded = [Bool](repeating: false, count: new.count)
    for reload in sections.reloads {
      guard !isHeaderReloaded[reload.to] else { return false }
      isHeaderReloaded[reload.to] = true
    }
    func isSameUntouched(old s: Int, new t: Int) -> Bool {
      let before = old[s]
      let after = new[t]
      if !isHeaderReloaded[t] {
        guard before.id == after.id, before.hasSameHeader(as: after) else { return false }
      }
      return before.items == after.items
    }
    var t = 0
    while t < new.count {
      let s = sectionSources[t]
      guard s >= 0 else {
        t += 1
        continue
      }
      guard filledStart[t] < 0 && !isUndiffed[t] else {
        if !isHeaderReloaded[t] {
          guard old[s].id == new[t].id, old[s].hasSameHeader(as: new[t]) else { return false }
        }
        t += 1
        continue
      }
      var end = t + 1
      while end < new.count && filledStart[end] < 0 && !isUndiffed[end]
        && sectionSources[end] == s + (end - t)
      {
        end += 1
      }
      if !SameBytes.elements(of: old, from: s, new, from: t, count: end - t) {
        for k in 0..<(end - t)
        where !SameBytes.elements(of: old, from: s + k, new, from: t + k, count: 1) {
          guard isSameUntouched(old: s + k, new: t + k) else { return false }
        }
      }
      t = end
    }

    // Touched sections item by item. Inserted and reloaded items are read
    // from `new`: compared with themselves, as the full replay compares them,
    // so an item that is not equal to itself (a NaN field) fails here too.
    // An item kept in its own section is first compared byte for byte.
    let itemStride = MemoryLayout<Section.Item>.stride
    let itemSize = MemoryLayout<Section.Item>.size
    for t in touched {
      let start = filledStart[t]
      let s = sectionSources[t]
      let newItems = new[t].items
      let ownItems = s >= 0 ? old[s].items : []
      let isSame = ownItems.withUnsafeBytes { ownBytes in
        newItems.withUnsafeBytes { newBytes in
          for j in newItems.indices {
            guard let source = source(start + j), !isReloaded[start + j] else {
              guard newItems[j] == newItems[j] else { return false }
              continue
            }
            if source.section == s {
              if SameBytes.equal(
                ownBytes.baseAddress! + source.item * itemStride,
                newBytes.baseAddress! + j * itemStride, itemSize)
              {
                continue
              }
              guard ownItems[source.item] == newItems[j] else { return false }
            } else {
              guard old[source.section].items[source.item] == newItems[j] else { return false }
            }
          }
          return true
        }
      }
      guard isSame else { return false }
    }
    return true
  }
}

extension SectionDelta.Items {
  /// Whether the changes are in the order the fields document: deletions
  /// and insertions by strictly ascending path, moves and reloads by
  /// strictly ascending `from`.
  ///
  /// - Complexity: O(`changeCount`), one pass without allocating.
  package var isInOrder: Bool {
    deletions.isStrictlyAscending(by: { $0 }) && insertions.isStrictlyAscending(by: { $0 })
      && moves.isStrictlyAscending(by: \.from) && reloads.isStrictlyAscending(by: \.from)
  }
}

extension Array {
  /// Whether `key` of each element is less than the next one's.
  ///
  /// - Complexity: O(`count`).
  fileprivate func isStrictlyAscending(by key: (Element) -> ItemPath) -> Bool {
    withUnsafeBufferPointer { buffer in
      guard buffer.count > 1 else { return true }
      var previous = key(buffer[0])
      for index in 1..<buffer.count {
        let next = key(buffer[index])
        guard previous < next else { return false }
        previous = next
      }
      return true
    }
  }
}

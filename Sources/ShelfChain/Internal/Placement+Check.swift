import ShelfDiff

// Index names (`t`, `s`, `j`, `i`, `k`, `u`): see the top of Internal/Placement.swift.

extension Placement {
  /// Whether replaying this placement, read from a supplied delta, on `old`
  /// with `new`'s content gives exactly `new` (what `SectionDelta.replays`
  /// checks, here on the placement the first link would read anyway):
  /// every section kept untouched is equal to its old self (compared byte for
  /// byte in runs of neighbours first, then with `==`), which also holds its
  /// item count to the one the placement took for it; every kept section has
  /// its old id and, unless reloaded, header; every kept item that is not
  /// reloaded, in a kept section or moved into an inserted one, is `==` to
  /// its old self. Inserted and reloaded items are read
  /// from `new`: each is compared with itself, as the full replay does.
  ///
  /// - Complexity: O(*s* + *t*) for *s* sections and *t* items in the
  ///   touched sections, where the untouched sections' *s* is a pass over
  ///   their bytes; plus `==` for each untouched section whose bytes differ.
  func replaysContent<Section: ChainableSection>(_ old: [Section], into new: [Section]) -> Bool {
    guard old.count == oldSectionCount, new.count == sectionSources.count else { return false }
    var isTouched = [Bool](repeating: false, count: new.count)
    for t in itemSources.keys { isTouched[t] = true }
    let reloadFlags = reloadFlags()
    func hasOldHeader(_ s: Int, _ t: Int) -> Bool {
      headerChanges.contains(t) || (old[s].id == new[t].id && old[s].hasSameHeader(as: new[t]))
    }
    var t = 0
    while t < new.count {
      let s = sectionSources[t]
      guard s >= 0 else {
        // An inserted section's own items are read from `new`, but an item
        // the delta moves into it must be its old self.
        if let sources = itemSources[t] {
          let newItems = new[t].items
          guard sources.count == newItems.count else { return false }
          let flags = reloadFlags[t]
          for j in 0..<newItems.count {
            guard let source = sources[j], !(flags?[j] ?? false) else { continue }
            guard old[source.section].items[source.item] == newItems[j] else { return false }
          }
        }
        t += 1
        continue
      }
      guard !isTouched[t] else {
        guard hasOldHeader(s, t), let sources = itemSources[t] else { return false }
        let newItems = new[t].items
        let ownItems = old[s].items
        guard sources.count == newItems.count else { return false }
        let flags = reloadFlags[t]
        // An item kept in its own section is first compared byte for byte,
        // through the buffers: the same bytes are the same value, with no
        // copy, retain or call through `==`.
        let stride = MemoryLayout<Section.Item>.stride
        let size = MemoryLayout<Section.Item>.size
        let isSame = ownItems.withUnsafeBytes { ownBytes in
          newItems.withUnsafeBytes { newBytes in
            for j in 0..<newItems.count {
              guard let source = sources[j], !(flags?[j] ?? false) else {
                guard newItems[j] == newItems[j] else { return false }
                continue
              }
              if source.section == s {
                if SameBytes.equal(
                  ownBytes.baseAddress! + source.item * stride,
                  newBytes.baseAddress! + j * stride, size)
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
        t += 1
        continue
      }
      // Untouched sections that keep their neighbours, compared in runs.
      var end = t + 1
      while end < new.count && !isTouched[end] && sectionSources[end] == s + (end - t) {
        end += 1
      }
      if !SameBytes.elements(of: old, from: s, new, from: t, count: end - t) {
        for offset in 0..<(end - t)
        where !SameBytes.elements(of: old, from: s + offset, new, from: t + offset, count: 1) {
          guard hasOldHeader(s + offset, t + offset),
            old[s + offset].items == new[t + offset].items
          else {
            return false
          }
        }
      }
      t = end
    }
    return true
  }
}

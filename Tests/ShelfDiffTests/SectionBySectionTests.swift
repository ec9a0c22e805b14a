import PropertyBased
import ShelfDiff
import TestSupport
import Testing

// MARK: - Diffing a level at a time

@Test func anItemChangingSectionLeavesOneAndJoinsTheOther() {
  let old = [
    DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2)]),
    DiffShelf(id: 1, items: [DiffBook(id: 3)]),
  ]
  let new = [
    DiffShelf(id: 1, title: "b", items: [DiffBook(id: 3), DiffBook(id: 2)]),
    DiffShelf(id: 0, items: [DiffBook(id: 1)]),
  ]
  let delta = SectionDelta(sectionBySectionFrom: old, to: new)
  #expect(
    delta.sections == IndexDelta(moves: [.init(from: 0, to: 1)], reloads: [.init(from: 1, to: 0)]))
  #expect(
    delta.items
      == SectionDelta.Items(
        deletions: [ItemPath(section: 0, item: 1)], insertions: [ItemPath(section: 0, item: 1)]))
}

@Test func aSectionByStepDeltaReplaysTheOldSectionsIntoTheNew() async {
  await propertyCheck(count: 300, input: shelfVersions) { versions in
    let (old, new) = (versions.old, versions.new)
    let delta = SectionDelta(sectionBySectionFrom: old, to: new)
    #expect(
      delta.isValid(oldItemCounts: old.map(\.items.count), newItemCounts: new.map(\.items.count)))
    #expect(delta.applied(to: old, with: new, items: \.items) == new)
    // The sections are matched as the one-pass diff matches them.
    let whole = SectionDelta(from: old, to: new)
    #expect(delta.sections == whole.sections)
    // Where no item changes section, the two diffs agree item for item.
    let homes = { (shelves: [DiffShelf]) in
      Dictionary(
        shelves.flatMap { shelf in shelf.items.map { ($0.id, shelf.id) } },
        uniquingKeysWith: { first, _ in first })
    }
    let (before, after) = (homes(old), homes(new))
    if whole.items.duplicates.isEmpty,
      before.allSatisfy({ id, shelf in after[id].map { $0 == shelf } ?? true })
    {
      #expect(delta.items == whole.items)
    }
  }
}

@Test func aLargeChangeIsDiffedAndReplayCheckedOnEveryCoreAsOnOne() {
  // 120 sections of 500 items: over the count from which each section's
  // items are diffed, and replay-checked, on every core.
  let old = (0..<120).map { s in
    DiffShelf(id: s, items: (0..<500).map { DiffBook(id: s * 1_000 + $0) })
  }
  var new = old
  for s in new.indices where s % 3 != 0 {
    new[s].items.remove(at: s * 7 % 400)
    new[s].items.insert(DiffBook(id: -1 - s), at: s * 13 % 400)
    new[s].items.swapAt(s * 3 % 250, 250 + s * 11 % 150)
    new[s].items[s * 17 % 400].edition = 1
  }
  new[7].items.append(new[8].items.removeLast())
  new.swapAt(10, 90)
  let delta = SectionDelta(sectionBySectionFrom: old, to: new)
  #expect(delta.applied(to: old, with: new, items: \.items) == new)
  #expect(delta.replays(old, into: new))
  // Section by section, each one's changes are its own diff's.
  for (s, t) in [(1, 1), (10, 90), (7, 7)] {
    let own = IndexDelta(from: old[s].items, to: new[t].items)
    #expect(
      delta.items.reloads.filter { $0.to.section == t }.map(\.to.item) == own.reloads.map(\.to))
    #expect(delta.items.insertions.filter { $0.section == t }.map(\.item) == own.insertions)
  }
  // A delta that misses one change does not replay.
  var missing = delta
  missing.items.reloads.removeLast()
  #expect(!missing.replays(old, into: new))
}

@MainActor @Suite(.timeLimit(.minutes(3))) struct SectionBySectionHolderConcurrencyTests {
  @Test func aHolderDiffingSectionBySectionCountsSectionsForItsThreshold() async {
    let old = (0..<4).map { Strip(id: $0, items: [Tile](ids: (10 * $0)..<(10 * $0 + 10))) }
    var new = old
    new[2].items.swapAt(0, 9)
    new[3].items.append(new[1].items.removeFirst())
    let holder = CollectionSectionData(old, clock: ManualClock())
    holder.dataCountThreshold = 5  // fewer than the items, more than the sections
    holder.diffsSectionBySection = true
    #expect(holder.diffsSectionBySection)
    let view = RecordingSectionView(holder)
    holder.update(new)
    await view.waitForEvents(1)
    #expect(view.batches == [SectionDelta(sectionBySectionFrom: old, to: new)])
    #expect(view.failures.isEmpty && view.mirror == new)
    view.completeBatch()
    #expect(holder.isIdle)
  }
}

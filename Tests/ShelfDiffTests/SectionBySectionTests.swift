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

/// A delta made at the level of sections only names the sections whose
/// items changed; it replays into the new sections all the same (their
/// items taken as they are), and diffing those sections later gives the
/// delta made a level at a time.
@Test func aSectionsOnlyDeltaNamesChangedSectionsAndDiffsThemLater() async {
  await propertyCheck(count: 300, input: shelfVersions) { versions in
    let (old, new) = (versions.old, versions.new)
    let delta = SectionDelta(sectionsFrom: old, to: new)
    #expect(delta.items == SectionDelta.Items())
    let bySection = SectionDelta(sectionBySectionFrom: old, to: new)
    #expect(delta.sections == bySection.sections)
    #expect(
      delta.isValid(oldItemCounts: old.map(\.items.count), newItemCounts: new.map(\.items.count)))
    #expect(delta.applied(to: old, with: new, items: \.items) == new)
    #expect(delta.replays(old, into: new))
    #expect(delta.diffingUndiffedSections(from: old, to: new) == bySection)
    #expect(delta.isEmpty == bySection.isEmpty)
    // A named section whose items are then told changes too does not fit.
    if let named = delta.undiffedSections.first, !new[named.to].items.isEmpty {
      var wrong = delta
      wrong.items.reloads = [
        SectionDelta.Items.Reload(
          from: ItemPath(section: named.from, item: 0), to: ItemPath(section: named.to, item: 0))
      ]
      #expect(!wrong.replays(old, into: new))
    }
  }
}

@MainActor @Suite(.timeLimit(.minutes(3))) struct SectionBySectionHolderConcurrencyTests {
  /// Section by section, or by sections only (naming the sections whose
  /// items changed, not diffing them): either way the threshold counts
  /// sections, and the view's mirror ends as the new sections.
  @Test(arguments: [false, true])
  func aHolderDiffingALevelAtATimeCountsSectionsForItsThreshold(sectionsOnly: Bool) async {
    let old = (0..<4).map { Strip(id: $0, items: [Tile](ids: (10 * $0)..<(10 * $0 + 10))) }
    var new = old
    new[2].items.swapAt(0, 9)
    new[3].items.append(new[1].items.removeFirst())
    let holder = CollectionSectionData(old, clock: ManualClock())
    holder.dataCountThreshold = 5  // fewer than the items, more than the sections
    if sectionsOnly {
      holder.diffSectionsOnly { SectionDelta(sectionsFrom: $0, to: $1) }
    } else {
      holder.diffsSectionBySection = true
    }
    #expect(holder.diffsSectionBySection == !sectionsOnly)
    #expect(holder.leavesItemsUndiffed == sectionsOnly)
    let view = RecordingSectionView(holder)
    holder.update(new)
    await view.waitForEvents(1)
    let named = SectionDelta(
      undiffedSections: [1, 2, 3].map { IndexDelta.Reload(from: $0, to: $0) })
    #expect(
      view.batches == [sectionsOnly ? named : SectionDelta(sectionBySectionFrom: old, to: new)])
    #expect(view.failures.isEmpty && view.mirror == new)
    view.completeBatch()
    #expect(holder.isIdle)
  }
}

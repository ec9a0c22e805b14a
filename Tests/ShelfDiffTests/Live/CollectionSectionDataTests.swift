import ShelfDiff
import TestSupport
import Testing

@MainActor @Suite(.timeLimit(.minutes(3))) struct CollectionSectionDataConcurrencyTests {
  let old = [
    Strip(id: 0, title: "a", items: [Tile](ids: 0..<3)),
    Strip(id: 1, title: "b", items: [Tile](ids: 3..<6)),
    Strip(id: 2, title: "c", items: [Tile](ids: 6..<8)),
  ]
  /// Section 2 is deleted (7 escapes into section 1), section 9 is inserted (with
  /// 0 from section 0), 1 and 0 swap, 4 changes content and 3 changes title.
  let new = [
    Strip(id: 1, title: "B", items: [Tile(id: 3), Tile(id: 4, version: 1), Tile(id: 7)]),
    Strip(id: 9, title: "n", items: [Tile(id: 0), Tile(id: 20)]),
    Strip(id: 0, title: "a", items: [Tile(id: 2), Tile(id: 1)]),
  ]

  @Test func readsGiveTheCurrentSectionsAndItems() {
    let holder = CollectionSectionData(old)
    #expect(holder.count == 3 && holder.itemCount == 8 && !holder.isEmpty)
    #expect(holder.sections == old)
    #expect(holder[1].id == 1 && holder[ItemPath(section: 2, item: 1)] == Tile(id: 7))
    #expect(CollectionSectionData<Strip>().isEmpty)
  }

  @Test func aSectionedBatchReplaysOntoTheViewsMirror() async {
    let holder = CollectionSectionData(old)
    let view = RecordingSectionView(holder)
    let log = CompletionLog()
    holder.update(new, completion: log.completion(0))
    await view.waitForEvents(1)
    let delta = view.batches[0]
    #expect(delta.sections.deletions == [2] && delta.sections.insertions == [1])
    #expect(delta.sections.reloads.count == 1)  // the title of section 1
    #expect(
      delta.items.moves.contains(
        .init(from: ItemPath(section: 2, item: 1), to: ItemPath(section: 0, item: 2))))
    #expect(
      delta.items.moves.contains(
        .init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))))
    #expect(view.failures.isEmpty && view.mirror == new)
    #expect(log.numbers.isEmpty)
    view.completeBatch()
    #expect(log.numbers == [0] && holder.isIdle)
  }

  @Test func updatesDuringABatchAreCoalesced() async {
    let holder = CollectionSectionData(old)
    let view = RecordingSectionView(holder)
    let log = CompletionLog()
    holder.update(new, completion: log.completion(0))
    await view.waitForEvents(1)
    holder.update(old, completion: log.completion(1))
    holder.append([Strip(id: 5, items: [Tile(id: 50)])], completion: log.completion(2))
    #expect(holder.sections == new)
    view.completeBatch()
    await view.waitForEvents(2)
    #expect(view.batches.count == 2 && log.numbers == [0])
    view.completeBatch()
    #expect(log.numbers == [0, 1, 2])
    #expect(holder.sections == old + [Strip(id: 5, items: [Tile(id: 50)])])
    #expect(view.failures.isEmpty)
  }

  @Test func reloadedItemsCanBeHandedToTheManualReloadDelegateByPath() async {
    // A clock that stands still: a busy machine must not let the watchdog
    // complete the item before the test does.
    let holder = CollectionSectionData(old, clock: ManualClock())
    let view = RecordingSectionView(holder)
    view.comparesContent = false
    let delegate = ReloadingDelegate(holder: holder)
    let log = CompletionLog()
    holder.update(new, completion: log.completion(0))
    await view.waitForEvents(1)
    #expect(
      delegate.asked == [
        ItemPathPair(source: ItemPath(section: 1, item: 1), target: ItemPath(section: 0, item: 1))
      ])
    #expect(view.batches[0].items.reloads.isEmpty)
    #expect(delegate.handedOver == [[ItemPath(section: 0, item: 1)]])
    #expect(delegate.itemsAtHandOver == [new.flatMap(\.items)])
    view.completeBatch()
    #expect(log.numbers.isEmpty)
    delegate.complete(1, section: 0)
    #expect(log.numbers == [0] && view.failures.isEmpty)
  }

  @Test func duplicateItemAndSectionIDsAreReportedAndStillApplyConsistently() async {
    let holder = CollectionSectionData(old)
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = RecordingSectionView(holder)
    view.completesImmediately = true
    let twice = [
      Strip(id: 0, items: [Tile(id: 1), Tile(id: 2)]),
      Strip(id: 0, items: [Tile(id: 1)]),
    ]
    await updateAndWait(holder, twice)
    #expect(view.failures.isEmpty && view.mirror == twice)
    #expect(
      recorder.issues == [
        .duplicateIDs([IndexDelta.Duplicate(id: "0", oldPositions: [0], newPositions: [0, 1])]),
        .duplicateItemIDs([
          SectionDelta.Items.Duplicate(
            id: "1", oldPaths: [ItemPath(section: 0, item: 1)],
            newPaths: [ItemPath(section: 0, item: 0), ItemPath(section: 1, item: 0)])
        ]),
      ])
  }

  @Test func theDataCountThresholdCountsSectionsAndItems() async {
    let holder = CollectionSectionData(old)
    holder.dataCountThreshold = 11  // old: 3 sections + 8 items
    let view = RecordingSectionView(holder)
    await updateAndWait(holder, old + [Strip(id: 4, items: [])])
    #expect(view.batches.isEmpty && view.reloadCount == 1 && view.mirror == holder.sections)
  }

  @Test func overTheChangeCountThresholdTheViewReloads() async {
    let holder = CollectionSectionData(old)
    holder.changeCountThreshold = 2
    let view = RecordingSectionView(holder)
    await updateAndWait(holder, new)
    #expect(view.batches.isEmpty && view.reloadCount == 1 && view.mirror == new)
  }

  @Test func aDeltaThatFailsItsReplayReachesTheViewAsAReload() async {
    let holder = CollectionSectionData(old)
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = RecordingSectionView(holder)
    var broken = old
    broken[1].items[0].rating = .nan
    await updateAndWait(holder, broken)
    #expect(view.batches.isEmpty && view.reloadCount == 1)
    #expect(recorder.issues.count == 1)
    if case .invalidDelta? = recorder.issues.first {} else { Issue.record("\(recorder.issues)") }
  }

  @Test func withoutAViewUpdatesApplyInOrder() async {
    let holder = CollectionSectionData<Strip>()
    let log = CompletionLog()
    var rng = SeededGenerator(seed: 5)
    var last: [Strip] = []
    for number in 0..<100 {
      last = randomStrips(using: &rng)
      holder.update(last, completion: log.completion(number))
    }
    await updateAndWait(holder, last)
    #expect(log.numbers == Array(0..<100) && holder.sections == last)
  }
}

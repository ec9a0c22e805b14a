import ShelfDiff
import Synchronization
import TestSupport
import Testing

/// `CollectionSectionData.update(_:delta:)`: a delta computed elsewhere (a
/// chain's) is replay-checked and used as it is, or reported and diffed.
@MainActor @Suite(.timeLimit(.minutes(3))) struct SuppliedDeltaConcurrencyTests {
  let old = [
    Strip(id: 0, title: "a", items: [Tile](ids: 0..<4)),
    Strip(id: 1, title: "b", items: [Tile](ids: 4..<6)),
  ]
  let new = [
    Strip(id: 0, title: "a", items: [Tile](ids: [3, 0, 1, 2])),
    Strip(id: 1, title: "b", items: [Tile](ids: 4..<6)),
  ]
  let newest = [Strip(id: 1, title: "B", items: [Tile](ids: [5, 4, 9]))]

  /// Moves 0, 1 and 2 behind 3: valid, but not the single move a diff finds,
  /// so a view that gets it got the supplied delta.
  var roundabout: SectionDelta {
    SectionDelta(
      items: .init(
        moves: (0..<3).map {
          .init(from: ItemPath(section: 0, item: $0), to: ItemPath(section: 0, item: $0 + 1))
        }))
  }

  @Test func aSuppliedDeltaReachesTheViewAsGiven() async {
    let holder = CollectionSectionData(old)
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = RecordingSectionView(holder)
    let log = CompletionLog()
    #expect(roundabout != SectionDelta(from: old, to: new))
    holder.update(new, delta: roundabout, completion: log.completion(0))
    await view.waitForEvents(1)
    #expect(view.batches == [roundabout] && view.failures.isEmpty && view.mirror == new)
    #expect(recorder.issues.isEmpty && recorder.calculations == (1, 1))
    view.completeBatch()
    #expect(log.numbers == [0] && holder.isIdle)
  }

  @Test func aSuppliedDeltaThatDoesNotReplayIsReportedAndTheDataDiffed() async {
    let holder = CollectionSectionData(old)
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = RecordingSectionView(holder)
    holder.update(
      new, delta: SectionDelta(items: .init(deletions: [ItemPath(section: 0, item: 0)])))
    await view.waitForEvents(1)
    #expect(view.batches == [SectionDelta(from: old, to: new)] && view.failures.isEmpty)
    #expect(recorder.issues.count == 1)
    if case .rejectedDelta? = recorder.issues.first {} else { Issue.record("\(recorder.issues)") }
    view.completeBatch()
  }

  /// The closure form hears the same issues as a delegate, with no class.
  @Test func anIssueHandlerClosureHearsWhatTheDelegateHears() async {
    let holder = CollectionSectionData(old)
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let heard = Mutex<[CollectionDataIssue]>([])
    holder.onIssue = { issue in heard.withLock { $0.append(issue) } }
    let view = RecordingSectionView(holder)
    holder.update(
      new, delta: SectionDelta(items: .init(deletions: [ItemPath(section: 0, item: 0)])))
    await view.waitForEvents(1)
    #expect(heard.withLock { $0 } == recorder.issues)
    #expect(heard.withLock { $0.count } == 1)
    view.completeBatch()
  }

  @Test func aSuppliedDeltaQueuedBehindABatchIsUsedWhenItsTurnComes() async {
    let holder = CollectionSectionData(new)
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = RecordingSectionView(holder)
    holder.update(old)
    await view.waitForEvents(1)
    holder.update(new, delta: roundabout)
    view.completeBatch()
    await view.waitForEvents(2)
    #expect(view.batches.last == roundabout && view.mirror == new)
    #expect(recorder.issues.isEmpty && view.failures.isEmpty)
    view.completeBatch()
  }

  @Test func coalescedUpdatesAreDiffedSinceTheirDeltasSkipASnapshot() async {
    let holder = CollectionSectionData(old)
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = RecordingSectionView(holder)
    holder.update(new, delta: roundabout)
    await view.waitForEvents(1)
    // Both wait behind the batch; the second replaces the first, whose
    // snapshot its delta starts from, so the holder diffs new -> newest.
    let skipped = [Strip(id: 1, title: "b", items: [Tile(id: 4)])]
    holder.update(skipped, delta: SectionDelta(from: new, to: skipped))
    holder.update(newest, delta: SectionDelta(from: skipped, to: newest))
    view.completeBatch()
    await view.waitForEvents(2)
    #expect(view.batches.last == SectionDelta(from: new, to: newest))
    #expect(recorder.issues.isEmpty && view.failures.isEmpty && view.mirror == newest)
    view.completeBatch()
  }

  @Test func everyWrongDeltaIsReportedEvenWhenANewerUpdateReplacesIt() async {
    let holder = CollectionSectionData(old)
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = RecordingSectionView(holder)
    holder.update(new, delta: roundabout)
    await view.waitForEvents(1)
    // Three updates wait behind the batch and coalesce into the last, whose
    // data the holder diffs; the first and the last deltas are wrong.
    let wrong = SectionDelta(items: .init(deletions: [ItemPath(section: 0, item: 0)]))
    let skipped = [Strip(id: 1, title: "b", items: [Tile(id: 4)])]
    holder.update(skipped, delta: wrong)
    holder.update(newest, delta: SectionDelta(from: skipped, to: newest))
    holder.update(newest, delta: wrong)
    view.completeBatch()
    await view.waitForEvents(2)
    #expect(view.batches.last == SectionDelta(from: new, to: newest) && view.mirror == newest)
    #expect(holder.calculationCounts.rejectedDeltas == 2)
    #expect(recorder.issues.count == 2)
    for issue in recorder.issues {
      if case .rejectedDelta = issue {} else { Issue.record("\(issue)") }
    }
    view.completeBatch()
  }

  @Test func aSuppliedDeltaAnimatesDataOverTheDataCountThreshold() async {
    let holder = CollectionSectionData(old)
    holder.dataCountThreshold = 3
    let view = RecordingSectionView(holder)
    holder.update(new, delta: roundabout)
    await view.waitForEvents(1)
    #expect(view.batches == [roundabout] && view.reloadCount == 0 && view.mirror == new)
    view.completeBatch()
  }
}

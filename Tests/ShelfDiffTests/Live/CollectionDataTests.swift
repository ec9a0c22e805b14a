import Dispatch
import ShelfDiff
import TestSupport
import Testing

/// Whether the caller runs on Dispatch's main queue, the main actor's executor.
/// (Not `Thread.isMainThread`: the test runner drains the main queue elsewhere.)
private var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) != nil }

private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

@MainActor @Suite(.timeLimit(.minutes(3))) struct CollectionDataConcurrencyTests {
  // MARK: - Without a view

  @Test func updatesWithoutAViewApplyInOrderAndEachCompletesOnce() async {
    let holder = CollectionData([Tile](ids: 0..<5))
    let log = CompletionLog()
    var rng = SeededGenerator(seed: 1)
    var last: [Tile] = []
    for number in 0..<200 {
      last = randomTiles(idRange: 30, using: &rng)
      holder.update(last, completion: log.completion(number))
    }
    await updateAndWait(holder, last)
    #expect(log.numbers == Array(0..<200))
    #expect(holder.items == last)
    #expect(holder.isIdle)
  }

  @Test func aViewSetWhileAnUpdateIsBeingCalculatedStillHearsOfIt() async {
    /// Holds the calculation until the test has set the view.
    final class Gate: CollectionDataCalculationDelegate {
      let started = Locked(false)
      let proceed = DispatchSemaphore(value: 0)
      func collectionDataDidBeginCalculating(_ collectionData: AnyObject) {
        started.withLock { $0 = true }
        proceed.wait()
      }
    }
    let holder = CollectionData([Tile](ids: 0..<3))
    let gate = Gate()
    holder.calculationDelegate = gate
    let log = CompletionLog()
    holder.update([Tile](ids: 1..<5), completion: log.completion(0))
    #expect(await eventually { gate.started.withLock { $0 } })
    let view = RecordingView(holder)  // shows the 3 items committed so far
    view.completesImmediately = true
    gate.proceed.signal()
    #expect(await eventually { log.numbers == [0] })
    #expect(view.mirror == holder.items && holder.items == [Tile](ids: 1..<5))
    #expect(view.eventCount == 1 && view.failures.isEmpty)
  }

  // MARK: - With a view

  @Test func aBatchReachesTheViewWithADeltaThatReplaysOntoItsMirror() async {
    let holder = CollectionData([Tile](ids: 0..<6), section: 2)
    let view = RecordingView(holder)
    let log = CompletionLog()
    let new = [Tile(id: 5), Tile(id: 1, version: 2), Tile(id: 9), Tile(id: 0), Tile(id: 3)]
    holder.update(new, completion: log.completion(0))
    await view.waitForEvents(1)
    #expect(view.batches.count == 1 && view.failures.isEmpty)
    #expect(holder.items == new && view.mirror == new)
    #expect(log.numbers.isEmpty)  // the animation has not ended
    view.completeBatch()
    #expect(log.numbers == [0])
    #expect(holder.isIdle)
  }

  @Test func readsMatchTheScreenUntilTheCommitPoint() async {
    let old = [Tile](ids: 0..<4)
    let new = [Tile](ids: [3, 2, 1])
    let holder = CollectionData(old)
    let view = RecordingView(holder)
    view.commitsImmediately = false
    holder.update(new)
    await view.waitForEvents(1)
    #expect(holder.items == old && holder.count == 4)  // batch begun, not committed
    view.commitHeldBatch()
    #expect(holder.items == new && holder.count == 3 && holder[0] == Tile(id: 3))
    holder.update([Tile](ids: [9]))  // waits: the batch is still animating
    #expect(holder.items == new)
    view.completeBatch()
    #expect(view.failures.isEmpty)
  }

  @Test func updatesDuringABatchAreCoalescedAndCompleteWithTheOneThatAbsorbedThem() async {
    let holder = CollectionData([Tile](ids: 0..<3))
    let view = RecordingView(holder)
    let log = CompletionLog()
    holder.update([Tile](ids: 0..<4), completion: log.completion(1))
    await view.waitForEvents(1)
    holder.update([Tile](ids: 0..<5), completion: log.completion(2))
    holder.update([Tile](ids: 1..<6), completion: log.completion(3))
    holder.update([Tile](ids: [9, 1, 2]), completion: log.completion(4))
    #expect(log.numbers.isEmpty)
    view.completeBatch()
    #expect(log.numbers == [1])
    await view.waitForEvents(2)
    #expect(view.batches.count == 2)  // 0..<4 -> [9, 1, 2] directly
    #expect(view.batches[1].deletions == [0, 3] && view.batches[1].insertions == [0])
    view.completeBatch()
    #expect(log.numbers == [1, 2, 3, 4])
    #expect(holder.items == [Tile](ids: [9, 1, 2]) && view.failures.isEmpty)
  }

  @Test func appendAddsToTheNewestSubmittedItems() async {
    let holder = CollectionData([Tile](ids: [1]))
    let view = RecordingView(holder)
    view.completesImmediately = true
    holder.update([Tile](ids: [1, 2]))
    holder.append([Tile](ids: [3]))
    holder.append([Tile](ids: [4, 5]))
    await withCheckedContinuation { done in holder.append([]) { done.resume() } }
    #expect(holder.items == [Tile](ids: [1, 2, 3, 4, 5]))
    #expect(view.mirror == holder.items && view.failures.isEmpty)
  }

  @Test func anUnchangedSnapshotCompletesWithoutABatch() async {
    let holder = CollectionData([Tile](ids: 0..<3))
    let view = RecordingView(holder)
    await updateAndWait(holder, [Tile](ids: 0..<3))
    #expect(view.eventCount == 0)
  }

  @Test func aViewTheVerificationDelegateRejectsIsNotCalledAndTheDataUpdates() async {
    final class Rejecting: CollectionDataReusableViewVerificationDelegate {
      var asked = 0
      func isDataSourceValid(for view: AnyObject) -> Bool {
        asked += 1
        return false
      }
    }
    let holder = CollectionData([Tile](ids: 0..<3))
    let view = RecordingView(holder)
    let verifier = Rejecting()
    holder.verificationDelegate = verifier
    let log = CompletionLog()
    holder.update([Tile](ids: 0..<4), completion: log.completion(0))
    holder.update([Tile](ids: 2..<5), completion: log.completion(1))
    await updateAndWait(holder, [Tile](ids: 3..<9))
    #expect(view.eventCount == 0 && verifier.asked >= 2)
    #expect(log.numbers == [0, 1])
    #expect(holder.items == [Tile](ids: 3..<9))
  }

  @Test func aViewThatGoesAwayMidStreamStopsGettingBatches() async {
    let holder = CollectionData([Tile](ids: 0..<3))
    var view: RecordingView? = RecordingView(holder)
    view?.completesImmediately = true
    await updateAndWait(holder, [Tile](ids: 0..<4))
    #expect(view?.batches.count == 1)
    view = nil
    #expect(holder.view == nil)
    await updateAndWait(holder, [Tile](ids: 0..<5))
    #expect(holder.items == [Tile](ids: 0..<5))
  }

  @Test func aViewThatDropsABatchWithoutCallingItDoesNotStallTheHolder() async {
    final class ForgetfulView: DeltaUpdatableView {
      var batches = 0
      func performBatchUpdates(
        _ delta: IndexDelta, section: Int, updateData: @escaping () -> Void,
        completion: @escaping () -> Void
      ) { batches += 1 }
      func reloadData() {}
    }
    let holder = CollectionData([Tile](ids: 0..<3))
    let view = ForgetfulView()
    holder.view = view
    await updateAndWait(holder, [Tile](ids: 0..<4))
    await updateAndWait(holder, [Tile](ids: 1..<4))
    #expect(view.batches == 2 && holder.items == [Tile](ids: 1..<4))
  }

  @Test func deltasAreComputedOffTheMainThreadAndTheViewIsCalledOnIt() async {
    final class ThreadRecorder: CollectionDataCalculationDelegate {
      let onMain = Locked<[Bool]>([])
      func collectionDataDidBeginCalculating(_ collectionData: AnyObject) {
        onMain.withLock { $0.append(isOnMainQueue) }
      }
    }
    final class MainCheckingView: DeltaUpdatableView {
      var onMain: [Bool] = []
      func performBatchUpdates(
        _ delta: IndexDelta, section: Int, updateData: @escaping () -> Void,
        completion: @escaping () -> Void
      ) {
        onMain.append(isOnMainQueue)
        updateData()
        completion()
      }
      func reloadData() {}
    }
    _ = mainQueueKey
    let holder = CollectionData([Tile](ids: 0..<3))
    let recorder = ThreadRecorder()
    holder.calculationDelegate = recorder
    let view = MainCheckingView()
    holder.view = view
    await updateAndWait(holder, [Tile](ids: 0..<4))  // submitted on the main thread
    #expect(recorder.onMain.withLock { $0 } == [false])
    #expect(view.onMain == [true])
  }

  // MARK: - Thresholds and fallbacks

  @Test func overTheChangeCountThresholdTheViewReloadsInstead() async {
    let holder = CollectionData([Tile](ids: 0..<10))
    holder.changeCountThreshold = 3
    let view = RecordingView(holder)
    holder.update([Tile](ids: 0..<13))  // 3 insertions: animated
    await view.waitForEvents(1)
    view.completeBatch()
    await updateAndWait(holder, [Tile](ids: 4..<13))  // 4 deletions: reloaded
    #expect(view.batches.count == 1 && view.reloadCount == 1)
    #expect(view.mirror == [Tile](ids: 4..<13) && view.failures.isEmpty)
  }

  @Test func overTheDataCountThresholdTheViewReloadsWithoutADelta() async {
    let holder = CollectionData([Tile](ids: 0..<10))
    holder.dataCountThreshold = 10
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = RecordingView(holder)
    holder.update([Tile](ids: 0..<9))
    await view.waitForEvents(1)
    view.completeBatch()
    await updateAndWait(holder, [Tile](ids: 0..<11))
    #expect(view.batches.count == 1 && view.reloadCount == 1)
    #expect(recorder.calculations.began == 1)  // the second update was not diffed
    #expect(view.mirror == holder.items)
  }

  @Test func aDeltaThatFailsItsReplayIsReportedAndReachesTheViewAsAReload() async {
    let holder = CollectionData([Tile](ids: 0..<3))
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = RecordingView(holder)
    // NaN is not equal to itself: the replay of any delta cannot equal the new data.
    let new = [Tile(id: 0), Tile(id: 1, rating: .nan), Tile(id: 2)]
    await updateAndWait(holder, new)
    #expect(view.batches.isEmpty && view.reloadCount == 1)
    #expect(holder.count == 3 && holder[1].rating.isNaN)
    guard case .invalidDelta(let text)? = recorder.issues.first else {
      Issue.record("no invalid-delta report: \(recorder.issues)")
      return
    }
    #expect(text.contains("3 items"))
  }

  @Test func duplicateIDsAreReportedWithTheirPositionsAndStillApplyConsistently() async {
    let holder = CollectionData([Tile](ids: [1, 2, 3]))
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = RecordingView(holder)
    let new = [Tile(id: 2), Tile(id: 1), Tile(id: 2, version: 1), Tile(id: 3)]
    holder.update(new)
    await view.waitForEvents(1)
    view.completeBatch()
    #expect(
      recorder.issues == [
        .duplicateIDs([IndexDelta.Duplicate(id: "2", oldPositions: [1], newPositions: [0, 2])])
      ])
    #expect(view.failures.isEmpty && view.mirror == new)
  }

  // MARK: - Delegates

  @Test func theAnimationDelegateHearsBeginCommitAndCompleteInOrder() async {
    final class Listener: CollectionDataAnimationDelegate {
      var events: [String] = []
      func collectionDataWillBeginBatch(_ collectionData: AnyObject) { events.append("begin") }
      func collectionDataDidCommitBatch(_ collectionData: AnyObject) { events.append("commit") }
      func collectionDataDidCompleteBatch(_ collectionData: AnyObject) {
        events.append("complete")
      }
    }
    let holder = CollectionData([Tile](ids: 0..<3))
    let listener = Listener()
    holder.animationDelegate = listener
    let view = RecordingView(holder)
    holder.update([Tile](ids: 0..<2))
    await view.waitForEvents(1)
    #expect(listener.events == ["begin", "commit"])
    view.completeBatch()
    #expect(listener.events == ["begin", "commit", "complete"])
  }

  @Test func theCalculationDelegateHearsEachCalculationBeginAndEnd() async {
    let holder = CollectionData([Tile](ids: 0..<3))
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    await updateAndWait(holder, [Tile](ids: 0..<4))
    await updateAndWait(holder, [Tile](ids: 0..<5))
    #expect(recorder.calculations == (2, 2))
    #expect(recorder.issues.isEmpty)
  }

  @Test func aSecondCompletionFromTheViewIsIgnoredAndReported() async {
    final class TwiceView: DeltaUpdatableView {
      var batches = 0
      func performBatchUpdates(
        _ delta: IndexDelta, section: Int, updateData: @escaping () -> Void,
        completion: @escaping () -> Void
      ) {
        batches += 1
        updateData()
        updateData()
        completion()
        completion()
      }
      func reloadData() {}
    }
    let holder = CollectionData([Tile](ids: 0..<3))
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = TwiceView()
    holder.view = view
    let log = CompletionLog()
    holder.update([Tile](ids: 0..<4), completion: log.completion(0))
    await updateAndWait(holder, [Tile](ids: 0..<5))
    #expect(view.batches == 2 && log.numbers == [0])
    #expect(recorder.issues == Array(repeating: .repeatedBatchCallback, count: 4))
  }
}

@Suite struct HolderAsyncFormsConcurrencyTests {
  /// The async forms return once the data is in place, with no view to wait on.
  @Test func theAsyncFormsReturnOnceTheDataIsInPlace() async {
    let items = CollectionData([Tile](ids: 0..<3))
    await items.updateAndWait([Tile](ids: [2, 0, 5]))
    #expect(items.items == [Tile](ids: [2, 0, 5]))
    await items.appendAndWait([Tile](ids: [7]))
    #expect(items.items == [Tile](ids: [2, 0, 5, 7]))

    let old = [Strip(id: 0, title: "a", items: [Tile](ids: 0..<3))]
    let new = [Strip(id: 0, title: "a", items: [Tile](ids: [1, 2]))]
    let sections = CollectionSectionData(old)
    await sections.updateAndWait(new, delta: SectionDelta(from: old, to: new))
    #expect(sections.sections == new)
    await sections.appendAndWait([Strip(id: 1, title: "b", items: [])])
    await sections.updateAndWait(old)
    #expect(sections.sections == old)
  }
}

@MainActor @Suite struct CollectionDataTests {
  @Test func calculateDeltaWorksWithoutAView() {
    let holder = CollectionData([Tile](ids: [1, 2, 3]))
    let delta = holder.calculateDelta([Tile(id: 3), Tile(id: 1, version: 1), Tile(id: 4)])
    #expect(delta.deletions == [1])
    #expect(delta.insertions == [2])
    #expect(delta.moves.count == 1)
    #expect(delta.reloads == [IndexDelta.Reload(from: 0, to: 1)])
    #expect(holder.items == [Tile](ids: [1, 2, 3]))
  }

  @Test func readsGiveTheCurrentItems() {
    let holder = CollectionData([Tile](ids: [7, 8]), section: 3)
    #expect(holder.count == 2 && !holder.isEmpty && holder[1] == Tile(id: 8))
    #expect(holder.section == 3)
    #expect(CollectionData<Tile>().isEmpty)
  }
}

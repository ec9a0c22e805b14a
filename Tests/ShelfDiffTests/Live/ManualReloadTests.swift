import ShelfDiff
import TestSupport
import Testing

/// A manual-reload delegate that accepts the reloads `accepts` says yes to and
/// keeps the completion handler for the test to call.
@MainActor final class ReloadingDelegate: CollectionDataManualReloadDelegate {
  private let accepts: (ItemPathPair) -> Bool
  private let readItems: () -> [Tile]
  private(set) var asked: [ItemPathPair] = []
  private(set) var handedOver: [[ItemPath]] = []
  /// The holder's items when `reloadItems` was called.
  private(set) var itemsAtHandOver: [[Tile]] = []
  private var completion: (@MainActor @Sendable (ItemPath) -> Void)?

  init(holder: CollectionData<Tile>, accepts: @escaping (ItemPathPair) -> Bool = { _ in true }) {
    self.accepts = accepts
    readItems = { holder.items }
    holder.manualReloadDelegate = self
  }

  /// A delegate for a sectioned holder; `itemsAtHandOver` lists all its items in order.
  init(
    holder: CollectionSectionData<Strip>, accepts: @escaping (ItemPathPair) -> Bool = { _ in true }
  ) {
    self.accepts = accepts
    readItems = { holder.sections.flatMap(\.items) }
    holder.manualReloadDelegate = self
  }

  func willHandleReload(at pair: ItemPathPair) -> Bool {
    asked.append(pair)
    return accepts(pair)
  }

  func reloadItems(
    at itemPaths: [ItemPath], indexPathCompletion: @escaping @MainActor @Sendable (ItemPath) -> Void
  ) {
    handedOver.append(itemPaths)
    itemsAtHandOver.append(readItems())
    completion = indexPathCompletion
  }

  /// Says the item at `item` (in section `section`) has finished reloading.
  func complete(_ item: Int, section: Int = 0) {
    completion?(ItemPath(section: section, item: item))
  }
}

@MainActor @Suite(.timeLimit(.minutes(3))) struct ManualReloadConcurrencyTests {
  let old = [Tile](ids: 0..<4)
  /// 2 moves to the end; 1 and 2 change content.
  let new = [Tile(id: 0), Tile(id: 1, version: 1), Tile(id: 3), Tile(id: 2, version: 1)]

  /// A holder of `old` with an issue recorder, a view that compares ids only and a
  /// delegate that takes every reload, once the update to `new` (completion 0 in
  /// the log) has reached the view: 1 and 3 are handed over. The watchdog's
  /// clock stands still unless a test moves it: on a busy machine a real
  /// second can pass before the test completes its items.
  func handOver(
    clock: any CollectionDataClock = ManualClock(), manualReloadTimeout: Duration? = nil
  ) async -> (
    holder: CollectionData<Tile>, recorder: IssueRecorder, view: RecordingView,
    delegate: ReloadingDelegate, log: CompletionLog
  ) {
    let holder = CollectionData(old, clock: clock)
    if let manualReloadTimeout { holder.manualReloadTimeout = manualReloadTimeout }
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = RecordingView(holder)
    // The batch's watchdog back on (a recording view turns it off): the
    // clock is a manual one, so only the tests move it.
    holder.batchTimeout = .seconds(10)
    view.comparesContent = false
    let delegate = ReloadingDelegate(holder: holder)
    let log = CompletionLog()
    holder.update(new, completion: log.completion(0))
    await view.waitForEvents(1)
    return (holder, recorder, view, delegate, log)
  }

  @Test func acceptedReloadsAreLeftOutOfTheViewsDeltaAndHandedOverAfterTheCommit() async {
    let (_, _, view, delegate, _) = await handOver()
    #expect(
      delegate.asked == [
        ItemPathPair(source: ItemPath(section: 0, item: 1), target: ItemPath(section: 0, item: 1)),
        ItemPathPair(source: ItemPath(section: 0, item: 2), target: ItemPath(section: 0, item: 3)),
      ])
    #expect(view.batches[0].reloads.isEmpty && view.batches[0].moves.count == 1)
    #expect(
      delegate.handedOver == [[ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 3)]])
    #expect(delegate.itemsAtHandOver == [new])  // the view had committed
    #expect(view.failures.isEmpty)
  }

  @Test func aDeclinedReloadStaysInTheViewsDelta() async {
    let holder = CollectionData(old, clock: ManualClock())
    let view = RecordingView(holder)
    let delegate = ReloadingDelegate(holder: holder) { $0.target.item == 3 }
    holder.update(new)
    await view.waitForEvents(1)
    #expect(view.batches[0].reloads == [IndexDelta.Reload(from: 1, to: 1)])
    #expect(delegate.handedOver == [[ItemPath(section: 0, item: 3)]])
  }

  @Test func theBatchCompletesOnlyWhenTheViewAndEveryHandedOverItemHaveCompleted() async {
    let (holder, _, view, delegate, log) = await handOver()
    view.completeBatch()
    #expect(log.numbers.isEmpty)
    delegate.complete(3)
    #expect(log.numbers.isEmpty)
    holder.update(old, completion: log.completion(1))  // waits for the batch
    delegate.complete(1)
    #expect(log.numbers == [0])
    await view.waitForEvents(2)
    #expect(view.batches.count == 2)
  }

  @Test func itemsMayCompleteBeforeTheViewsAnimationEnds() async {
    let (_, _, view, delegate, log) = await handOver()
    delegate.complete(1)
    delegate.complete(3)
    #expect(log.numbers.isEmpty)
    view.completeBatch()
    #expect(log.numbers == [0])
  }

  @Test func repeatedAndUnknownCompletionsAreIgnoredAndReported() async {
    let (_, recorder, view, delegate, log) = await handOver()
    view.completeBatch()
    delegate.complete(1)
    delegate.complete(1)
    delegate.complete(2)  // never handed over
    #expect(log.numbers.isEmpty)
    delegate.complete(3)
    delegate.complete(3)
    #expect(log.numbers == [0])
    #expect(
      recorder.issues == [
        .repeatedCompletion(ItemPath(section: 0, item: 1)),
        .unknownCompletion(ItemPath(section: 0, item: 2)),
        .repeatedCompletion(ItemPath(section: 0, item: 3)),
      ])
  }

  @Test func theWatchdogCompletesAStuckReloadAndReportsIt() async {
    let clock = ManualClock()
    let (_, recorder, view, delegate, log) = await handOver(
      clock: clock, manualReloadTimeout: .milliseconds(500))
    view.completeBatch()
    delegate.complete(1)
    clock.advance(by: .milliseconds(499))
    #expect(log.numbers.isEmpty && recorder.issues.isEmpty)
    clock.advance(by: .milliseconds(1))
    #expect(log.numbers == [0])
    #expect(recorder.issues == [.watchdogCompletion(ItemPath(section: 0, item: 3))])
    delegate.complete(3)  // too late: already completed by the watchdog
    #expect(recorder.issues.last == .repeatedCompletion(ItemPath(section: 0, item: 3)))
    #expect(log.numbers == [0])
  }

  @Test func theWatchdogStaysQuietWhenEveryItemCompletedInTime() async {
    let clock = ManualClock()
    let (_, recorder, view, delegate, _) = await handOver(clock: clock)
    #expect(clock.scheduledCount == 2)  // the reload's watchdog and the batch's
    delegate.complete(1)
    delegate.complete(3)
    view.completeBatch()
    clock.advance(by: .seconds(10))
    #expect(recorder.issues.isEmpty && clock.scheduledCount == 0)
  }
}

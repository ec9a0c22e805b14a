import ShelfDiff
import TestSupport
import Testing

/// A view that takes batches and calls none of their callbacks until told:
/// a view that lost its completion.
@MainActor private final class StuckView: DeltaUpdatableView {
  private(set) var batchCount = 0
  private(set) var reloadCount = 0
  private(set) var held: [(updateData: () -> Void, completion: () -> Void)] = []
  /// Calls each later batch's callbacks at once instead.
  var completes = false

  func performBatchUpdates(
    _ delta: IndexDelta, section: Int, updateData: @escaping () -> Void,
    completion: @escaping () -> Void
  ) {
    batchCount += 1
    if completes {
      updateData()
      completion()
    } else {
      held.append((updateData, completion))
    }
  }

  func reloadData() { reloadCount += 1 }
}

@MainActor @Suite(.timeLimit(.minutes(3))) struct BatchWatchdogConcurrencyTests {
  @Test func aViewThatNeverCompletesIsReportedAndReloadedAndTheHolderGoesOn() async {
    let clock = ManualClock()
    let holder = CollectionData(Array(ids: 0..<3), clock: clock)
    holder.batchTimeout = .seconds(2)
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = StuckView()
    holder.view = view
    let reloadsBefore = view.reloadCount
    let log = CompletionLog()
    holder.update(Array(ids: [2, 0, 1, 3]), completion: log.completion(0))
    #expect(await eventually { view.batchCount == 1 })

    clock.advance(by: .milliseconds(1_999))
    #expect(recorder.issues.isEmpty && log.numbers.isEmpty)
    #expect(holder.items.map(\.id) == [0, 1, 2])  // not committed: the view holds it
    clock.advance(by: .milliseconds(1))
    #expect(recorder.issues == [.batchTimedOut(after: .seconds(2))])
    #expect(view.reloadCount == reloadsBefore + 1)
    #expect(holder.items.map(\.id) == [2, 0, 1, 3])
    #expect(log.numbers == [0])

    // The holder goes on with the next update, and the stuck batch's late
    // callbacks are expected, not reported as repeated.
    view.completes = true
    await updateAndWait(holder, Array(ids: [3, 2]))
    #expect(view.batchCount == 2)
    #expect(holder.items.map(\.id) == [3, 2])
    view.held[0].updateData()
    view.held[0].completion()
    #expect(recorder.issues == [.batchTimedOut(after: .seconds(2))])
    #expect(holder.isIdle)
  }

  @Test func aViewThatCompletesInTimeIsNotReported() async {
    let clock = ManualClock()
    let holder = CollectionData(Array(ids: 0..<3), clock: clock)
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = StuckView()
    view.completes = true
    holder.view = view
    await updateAndWait(holder, Array(ids: [1, 2]))
    clock.advance(by: .seconds(60))
    #expect(recorder.issues.isEmpty && view.batchCount == 1)
  }

  @Test func noTimeoutWaitsForEver() async {
    let clock = ManualClock()
    let holder = CollectionData(Array(ids: 0..<3), clock: clock)
    holder.batchTimeout = nil
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let view = StuckView()
    holder.view = view
    holder.update(Array(ids: [1, 2]))
    #expect(await eventually { view.batchCount == 1 })
    clock.advance(by: .seconds(3_600))
    #expect(recorder.issues.isEmpty && !holder.isIdle)
    view.held[0].updateData()
    view.held[0].completion()
    #expect(holder.items.map(\.id) == [1, 2])
  }
}

import ShelfDiff
import TestSupport
import Testing

/// A view shared by several holders (one per section) that records which
/// section's batch arrived at which time of the clock, and completes at once.
@MainActor private final class SharedView: DeltaUpdatableView {
  let clock: ManualClock
  private(set) var arrivals: [(section: Int, time: Duration)] = []

  init(clock: ManualClock) { self.clock = clock }

  func performBatchUpdates(
    _ delta: IndexDelta, section: Int, updateData: @escaping () -> Void,
    completion: @escaping () -> Void
  ) {
    updateData()
    arrivals.append((section, clock.now))
    completion()
  }

  func reloadData() {}
}

@Suite struct SynchronizerTests {
  @Test func theDelaysLastWhatTheyPromise() {
    #expect(CollectionDataSynchronizer.Delay.none.duration == .zero)
    #expect(CollectionDataSynchronizer.Delay.short.duration == .milliseconds(10))
    #expect(CollectionDataSynchronizer.Delay.long.duration == .milliseconds(100))
    #expect(CollectionDataSynchronizer.Delay.custom(.seconds(2)).duration == .seconds(2))
    #expect(CollectionDataSynchronizer.Delay.custom(.seconds(-1)).duration == .zero)
  }
}

@MainActor @Suite(.timeLimit(.minutes(3))) struct SynchronizerConcurrencyTests {
  @Test(arguments: [CollectionDataSynchronizer.Delay.short, .long, .custom(.milliseconds(40))])
  func holdersThatUpdateWithinTheWindowReachTheViewTogether(
    delay: CollectionDataSynchronizer.Delay
  ) async {
    let clock = ManualClock()
    let synchronizer = CollectionDataSynchronizer(delay: delay, clock: clock)
    let view = SharedView(clock: clock)
    let holders = (0..<3).map { CollectionData([Tile](ids: 0..<3), section: $0, clock: clock) }
    for holder in holders {
      holder.view = view
      holder.synchronizer = synchronizer
    }
    let log = CompletionLog()
    holders[0].update([Tile](ids: 0..<4), completion: log.completion(0))
    holders[2].update([Tile](ids: 1..<3), completion: log.completion(2))
    #expect(await eventually { synchronizer.waitingBatchCount == 2 })
    clock.advance(by: delay.duration - .milliseconds(1))
    #expect(view.arrivals.isEmpty && log.numbers.isEmpty)
    clock.advance(by: .milliseconds(1))
    #expect(view.arrivals.map(\.section) == [0, 2])
    #expect(Set(view.arrivals.map(\.time)) == [delay.duration])
    #expect(log.numbers == [0, 2])

    // A later update opens a window of its own.
    holders[1].update([Tile](ids: 0..<1), completion: log.completion(1))
    #expect(await eventually { synchronizer.waitingBatchCount == 1 })
    clock.advance(by: delay.duration)
    #expect(view.arrivals.map(\.section) == [0, 2, 1])
    #expect(view.arrivals.last?.time == delay.duration * 2)
    #expect(log.numbers == [0, 2, 1])
  }

  @Test func withNoDelayTheWindowClosesOnTheNextTurn() async {
    let clock = ManualClock()
    let synchronizer = CollectionDataSynchronizer(delay: .none, clock: clock)
    let view = SharedView(clock: clock)
    let holder = CollectionData([Tile](ids: 0..<3), clock: clock)
    holder.view = view
    holder.synchronizer = synchronizer
    holder.update([Tile](ids: 0..<2))
    #expect(await eventually { synchronizer.waitingBatchCount == 1 })
    #expect(view.arrivals.isEmpty)
    clock.advance(by: .zero)
    #expect(view.arrivals.count == 1)
  }
}

@MainActor @Suite struct ClockTests {
  @Test func aManualClockRunsActionsInDeadlineOrderAsTimeAdvances() {
    let clock = ManualClock()
    var fired: [String] = []
    let log = Locked<[String]>([])
    clock.schedule(after: .milliseconds(30)) { log.withLock { $0.append("c") } }
    clock.schedule(after: .milliseconds(10)) {
      log.withLock { $0.append("a") }
      clock.schedule(after: .milliseconds(5)) { log.withLock { $0.append("b") } }
    }
    clock.schedule(after: .milliseconds(30)) { log.withLock { $0.append("d") } }
    clock.advance(by: .milliseconds(20))
    fired = log.withLock { $0 }
    #expect(fired == ["a", "b"] && clock.now == .milliseconds(20))
    clock.advance(by: .milliseconds(10))
    #expect(log.withLock { $0 } == ["a", "b", "c", "d"] && clock.scheduledCount == 0)
  }

}

@MainActor @Suite(.timeLimit(.minutes(3))) struct ClockConcurrencyTests {
  @Test func theDispatchClockRunsItsActionOnALaterMainTurn() async {
    let ranInside = Locked(false)
    let didReturn = Locked(false)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchClock().schedule(after: .zero) {
        ranInside.withLock { $0 = !didReturn.withLock { $0 } }
        done.resume()
      }
      didReturn.withLock { $0 = true }
    }
    #expect(!ranInside.withLock { $0 })
  }
}

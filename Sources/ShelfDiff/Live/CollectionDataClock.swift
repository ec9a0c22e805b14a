import Dispatch

/// Where the live holders get their time from: the manual-reload watchdog and the
/// synchronizer's window ask it to run an action later, on the main actor.
///
/// `DispatchClock` is the real one; `ManualClock` moves only when told, so tests
/// never sleep.
public protocol CollectionDataClock: Sendable {
  /// Runs `action` on the main actor once `delay` has passed (at once for zero or
  /// less: on a later turn, never inside this call).
  func schedule(after delay: Duration, _ action: @escaping @MainActor @Sendable () -> Void)
}

/// The production clock: Dispatch's main queue and its monotonic time.
public struct DispatchClock: CollectionDataClock {
  /// The clock of Dispatch's main queue.
  public init() {}

  /// Runs `action` on the main queue after `delay`.
  public func schedule(after delay: Duration, _ action: @escaping @MainActor @Sendable () -> Void) {
    let (seconds, attoseconds) = delay.components
    let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
    let interval = DispatchTimeInterval.nanoseconds(Int(clamping: nanoseconds))
    DispatchQueue.main.asyncAfter(deadline: .now() + interval) {
      MainActor.assumeIsolated { action() }
    }
  }
}

/// A clock that stands still until `advance(by:)`: for tests and for headless
/// runs that step time themselves.
public final class ManualClock: CollectionDataClock {
  private struct Timer {
    var deadline: Duration
    var order: Int
    var action: @MainActor @Sendable () -> Void
  }

  private struct State {
    var now: Duration = .zero
    var timers: [Timer] = []
    var nextOrder = 0
  }

  private let state = Locked(State())

  /// A clock at time zero with nothing scheduled.
  public init() {}

  /// The time since the clock was made, as far as it has been advanced.
  public var now: Duration { state.withLock { $0.now } }

  /// The number of actions waiting for their time.
  public var scheduledCount: Int { state.withLock { $0.timers.count } }

  /// Schedules `action` for `now + delay`; it runs during a later `advance(by:)`.
  public func schedule(after delay: Duration, _ action: @escaping @MainActor @Sendable () -> Void) {
    state.withLock { state in
      state.timers.append(
        Timer(deadline: state.now + max(delay, .zero), order: state.nextOrder, action: action))
      state.nextOrder += 1
    }
  }

  /// Moves time forward by `duration`, running every action that falls due, in
  /// deadline order (then in the order they were scheduled), including actions
  /// that those actions schedule within the same span.
  @MainActor public func advance(by duration: Duration) {
    let end = state.withLock { $0.now } + max(duration, .zero)
    while let action = nextDueAction(until: end) {
      action()
    }
    state.withLock { $0.now = max($0.now, end) }
  }

  private func nextDueAction(until end: Duration) -> (@MainActor @Sendable () -> Void)? {
    state.withLock { state in
      let due = state.timers.indices.filter { state.timers[$0].deadline <= end }
      guard
        let first = due.min(by: {
          (state.timers[$0].deadline, state.timers[$0].order)
            < (state.timers[$1].deadline, state.timers[$1].order)
        })
      else { return nil }
      let timer = state.timers.remove(at: first)
      state.now = max(state.now, timer.deadline)
      return timer.action
    }
  }
}

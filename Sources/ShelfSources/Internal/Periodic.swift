import Dispatch
import ShelfCatalog
import ShelfDiff

/// What the sources that run again every interval (`ExecSource`, `URLSource`)
/// share: how they hand results to their caller, and when the next run starts.
enum Periodic {
  /// What a live source hands its caller: a catalog, or why there is none.
  typealias Delivery = @Sendable (Result<LoadedCatalog, CatalogError>) -> Void

  /// The longest interval: a day.
  static let longestInterval = Duration.seconds(86_400)

  /// `interval` kept between a millisecond and a day.
  static func clamped(_ interval: Duration) -> Duration {
    min(max(interval, .milliseconds(1)), longestInterval)
  }

  /// A delivery that calls `handler` on `queue`, unless the source has
  /// stopped by then (`isStopped` says so, read on `queue`).
  static func delivery(
    on queue: DispatchQueue, isStopped: @escaping @Sendable () -> Bool,
    to handler: @escaping Delivery
  ) -> Delivery {
    { result in
      queue.async {
        if !isStopped() { handler(result) }
      }
    }
  }

  /// How long to wait before the next run of a source that runs every
  /// `interval`, its last run having started at `started`: runs never
  /// overlap, and one that overran is followed at once.
  static func delay(every interval: Duration, since started: ContinuousClock.Instant)
    -> DispatchTimeInterval
  {
    let (seconds, attoseconds) = max(.zero, interval - (ContinuousClock.now - started)).components
    return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}

/// The cycle of a source that runs every interval: each run on the source's
/// own serial queue, never two at once, the next one interval after the last
/// one started (at once if that has passed), until `stop()`.
final class PeriodicSchedule: Sendable {
  private struct State: @unchecked Sendable {
    // The pending run is a Dispatch object: thread-safe, and only set under the lock.
    var next: DispatchWorkItem?
    var isStopped = false
  }

  /// The source's queue: its runs, one at a time.
  let queue: DispatchQueue
  /// How often a run starts.
  let interval: Duration
  // `Locked`, not `Mutex`: the thread sanitizer cannot see a Mutex on Linux
  // and reported the pending run's hand-off between `stop()` and a run as a race.
  private let state = Locked(State())

  /// A schedule running every `interval` on a queue named `label`.
  init(label: String, interval: Duration) {
    queue = DispatchQueue(label: label)
    self.interval = interval
  }

  /// Whether `stop()` was called.
  var isStopped: Bool { state.withLock { $0.isStopped } }

  /// Runs `run` now and then every interval, handing it the delivery of
  /// results to `handler` on `caller` (none is delivered once stopped).
  func start(
    delivering caller: DispatchQueue, to handler: @escaping Periodic.Delivery,
    run: @escaping @Sendable (_ deliver: @escaping Periodic.Delivery) -> Void
  ) {
    let deliver = Periodic.delivery(on: caller, isStopped: { [self] in isStopped }, to: handler)
    schedule(after: .seconds(0)) { run(deliver) }
  }

  /// Stops: the pending run is cancelled and no other starts; a run under
  /// way finishes (the source makes it stop early if it can).
  func stop() {
    let next = state.withLock { state -> DispatchWorkItem? in
      state.isStopped = true
      defer { state.next = nil }
      return state.next
    }
    next?.cancel()
  }

  /// Returns once the run under way, if any, has ended.
  func waitUntilIdle() {
    queue.sync {}
  }

  private func schedule(after delay: DispatchTimeInterval, run: @escaping @Sendable () -> Void) {
    let item = DispatchWorkItem { [self] in
      guard !isStopped else { return }
      let started = ContinuousClock.now
      run()
      schedule(after: Periodic.delay(every: interval, since: started), run: run)
    }
    let hasStopped = state.withLock { state -> Bool in
      state.next = item
      return state.isStopped
    }
    guard !hasStopped else { return }
    queue.asyncAfter(deadline: .now() + delay, execute: item)
  }
}

import Dispatch
import ShelfCatalog
import ShelfDiff

/// The demo's live updates as a source: every interval, a `DemoGenerator`
/// makes the next version of the catalog the screen shows (the first one it
/// was given, then its own last), on the queue it delivers to, so that a
/// busy queue makes fewer versions rather than a backlog of them.
///
/// Paused (`isPaused`), its timer is off; `step()` makes one version at
/// once, paused or not. A version is a whole catalog, so one the screen
/// does not take is not lost: the next one holds its changes too.
public final class DemoSource: LiveSource {
  private struct State: @unchecked Sendable {
    // Unchecked: the timer is a Dispatch object, thread-safe, only set
    // under the lock.
    var generator: DemoGenerator
    var current: Catalog
    var isPaused = false
    var timer: (any DispatchSourceTimer)?
    var queue: DispatchQueue?
    /// The delivery `start` set up; nil before it and after `stop()`.
    var deliver: Periodic.Delivery?
  }

  private let interval: Duration
  private let state: Locked<State>
  private let keeper = SourceStatusKeeper()

  /// A source that changes `catalog` as `generator` does, every `interval`
  /// (between a millisecond and a day).
  public init(catalog: Catalog, generator: DemoGenerator, interval: Duration) {
    state = Locked(State(generator: generator, current: catalog))
    self.interval = Periodic.clamped(interval)
  }

  /// `demo`, as the status line names it.
  public var name: String { "demo" }

  /// How the last delivery went: live from the first version on.
  public var status: LiveSourceStatus { keeper.status }

  /// Whether the timed versions are held back (the timer is off); `step()`
  /// still makes one.
  public var isPaused: Bool {
    get { state.withLock { $0.isPaused } }
    set {
      let timer = state.withLock { state in
        state.isPaused = newValue
        return state.timer
      }
      if let timer { arm(timer, isPaused: newValue) }
    }
  }

  /// Starts: `handler` runs on `queue` with each new version, the first one
  /// an interval from now (the catalog given is shown already).
  public func start(
    queue: DispatchQueue,
    handler: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void
  ) {
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.setEventHandler { [weak self] in self?.advance(unlessPaused: true) }
    let isPaused = state.withLock { state in
      state.timer = timer
      state.queue = queue
      state.deliver = keeper.noting(handler)
      return state.isPaused
    }
    arm(timer, isPaused: isPaused)
    timer.resume()
  }

  /// Makes one version now, on the queue it delivers to, paused or not.
  public func step() {
    guard let queue = state.withLock({ $0.queue }) else { return }
    queue.async { [self] in advance(unlessPaused: false) }
  }

  public func stop() {
    let timer = state.withLock { state in
      state.deliver = nil
      defer { state.timer = nil }
      return state.timer
    }
    timer?.cancel()
  }

  private func arm(_ timer: any DispatchSourceTimer, isPaused: Bool) {
    if isPaused {
      timer.schedule(deadline: .distantFuture)
      return
    }
    let (seconds, attoseconds) = interval.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    timer.schedule(
      deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
      leeway: .nanoseconds(nanoseconds / 10))
  }

  /// Makes the next version and delivers it; the one before is freed off
  /// the delivering queue (a million cards take a while), on a serial queue
  /// of its own: work sent to a global concurrent queue starts libdispatch's
  /// worker monitor on Linux, which then wakes the process every second for
  /// as long as it lives, paused or not.
  private func advance(unlessPaused: Bool) {
    let made = state.withLock { state -> (Catalog, Catalog, Periodic.Delivery)? in
      guard let deliver = state.deliver, !(unlessPaused && state.isPaused) else { return nil }
      let next = state.generator.nextCatalog(after: state.current)
      let old = state.current
      state.current = next
      return (next, old, deliver)
    }
    guard let (next, old, deliver) = made else { return }
    deliver(.success(LoadedCatalog(catalog: next)))
    Self.freeing.async { withExtendedLifetime(old) {} }
  }

  private static let freeing = DispatchQueue(label: "shelf.demo.freeing", qos: .utility)
}

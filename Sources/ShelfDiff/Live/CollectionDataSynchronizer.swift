/// Groups the batches of several holders that share one view: batches that become
/// ready within the window are handed to the view together, in one main-actor
/// turn and in section order, so their animations start together.
///
/// Give the same synchronizer to each holder (`synchronizer` property). The first
/// batch to arrive opens the window; when the clock says it has passed, every
/// waiting batch runs.
public final class CollectionDataSynchronizer: Sendable {
  /// How long the window stays open after the first batch arrives.
  public enum Delay: Hashable, Sendable {
    /// No wait: the window closes on the next main-actor turn.
    case none
    /// 10 milliseconds.
    case short
    /// 100 milliseconds.
    case long
    /// A window of your own.
    case custom(Duration)

    /// The window's length.
    public var duration: Duration {
      switch self {
      case .none: .zero
      case .short: .milliseconds(10)
      case .long: .milliseconds(100)
      case .custom(let duration): max(duration, .zero)
      }
    }
  }

  /// The window's length.
  public let delay: Delay
  private let clock: any CollectionDataClock
  @MainActor private var waiting: [(section: Int, batch: @MainActor () -> Void)] = []
  @MainActor private var isWindowOpen = false

  /// A synchronizer whose window lasts `delay`, timed by `clock`.
  public init(delay: Delay = .short, clock: any CollectionDataClock = DispatchClock()) {
    self.delay = delay
    self.clock = clock
  }

  /// The number of batches waiting for the window to close.
  @MainActor public var waitingBatchCount: Int { waiting.count }

  /// Holds `batch` (for `section`) until the window closes, opening one if none is open.
  @MainActor func enqueue(section: Int, _ batch: @escaping @MainActor () -> Void) {
    waiting.append((section, batch))
    guard !isWindowOpen else { return }
    isWindowOpen = true
    clock.schedule(after: delay.duration) { [self] in flush() }
  }

  @MainActor private func flush() {
    isWindowOpen = false
    let batches = waiting.enumerated().sorted {
      ($0.element.section, $0.offset) < ($1.element.section, $1.offset)
    }
    waiting = []
    for (_, waiting) in batches { waiting.batch() }
  }
}

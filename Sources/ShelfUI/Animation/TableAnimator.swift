import ShelfDiff

/// Runs the table's transitions in time: when each started, how far along it
/// is, and when the batch is complete — when the table's own animation has
/// ended and every carousel it handed rows to has ended too.
///
/// Time is whatever `now` the caller passes (monotonic milliseconds); nothing
/// here reads a clock. A transition starts at the first time it is asked about
/// (the first frame after the change), so a change made between frames never
/// skips its beginning.
struct TableAnimator: Sendable {
  /// Durations, frame rate and limits.
  let configuration: ScreenConfiguration
  /// The transition running, if any.
  private(set) var transition: TableTransition?
  /// When the table's own animation started; nil until the first frame.
  private(set) var start: UInt64?
  /// When each handed-over carousel started (nil: handed over, not started yet).
  private(set) var carouselStarts: [String: UInt64?] = [:]
  /// The carousels that have completed.
  private(set) var completedCarousels: Set<String> = []
  /// When the last frame was drawn.
  private var lastFrame: UInt64?
  /// How many transitions have begun: tells one batch from the next.
  private(set) var generation = 0

  /// An idle animator.
  init(configuration: ScreenConfiguration) {
    self.configuration = configuration
  }

  /// Whether a batch is in flight (animating, or waiting for a carousel).
  var isBusy: Bool { transition != nil }

  /// Milliseconds between frames.
  var frameInterval: UInt64 { UInt64(max(1, 1000 / max(1, configuration.framesPerSecond))) }

  /// Transitions that ended or were replaced, with the content they hold,
  /// until `takeRetired()`: the screen lets the app free them off the main thread.
  private(set) var retired: [TableTransition] = []

  /// The retired transitions, leaving none.
  mutating func takeRetired() -> [TableTransition] {
    var taken: [TableTransition] = []
    swap(&taken, &retired)
    return taken
  }

  /// Carousels to start at the next `advance(to:)`.
  private var carouselsToStart: Set<String> = []
  /// Whether handed-over carousels start with the table (rather than when
  /// `startCarousel(_:at:)` says).
  private var carouselsStartWithTable = true

  /// Starts `transition`; its rows with card changes are handed to their
  /// carousels, which start with the table's first frame, or, if
  /// `carouselsStartWithTable` is false, when `startCarousel(_:at:)` says.
  mutating func begin(_ transition: TableTransition, carouselsStartWithTable: Bool = true) {
    finish()
    self.transition = transition
    self.carouselsStartWithTable = carouselsStartWithTable
    generation += 1
    for rowID in transition.carousels.keys { carouselStarts[rowID] = .some(nil) }
  }

  /// Starts the carousel of `rowID` at `now` (a carousel started by its own
  /// data holder, later than the table).
  mutating func startCarousel(_ rowID: String, at now: UInt64) {
    guard isWaiting(forCarousel: rowID) else { return }
    carouselStarts[rowID] = now
    carouselsToStart.remove(rowID)
  }

  /// Ends any transition at once: the next frame is the plain layout.
  mutating func finish() {
    if let old = transition.take() { retired.append(old) }
    hasTableEnded = false
    carouselsToStart = []
    start = nil
    lastFrame = nil
    carouselStarts = [:]
    completedCarousels = []
  }

  /// What ended during one `advance(to:)`.
  struct Events: Hashable, Sendable {
    /// The table's own animation (inserts, deletes, moves) ended.
    var tableEnded = false
    /// These carousels' animations ended.
    var carouselsEnded: [String] = []
    /// The whole batch ended: the table and every carousel.
    var batchEnded = false
  }

  /// Whether the table's own animation has ended and been reported.
  private(set) var hasTableEnded = false

  /// Moves time to `now`: starts the clock on a new transition, and reports
  /// the table's animation, each carousel and the whole batch as they end
  /// (each once).
  mutating func advance(to now: UInt64) -> Events {
    var events = Events()
    guard let transition else { return events }
    if start == nil { start = now }
    if carouselsStartWithTable {
      for (rowID, started) in carouselStarts where started == nil { carouselStarts[rowID] = now }
    }
    for rowID in carouselsToStart where isWaiting(forCarousel: rowID) {
      carouselStarts[rowID] = now
    }
    carouselsToStart = []
    let duration = configuration.effectiveDuration
    for (rowID, started) in carouselStarts.sorted(by: { $0.key < $1.key }) {
      if let started, !completedCarousels.contains(rowID),
        Easing.progress(start: started, duration: duration, now: now) >= 1
      {
        completedCarousels.insert(rowID)
        events.carouselsEnded.append(rowID)
      }
    }
    if !hasTableEnded && Easing.progress(start: start ?? now, duration: duration, now: now) >= 1 {
      hasTableEnded = true
      events.tableEnded = true
    }
    if hasTableEnded && completedCarousels.count == transition.carousels.count {
      finish()
      events.batchEnded = true
    }
    return events
  }

  /// Whether the carousel of `rowID` was handed a reload and has not started.
  func isWaiting(forCarousel rowID: String) -> Bool {
    carouselStarts[rowID] == .some(nil) && !completedCarousels.contains(rowID)
  }

  /// Whether the carousel of `rowID` was handed a reload and has not ended:
  /// waiting, or animating.
  func isRunning(carousel rowID: String) -> Bool {
    carouselStarts[rowID] != nil && !completedCarousels.contains(rowID)
  }

  /// Has the carousel of `rowID` replay `delta`, its holder's.
  mutating func resolveCarousel(_ rowID: String, with delta: IndexDelta) {
    transition?.resolveCarousel(rowID, with: delta)
  }

  /// Starts the carousel of `rowID` with the next frame (its holder delivered
  /// its batch between frames).
  mutating func startCarouselAtNextFrame(_ rowID: String) {
    guard isWaiting(forCarousel: rowID) else { return }
    carouselsToStart.insert(rowID)
  }

  /// Ends the carousel of `rowID` at once (its holder reloaded instead of animating).
  mutating func completeCarousel(_ rowID: String) {
    guard carouselStarts[rowID] != nil else { return }
    completedCarousels.insert(rowID)
  }

  /// The table's linear progress at `now` (0 before the first frame).
  func tableProgress(at now: UInt64) -> Double {
    guard let start else { return 0 }
    return Easing.progress(start: start, duration: configuration.effectiveDuration, now: now)
  }

  /// The eased progress of the table's last frame drawn: where what is on
  /// screen stands (nil when no frame of the transition was drawn yet).
  var progressOnScreen: Double? {
    guard transition != nil, let lastFrame else { return nil }
    return Easing.inOut(tableProgress(at: lastFrame))
  }

  /// A carousel's linear progress at `now` (0 until it starts, 1 once complete).
  func carouselProgress(_ rowID: String, at now: UInt64) -> Double {
    if completedCarousels.contains(rowID) { return 1 }
    guard let started = carouselStarts[rowID], let started else { return 0 }
    return Easing.progress(start: started, duration: configuration.effectiveDuration, now: now)
  }

  /// Records that a frame was shown at `now` (one that drew no scene, such as
  /// the too-small message), so the next deadline is a frame later.
  mutating func noteFrame(at now: UInt64) {
    if transition != nil { lastFrame = now }
  }

  /// The frame's scene at `now`, or nil when nothing moves.
  mutating func scene(at now: UInt64) -> Scene? {
    guard let transition else { return nil }
    lastFrame = now
    let table = Easing.inOut(tableProgress(at: now))
    return transition.scene(at: table) { Easing.inOut(self.carouselProgress($0, at: now)) }
  }

  /// When the next frame is due, or nil when nothing moves: a frame interval
  /// after the last frame, or the end of the animation if that comes first.
  func nextFrameDeadline(now: UInt64) -> UInt64? {
    guard transition != nil else { return nil }
    guard let start, let lastFrame else { return now }
    let duration = configuration.effectiveDuration
    var end = start + duration
    for started in carouselStarts.values {
      guard let started else { return max(now, lastFrame + frameInterval) }
      end = max(end, started + duration)
    }
    return max(now, min(lastFrame + frameInterval, max(end, lastFrame + 1)))
  }
}

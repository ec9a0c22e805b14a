/// A live, thread-safe list of items for one section of a view: hand it new
/// snapshots from any thread, at any rate, and it drives the view through
/// animated batches, one at a time, in order.
///
/// - Reads (`items`, `count`, `isEmpty`, the subscript) return what the view has
///   been told: during an animation, the data the screen shows.
/// - `update(_:completion:)` queues a snapshot. While a batch animates, newer
///   snapshots wait in a single slot and only current -> newest is diffed; the
///   completion of every update fires exactly once, in submission order, also
///   for a snapshot that a newer one replaced.
/// - Deltas are computed on the holder's own queue and checked by replaying
///   them on the current data; the view is called on the main actor. A delta that
///   fails the check, or one over a threshold, reaches the view as `reloadData()`.
/// - With no view, or one the verification delegate rejects, updates take the
///   same queue and the newest data wins.
///
/// Completions run on the main actor when the update reached a view, and on the
/// holder's queue otherwise.
public final class CollectionData<Element: Identifiable & Equatable & Sendable>: Sendable {
  private let pipeline: LivePipeline<ItemsModel<Element>>

  /// Creates a holder of `items` for section `section` of its view, timing the
  /// manual-reload watchdog with `clock`.
  public init(
    _ items: [Element] = [], section: Int = 0, clock: any CollectionDataClock = DispatchClock()
  ) {
    pipeline = LivePipeline(items, section: section, clock: clock)
    pipeline.setOwner(self)
  }

  /// The section of the view these items fill; passed to every batch.
  public var section: Int { pipeline.section }

  // MARK: - Reading

  /// The items the view has been told about.
  public var items: [Element] { pipeline.current }

  /// The number of items the view has been told about.
  public var count: Int { pipeline.current.count }

  /// Whether the view has been told about no items.
  public var isEmpty: Bool { pipeline.current.isEmpty }

  /// The item at `index` of the data the view has been told about.
  ///
  /// - Precondition: `index` is in `0..<count`.
  public subscript(index: Int) -> Element {
    let items = pipeline.current
    guard items.indices.contains(index) else {
      fatalError("CollectionData: index \(index) out of 0..<\(items.count)")
    }
    return items[index]
  }

  /// Whether no update is being applied or waiting to be.
  public var isIdle: Bool { pipeline.isIdle }

  // MARK: - Updating

  /// Queues `items` as the new data; `completion` runs once they are committed
  /// (or once a newer snapshot that replaced them is).
  public func update(_ items: [Element], completion: (@Sendable () -> Void)? = nil) {
    pipeline.submit({ _ in items }, completion: completion)
  }

  /// Queues `items` as the new data, with `delta`, the change from the newest
  /// data submitted before them (a sectioned holder's view hands a row its
  /// own changes so), which the holder need not diff. `completion` runs once
  /// they are committed (or once a newer snapshot that replaced them is).
  ///
  /// The delta is still replayed before a view sees it; one that does not
  /// turn the current items into `items` is reported as `.rejectedDelta` and
  /// the items are diffed instead, as `update(_:)` does. Updates that
  /// coalesce are diffed, current -> newest.
  ///
  /// - Complexity: O(*n* + `delta.changeCount`) on the holder's queue to
  ///   check the delta, for *n* items, instead of a diff.
  public func update(
    _ items: [Element], delta: IndexDelta, completion: (@Sendable () -> Void)? = nil
  ) {
    pipeline.submit({ _ in items }, delta: delta, completion: completion)
  }

  /// Queues the newest submitted data with `items` added at the end.
  public func append(_ items: [Element], completion: (@Sendable () -> Void)? = nil) {
    pipeline.submit({ $0 + items }, completion: completion)
  }

  // MARK: - Awaiting an update

  // Named apart from `update(_:completion:)`: an `async` overload of the same
  // name would be chosen in every async context, breaking fire-and-forget calls.

  /// `update(_:completion:)`, returning once the view has the new items
  /// (the batch committed, or reloaded).
  public func updateAndWait(_ items: [Element]) async {
    await withCheckedContinuation { done in update(items) { done.resume() } }
  }

  /// `append(_:completion:)`, returning once the view has the new items.
  public func appendAndWait(_ items: [Element]) async {
    await withCheckedContinuation { done in append(items) { done.resume() } }
  }

  /// The delta from the current data to `items`, with no view and no update.
  ///
  /// - Complexity: That of `IndexDelta(from:to:)`.
  public func calculateDelta(_ items: [Element]) -> IndexDelta {
    IndexDelta(from: pipeline.current, to: items)
  }

  // MARK: - View and delegates

  /// The view that animates the batches, called on the main actor; held weakly.
  @MainActor public var view: (any DeltaUpdatableView)? {
    get { pipeline.view as? any DeltaUpdatableView }
    set { pipeline.view = newValue }
  }

  /// Redraws reloaded items itself (nested carousels); held weakly.
  @MainActor public var manualReloadDelegate: (any CollectionDataManualReloadDelegate)? {
    get { pipeline.manualReloadDelegate }
    set { pipeline.manualReloadDelegate = newValue }
  }

  /// Says whether a reusable view still shows this data; held weakly.
  @MainActor public var verificationDelegate: (any CollectionDataReusableViewVerificationDelegate)?
  {
    get { pipeline.verificationDelegate }
    set { pipeline.verificationDelegate = newValue }
  }

  /// Hears when batches begin, commit and complete; held weakly.
  @MainActor public var animationDelegate: (any CollectionDataAnimationDelegate)? {
    get { pipeline.animationDelegate }
    set { pipeline.animationDelegate = newValue }
  }

  /// Hears about calculations and issues (duplicates, invalid deltas, manual
  /// reload mistakes), on whichever thread they happen; held weakly.
  public var calculationDelegate: (any CollectionDataCalculationDelegate)? {
    get { pipeline.state.withLock { $0.calculationDelegate } }
    set { pipeline.state.withLock { $0.calculationDelegate = newValue } }
  }

  /// Called with each issue the holder reports (duplicates, rejected deltas,
  /// manual reload mistakes), on whichever thread it happens, as
  /// `calculationDelegate` hears of it: a closure needs no delegate class.
  /// Held strongly, unlike the delegate.
  public var onIssue: (@Sendable (CollectionDataIssue) -> Void)? {
    get { pipeline.state.withLock { $0.issueHandler } }
    set { pipeline.state.withLock { $0.issueHandler = newValue } }
  }

  /// Groups this holder's batches with other holders' that share the view.
  public var synchronizer: CollectionDataSynchronizer? {
    get { pipeline.state.withLock { $0.synchronizer } }
    set { pipeline.state.withLock { $0.synchronizer = newValue } }
  }

  // MARK: - Thresholds

  /// Above this many items (before or after), the view gets `reloadData()`
  /// instead of an animated batch, and no delta is computed. Default 10,000.
  public var dataCountThreshold: Int {
    get { pipeline.state.withLock { $0.settings.dataCountThreshold } }
    set { pipeline.state.withLock { $0.settings.dataCountThreshold = newValue } }
  }

  /// Above this many changes in one delta, the view gets `reloadData()` instead
  /// of an animated batch. Default 1,000.
  public var changeCountThreshold: Int {
    get { pipeline.state.withLock { $0.settings.changeCountThreshold } }
    set { pipeline.state.withLock { $0.settings.changeCountThreshold = newValue } }
  }

  /// How long a manual reload may take before the watchdog completes it. Default 1 s.
  public var manualReloadTimeout: Duration {
    get { pipeline.state.withLock { $0.settings.manualReloadTimeout } }
    set { pipeline.state.withLock { $0.settings.manualReloadTimeout = newValue } }
  }
  /// How long a view may keep a batch without calling its `completion()`
  /// before the holder reports `CollectionDataIssue.batchTimedOut(after:)`,
  /// commits the batch's data, gives the view `reloadData()` and goes on
  /// with the next update; nil waits for ever. Default 10 s.
  public var batchTimeout: Duration? {
    get { pipeline.state.withLock { $0.settings.batchTimeout } }
    set { pipeline.state.withLock { $0.settings.batchTimeout = newValue } }
  }
}

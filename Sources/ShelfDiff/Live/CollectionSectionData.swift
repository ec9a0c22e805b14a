/// A live, thread-safe array of sections for a sectioned view (rows grouped in
/// sections, items that move between sections), with the same pipeline and
/// guarantees as `CollectionData`: any-thread updates applied in order, one batch
/// in flight, only current -> newest diffed, every completion exactly once, reads
/// that match the screen, replay-checked deltas, and `reloadData()` for anything
/// the view should not animate.
///
/// Its view is a `SectionDeltaUpdatableView`, which gets one `SectionDelta` per
/// batch: section changes first, then item changes. Manual reloads are offered per
/// reloaded item (`ItemPath`s in old and new).
///
/// Completions run on the main actor when the update reached a view, and on the
/// holder's queue otherwise.
public final class CollectionSectionData<Section: DiffableSection & Sendable>: Sendable {
  private let pipeline: LivePipeline<SectionsModel<Section>>

  /// Creates a holder of `sections`, timing the manual-reload watchdog with `clock`.
  public init(_ sections: [Section] = [], clock: any CollectionDataClock = DispatchClock()) {
    pipeline = LivePipeline(sections, section: 0, clock: clock)
    pipeline.setOwner(self)
  }

  // MARK: - Reading

  /// The sections the view has been told about.
  public var sections: [Section] { pipeline.current }

  /// The sections the view has been told about: use `sections`, which names
  /// them for what they are (this holder's elements are sections, not items).
  @available(*, deprecated, renamed: "sections")
  public var items: [Section] { sections }

  /// The number of sections the view has been told about.
  public var count: Int { pipeline.current.count }

  /// Whether the view has been told about no sections.
  public var isEmpty: Bool { pipeline.current.isEmpty }

  /// The total number of items in the sections the view has been told about.
  public var itemCount: Int { pipeline.current.reduce(0) { $0 + $1.items.count } }

  /// The section at `index` of the data the view has been told about.
  ///
  /// - Precondition: `index` is in `0..<count`.
  public subscript(index: Int) -> Section {
    let sections = pipeline.current
    guard sections.indices.contains(index) else {
      fatalError("CollectionSectionData: section \(index) out of 0..<\(sections.count)")
    }
    return sections[index]
  }

  /// The item at `path` of the data the view has been told about.
  ///
  /// - Precondition: `path` names an item of the current data.
  public subscript(path: ItemPath) -> Section.Item {
    let sections = pipeline.current
    guard
      sections.indices.contains(path.section)
        && sections[path.section].items.indices.contains(path.item)
    else { fatalError("CollectionSectionData: item \(path) out of range") }
    return sections[path.section].items[path.item]
  }

  /// Whether no update is being applied or waiting to be.
  public var isIdle: Bool { pipeline.isIdle }

  /// How many updates the holder diffed itself, and how many supplied deltas
  /// it rejected (tests check that a chain's deltas spare it the diff).
  package var calculationCounts: (diffs: Int, rejectedDeltas: Int) {
    let counts = pipeline.state.withLock { $0.counts }
    return (counts.diffs, counts.rejectedDeltas)
  }

  // MARK: - Updating

  /// Queues `sections` as the new data; `completion` runs once they are committed
  /// (or once a newer snapshot that replaced them is).
  public func update(_ sections: [Section], completion: (@Sendable () -> Void)? = nil) {
    pipeline.submit({ _ in sections }, completion: completion)
  }

  /// Queues `sections` as the new data, with `delta`, the change from the newest
  /// data submitted before them: the output of a delta-producing source, such as
  /// a ShelfChain chain, that the holder need not diff. `completion` runs once
  /// they are committed (or once a newer snapshot that replaced them is).
  ///
  /// The delta is still replayed before a view sees it; one that does not turn
  /// the current sections into `sections` is reported as `.rejectedDelta` and
  /// the sections are diffed instead, as `update(_:)` does. A supplied delta
  /// skips the `dataCountThreshold` (there is nothing to diff) but not the
  /// `changeCountThreshold`. When updates coalesce (a newer one arrives while
  /// this one waits), the holder diffs current -> newest, since the deltas no
  /// longer start from the current sections.
  ///
  /// - Complexity: O(*n* + `delta.changeCount`) on the holder's queue to check
  ///   the delta, for *n* sections and items, instead of a diff.
  public func update(
    _ sections: [Section], delta: SectionDelta, completion: (@Sendable () -> Void)? = nil
  ) {
    // The check is built here, where `Section` is the caller's own type: a
    // client's release build specialises it (the pipeline's generic path
    // would run it through value witnesses, a copy per item it reads).
    pipeline.submit(
      { _ in sections }, delta: delta,
      check: { current in delta.replays(current, into: sections) }, completion: completion)
  }

  /// Queues the newest submitted data with `sections` added at the end.
  public func append(_ sections: [Section], completion: (@Sendable () -> Void)? = nil) {
    pipeline.submit({ $0 + sections }, completion: completion)
  }

  // MARK: - Awaiting an update

  // Named apart from `update(_:completion:)`: an `async` overload of the same
  // name would be chosen in every async context, breaking fire-and-forget calls.

  /// `update(_:completion:)`, returning once the view has the new sections
  /// (the batch committed, or reloaded).
  public func updateAndWait(_ sections: [Section]) async {
    await withCheckedContinuation { done in update(sections) { done.resume() } }
  }

  /// `update(_:delta:completion:)`, returning once the view has the new sections.
  public func updateAndWait(_ sections: [Section], delta: SectionDelta) async {
    await withCheckedContinuation { done in update(sections, delta: delta) { done.resume() } }
  }

  /// `append(_:completion:)`, returning once the view has the new sections.
  public func appendAndWait(_ sections: [Section]) async {
    await withCheckedContinuation { done in append(sections) { done.resume() } }
  }

  /// The delta from the current data to `sections`, with no view and no update.
  ///
  /// - Complexity: That of `SectionDelta(from:to:)`.
  public func calculateDelta(_ sections: [Section]) -> SectionDelta {
    SectionDelta(from: pipeline.current, to: sections)
  }

  // MARK: - View and delegates

  /// The view that animates the batches, called on the main actor; held weakly.
  @MainActor public var view: (any SectionDeltaUpdatableView)? {
    get { pipeline.view as? any SectionDeltaUpdatableView }
    set { pipeline.view = newValue }
  }

  /// Redraws reloaded items itself (rows that are carousels); held weakly.
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

  /// Above this many sections plus items (before or after; sections alone
  /// when `diffsSectionBySection`), the view gets `reloadData()` instead of
  /// an animated batch, and no delta is computed. Default 10,000.
  public var dataCountThreshold: Int {
    get { pipeline.state.withLock { $0.settings.dataCountThreshold } }
    set { pipeline.state.withLock { $0.settings.dataCountThreshold = newValue } }
  }

  /// Whether the holder's own diff (of an update without a delta, or whose
  /// delta did not replay) goes a level at a time, as
  /// `SectionDelta(sectionBySectionFrom:to:)`: items matched within their
  /// section only, an item that changes section deleted from one and
  /// inserted into the other. The `dataCountThreshold` then counts sections,
  /// not items: each section's items are diffed on their own, and only where
  /// they differ. Default false: items matched across all sections.
  public var diffsSectionBySection: Bool {
    get { pipeline.state.withLock { $0.settings.delta != nil && !$0.settings.leavesItemsUndiffed } }
    set {
      let diff: @Sendable ([Section], [Section]) -> SectionDelta = { old, new in
        SectionDelta(sectionBySectionFrom: old, to: new)
      }
      let count: @Sendable ([Section]) -> Int = { sections in sections.count }
      pipeline.state.withLock {
        $0.settings.delta = newValue ? diff : nil
        $0.settings.dataCount = newValue ? count : nil
        $0.settings.leavesItemsUndiffed = false
      }
    }
  }

  /// Whether the holder's own diff stops at the sections
  /// (`diffSectionsOnly(with:)`): each surviving section whose items differ
  /// is listed in the delta's `undiffedSections`, for the view to diff when
  /// it needs that section's items (a table, the rows it shows), and the
  /// `dataCountThreshold` counts sections. Default false.
  public var leavesItemsUndiffed: Bool {
    pipeline.state.withLock { $0.settings.leavesItemsUndiffed }
  }

  /// Makes the holder's own diff (of an update without a delta, or whose
  /// delta did not replay) `diff`, which stops at the sections, as
  /// `SectionDelta(sectionsFrom:to:)` does (`leavesItemsUndiffed`); the
  /// `dataCountThreshold` then counts sections. Pass
  /// `{ SectionDelta(sectionsFrom: $0, to: $1) }` from where `Section` is a
  /// concrete type: the diff compares every surviving section's items, which
  /// is several times faster specialised than through this generic holder.
  public func diffSectionsOnly(
    with diff: @escaping @Sendable ([Section], [Section]) -> SectionDelta
  ) {
    let count: @Sendable ([Section]) -> Int = { sections in sections.count }
    pipeline.state.withLock {
      $0.settings.delta = diff
      $0.settings.dataCount = count
      $0.settings.leavesItemsUndiffed = true
    }
  }

  /// Above this many section and item changes in one delta, the view gets
  /// `reloadData()` instead of an animated batch. Default 1,000.
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

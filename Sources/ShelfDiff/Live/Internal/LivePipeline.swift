import Dispatch

/// What the live pipeline needs to know about one shape of data: how to diff it,
/// check a delta, and hand a batch to the matching kind of view.
protocol LiveDataModel: SendableMetatype {
  associatedtype Snapshot: Sendable
  associatedtype Delta: Sendable

  static func delta(from old: Snapshot, to new: Snapshot) -> Delta
  /// Whether replaying `delta` on `old` (with `new`'s content) gives exactly `new`.
  static func isReplayable(_ delta: Delta, from old: Snapshot, to new: Snapshot) -> Bool
  /// The number of things a view would lay out, for the data-count threshold.
  static func dataCount(of snapshot: Snapshot) -> Int
  static func changeCount(of delta: Delta) -> Int
  static func isEmpty(_ delta: Delta) -> Bool
  /// Problems with the data found while diffing (repeated ids).
  static func issues(in delta: Delta) -> [CollectionDataIssue]
  static func describe(_ delta: Delta, from old: Snapshot, to new: Snapshot) -> String
  static func reloads(in delta: Delta, section: Int) -> [ItemPathPair]
  static func removingReloads(_ handled: Set<ItemPathPair>, from delta: Delta, section: Int)
    -> Delta
  @MainActor static func performBatchUpdates(
    on view: AnyObject, delta: Delta, section: Int, updateData: @escaping () -> Void,
    completion: @escaping () -> Void)
  @MainActor static func reloadData(on view: AnyObject)
}

/// The engine room shared by `CollectionData` and `CollectionSectionData`.
///
/// Updates enter under a lock: the first starts a cycle, later ones wait in a
/// single pending slot, where a newer snapshot replaces an older one and their
/// completions pile up in order. A cycle diffs current -> target on the holder's
/// serial queue, then (with a view) hops to the main queue, where the view gets
/// the batch; the cycle ends when the batch has completed, which fires its
/// completions and starts the pending update, if any. `current`, what every read
/// returns, changes only at a batch's commit point.
final class LivePipeline<Model: LiveDataModel>: Sendable {
  struct Update: Sendable {
    var snapshot: Model.Snapshot
    var completions: [@Sendable () -> Void]
    /// A delta from the snapshot before this one, supplied by the caller; checked
    /// by replay before use. Nil once coalescing has skipped that snapshot.
    var delta: Model.Delta? = nil
    /// The replay check of `delta` against the current snapshot, built where
    /// the holder's element types are concrete (the caller's module
    /// specialises it); nil to use the model's generic check.
    var check: (@Sendable (Model.Snapshot) -> Bool)? = nil
    /// The snapshot `delta` starts from, while this update waits: should a
    /// newer update replace it, its delta is checked against it all the same.
    var base: Model.Snapshot? = nil
  }

  /// A supplied delta whose update a newer one replaced before it ran: still
  /// checked, so that every wrong delta is counted and reported.
  struct SkippedDelta: Sendable {
    var delta: Model.Delta
    var old: Model.Snapshot
    var new: Model.Snapshot
    var check: (@Sendable (Model.Snapshot) -> Bool)?
  }

  /// A computed delta and what to do with it on the main actor.
  struct Plan: Sendable {
    var update: Update
    /// Nil when the data was over the data-count threshold and was not diffed.
    var delta: Model.Delta?
    /// Valid and within the thresholds: the view may animate it.
    var isAnimatable = false
    var isEmpty = false
  }

  struct Settings: Sendable {
    var dataCountThreshold = 10_000
    var changeCountThreshold = 1_000
    var manualReloadTimeout: Duration = .seconds(1)
    /// How long a view may keep a batch before the holder reloads it and goes on.
    var batchTimeout: Duration? = .seconds(10)
    /// The holder's own diff, when it is not the model's.
    var delta: (@Sendable (Model.Snapshot, Model.Snapshot) -> Model.Delta)?
    /// What the data-count threshold counts, when it is not the model's count.
    var dataCount: (@Sendable (Model.Snapshot) -> Int)?
    /// Whether `delta` leaves items undiffed (`CollectionSectionData.leavesItemsUndiffed`).
    var leavesItemsUndiffed = false
  }

  struct State {
    var current: Model.Snapshot
    /// The newest snapshot submitted: what `append` appends to.
    var latest: Model.Snapshot
    var pending: Update?
    var isRunning = false
    /// Whether a view was set; a stale `true` after the view went away only costs
    /// a hop to the main queue, which then finds no view.
    var hasView = false
    weak var owner: (AnyObject & Sendable)?
    weak var calculationDelegate: (any CollectionDataCalculationDelegate)?
    /// Hears of each issue, as `calculationDelegate` does; held strongly.
    var issueHandler: (@Sendable (CollectionDataIssue) -> Void)?
    var synchronizer: CollectionDataSynchronizer?
    var settings = Settings()
    /// How many updates were diffed (none was supplied, or it was rejected,
    /// or coalescing dropped it), and how many supplied deltas were rejected.
    var counts = Counts()
  }

  /// What tests count: the diffs the holder computed, the deltas it refused.
  struct Counts: Sendable {
    var diffs = 0
    var rejectedDeltas = 0
  }

  /// A batch at the view, from `performBatchUpdates` to completion.
  @MainActor final class Batch {
    let id: Int
    let update: Update
    let handedOver: [ItemPath]
    var hasViewReturned = false
    var isCommitted = false
    var isViewComplete = false
    var isHandedOver = false
    var tracker: ManualReloadTracker?

    init(id: Int, update: Update, handedOver: [ItemPath]) {
      self.id = id
      self.update = update
      self.handedOver = handedOver
    }
  }

  let section: Int
  let clock: any CollectionDataClock
  let state: Locked<State>
  private let queue: DispatchQueue

  @MainActor weak var view: AnyObject? {
    didSet {
      let hasView = view != nil
      state.withLock { $0.hasView = hasView }
    }
  }
  @MainActor weak var manualReloadDelegate: (any CollectionDataManualReloadDelegate)?
  @MainActor weak var verificationDelegate: (any CollectionDataReusableViewVerificationDelegate)?
  @MainActor weak var animationDelegate: (any CollectionDataAnimationDelegate)?
  @MainActor private var batch: Batch?
  @MainActor private var lastBatchID = 0
  /// Batches the watchdog ended whose view has not completed them: their
  /// late callbacks are expected, not repeated.
  @MainActor private var expiredBatchIDs: Set<Int> = []

  init(_ snapshot: Model.Snapshot, section: Int, clock: any CollectionDataClock) {
    self.section = section
    self.clock = clock
    state = Locked(State(current: snapshot, latest: snapshot))
    queue = DispatchQueue(label: "ShelfDiff.CollectionData", qos: .userInitiated)
  }

  /// The holder that delegates hear from.
  func setOwner(_ owner: AnyObject & Sendable) {
    state.withLock { $0.owner = owner }
  }

  var current: Model.Snapshot { state.withLock { $0.current } }

  /// Whether no update is being applied or waiting.
  var isIdle: Bool { state.withLock { !$0.isRunning } }

  // MARK: - Submitting

  /// Queues the snapshot that `makeSnapshot` builds from the newest submitted one;
  /// `delta`, if given, says how the newest submitted snapshot becomes it.
  /// `check`, if given, is that delta's replay check, run on the holder's
  /// queue against the current snapshot in place of the model's.
  func submit(
    _ makeSnapshot: (Model.Snapshot) -> Model.Snapshot, delta: Model.Delta? = nil,
    check: (@Sendable (Model.Snapshot) -> Bool)? = nil, completion: (@Sendable () -> Void)?
  ) {
    var skipped: [SkippedDelta] = []
    let start: Update? = state.withLock { state in
      let base = state.latest
      let snapshot = makeSnapshot(base)
      state.latest = snapshot
      let completions = completion.map { [$0] } ?? []
      // The delta starts from `latest`, which is what `current` will be when this
      // update runs, unless it replaces a pending one: that one's snapshot is
      // skipped, so its delta and this one no longer start from `current`.
      guard !state.isRunning else {
        if state.pending == nil {
          state.pending = Update(
            snapshot: snapshot, completions: completions, delta: delta, check: check,
            base: delta == nil ? nil : base)
        } else {
          if let pending = state.pending, let given = pending.delta, let old = pending.base {
            skipped.append(
              SkippedDelta(delta: given, old: old, new: pending.snapshot, check: pending.check))
          }
          if let delta {
            skipped.append(SkippedDelta(delta: delta, old: base, new: snapshot, check: check))
          }
          state.pending!.base = nil
          state.pending!.snapshot = snapshot
          state.pending!.completions += completions
          state.pending!.delta = nil
          state.pending!.check = nil
        }
        return nil
      }
      state.isRunning = true
      return Update(snapshot: snapshot, completions: completions, delta: delta, check: check)
    }
    if !skipped.isEmpty {
      queue.async { [skipped] in
        for skip in skipped {
          _ = self.accept(skip.delta, from: skip.old, to: skip.new, check: skip.check)
        }
      }
    }
    if let start { queue.async { self.run(start) } }
  }

  // MARK: - Calculating, on the holder's queue

  /// The holder's name in `PathCounters`.
  private static var stepName: String {
    Model.Delta.self == IndexDelta.self ? "item holder" : "section holder"
  }

  private func run(_ update: Update) {
    let (old, settings) = state.withLock { ($0.current, $0.settings) }
    let new = update.snapshot
    var plan = Plan(update: update)
    let limit = settings.dataCountThreshold
    let dataCount = settings.dataCount ?? { Model.dataCount(of: $0) }
    if let given = update.delta, accept(given, from: old, to: new, check: update.check) {
      // Checked by replay, so it needs no diff and no data-count threshold.
      plan.delta = given
      plan.isEmpty = Model.isEmpty(given)
      plan.isAnimatable = Model.changeCount(of: given) <= settings.changeCountThreshold
    } else if dataCount(old) <= limit && dataCount(new) <= limit {
      let (delegate, owner) = state.withLock { ($0.calculationDelegate, $0.owner) }
      if let delegate, let owner { delegate.collectionDataDidBeginCalculating(owner) }
      state.withLock { $0.counts.diffs += 1 }
      PathCounters.noteDiff(Self.stepName)
      let delta = settings.delta?(old, new) ?? Model.delta(from: old, to: new)
      let isValid = Model.isReplayable(delta, from: old, to: new)
      if let delegate, let owner { delegate.collectionDataDidEndCalculating(owner) }
      for issue in Model.issues(in: delta) { report(issue) }
      if !isValid { report(.invalidDelta(Model.describe(delta, from: old, to: new))) }
      plan.delta = delta
      plan.isEmpty = Model.isEmpty(delta)
      plan.isAnimatable = isValid && Model.changeCount(of: delta) <= settings.changeCountThreshold
    }
    // Without a view, commit here; deciding under the lock that the view setter
    // takes means a view set meanwhile gets the batch instead of missing the change.
    let isCommittedWithoutView = state.withLock { state in
      guard !state.hasView else { return false }
      state.current = new
      return true
    }
    if isCommittedWithoutView {
      // The old snapshot is released after the completions have fired: with
      // a million items, letting it go costs a millisecond nobody waits for.
      withExtendedLifetime(old) { finish(update) }
    } else {
      PathCounters.noteHop(Self.stepName)
      DispatchQueue.main.async {
        MainActor.assumeIsolated { self.deliver(plan) }
      }
    }
  }

  /// Whether a supplied delta replays `old` into `new` (by `check`, when the
  /// caller gave one); reports it when not.
  private func accept(
    _ delta: Model.Delta, from old: Model.Snapshot, to new: Model.Snapshot,
    check: (@Sendable (Model.Snapshot) -> Bool)?
  ) -> Bool {
    let (delegate, owner) = state.withLock { ($0.calculationDelegate, $0.owner) }
    if let delegate, let owner { delegate.collectionDataDidBeginCalculating(owner) }
    let isValid = check?(old) ?? Model.isReplayable(delta, from: old, to: new)
    if let delegate, let owner { delegate.collectionDataDidEndCalculating(owner) }
    if !isValid {
      state.withLock { $0.counts.rejectedDeltas += 1 }
      report(.rejectedDelta(Model.describe(delta, from: old, to: new)))
    }
    return isValid
  }

  private func report(_ issue: CollectionDataIssue) {
    let (delegate, owner, handler) = state.withLock {
      ($0.calculationDelegate, $0.owner, $0.issueHandler)
    }
    if let delegate, let owner { delegate.collectionData(owner, didReport: issue) }
    handler?(issue)
  }

  // MARK: - Driving the view, on the main actor

  @MainActor private func deliver(_ plan: Plan) {
    if let synchronizer = state.withLock({ $0.synchronizer }) {
      synchronizer.enqueue(section: section) { [self] in perform(plan) }
    } else {
      perform(plan)
    }
  }

  @MainActor private func perform(_ plan: Plan) {
    let update = plan.update
    guard let view, verificationDelegate?.isDataSourceValid(for: view) ?? true else {
      commit(update.snapshot)
      finish(update)
      return
    }
    guard let delta = plan.delta, plan.isAnimatable else {
      commit(update.snapshot)
      Model.reloadData(on: view)
      finish(update)
      return
    }
    guard !plan.isEmpty else {
      commit(update.snapshot)
      finish(update)
      return
    }
    lastBatchID += 1
    let id = lastBatchID
    if let owner = state.withLock({ $0.owner }) {
      animationDelegate?.collectionDataWillBeginBatch(owner)
    }
    var handed: [ItemPathPair] = []
    if let manual = manualReloadDelegate {
      handed = Model.reloads(in: delta, section: section).filter { manual.willHandleReload(at: $0) }
    }
    let viewDelta =
      handed.isEmpty ? delta : Model.removingReloads(Set(handed), from: delta, section: section)
    let batch = Batch(id: id, update: update, handedOver: handed.map(\.target))
    self.batch = batch
    if let timeout = state.withLock({ $0.settings.batchTimeout }) {
      clock.schedule(after: timeout) { [weak self] in self?.batchDidTimeOut(id, after: timeout) }
    }
    // A view that goes away mid-batch drops its callbacks without calling them;
    // when the last one is released, the guard ends the batch so the holder goes on.
    let dropGuard = CallbackDropGuard { [self] in
      DispatchQueue.main.async {
        MainActor.assumeIsolated { self.batchViewDidComplete(id, isDrop: true) }
      }
    }
    Model.performBatchUpdates(
      on: view, delta: viewDelta, section: section,
      updateData: { [self, dropGuard] in
        _ = dropGuard
        batchDidCommit(id)
      },
      completion: { [self, dropGuard] in
        _ = dropGuard
        batchViewDidComplete(id)
      })
    batch.hasViewReturned = true
    if batch.isCommitted { handOver(batch) }
  }

  @MainActor private func batchDidCommit(_ id: Int) {
    guard !expiredBatchIDs.contains(id) else { return }
    guard let batch, batch.id == id, !batch.isCommitted else {
      report(.repeatedBatchCallback)
      return
    }
    batch.isCommitted = true
    commit(batch.update.snapshot)
    if let owner = state.withLock({ $0.owner }) {
      animationDelegate?.collectionDataDidCommitBatch(owner)
    }
    if batch.hasViewReturned { handOver(batch) }
  }

  /// The view's animation ended, or (`isDrop`) the view released the batch's
  /// callbacks, which ends it if the view had not.
  @MainActor private func batchViewDidComplete(_ id: Int, isDrop: Bool = false) {
    guard expiredBatchIDs.remove(id) == nil else { return }
    guard let batch, batch.id == id, !batch.isViewComplete else {
      if !isDrop { report(.repeatedBatchCallback) }
      return
    }
    batch.isViewComplete = true
    if !batch.isCommitted { batchDidCommit(id) }
    finishIfDone(id)
  }

  /// The watchdog: a view that kept the batch `timeout` without completing it
  /// is reported, and the holder commits the batch's data, reloads the view
  /// and goes on; the view's late callbacks for it are ignored.
  @MainActor private func batchDidTimeOut(_ id: Int, after timeout: Duration) {
    guard let batch, batch.id == id, !batch.isViewComplete else { return }
    report(.batchTimedOut(after: timeout))
    expiredBatchIDs.insert(id)
    if !batch.isCommitted {
      batch.isCommitted = true
      commit(batch.update.snapshot)
    }
    batch.isViewComplete = true
    batch.isHandedOver = true
    batch.tracker = nil
    if let view { Model.reloadData(on: view) }
    finishIfDone(id)
  }

  /// Hands the accepted reloads to the manual-reload delegate, once the view has
  /// both committed the batch and returned from `performBatchUpdates`.
  @MainActor private func handOver(_ batch: Batch) {
    guard !batch.isHandedOver else { return }
    batch.isHandedOver = true
    let id = batch.id
    if !batch.handedOver.isEmpty, let manual = manualReloadDelegate {
      let tracker = ManualReloadTracker(
        paths: batch.handedOver,
        report: { [self] issue in report(issue) },
        onAllComplete: { [self] in finishIfDone(id) })
      batch.tracker = tracker
      let timeout = state.withLock { $0.settings.manualReloadTimeout }
      clock.schedule(after: timeout) { [weak tracker] in tracker?.expire() }
      manual.reloadItems(
        at: batch.handedOver, indexPathCompletion: { [tracker] path in tracker.complete(path) })
    }
    finishIfDone(id)
  }

  @MainActor private func finishIfDone(_ id: Int) {
    guard let batch, batch.id == id, batch.isCommitted, batch.isViewComplete,
      batch.isHandedOver, batch.tracker?.isDone ?? true
    else { return }
    self.batch = nil
    if let owner = state.withLock({ $0.owner }) {
      animationDelegate?.collectionDataDidCompleteBatch(owner)
    }
    finish(batch.update)
  }

  // MARK: - Ending a cycle, on either side

  private func commit(_ snapshot: Model.Snapshot) {
    state.withLock { $0.current = snapshot }
  }

  /// Fires the update's completions, then starts the pending update or goes idle.
  private func finish(_ update: Update) {
    for completion in update.completions { completion() }
    let next: Update? = state.withLock { state in
      guard let pending = state.pending else {
        state.isRunning = false
        return nil
      }
      state.pending = nil
      return pending
    }
    if let next { queue.async { self.run(next) } }
  }
}

/// Runs an action when released: held by a batch's callbacks, it notices a view
/// that drops them uncalled.
final class CallbackDropGuard: Sendable {
  private let onRelease: @Sendable () -> Void

  init(onRelease: @escaping @Sendable () -> Void) {
    self.onRelease = onRelease
  }

  deinit { onRelease() }
}

/// The manual reloads of one batch: which paths are still out, and the rule
/// that each completes exactly once.
@MainActor final class ManualReloadTracker {
  private var outstanding: Set<ItemPath>
  private var completed: Set<ItemPath> = []
  private let report: @MainActor (CollectionDataIssue) -> Void
  private let onAllComplete: @MainActor () -> Void

  init(
    paths: [ItemPath], report: @escaping @MainActor (CollectionDataIssue) -> Void,
    onAllComplete: @escaping @MainActor () -> Void
  ) {
    outstanding = Set(paths)
    self.report = report
    self.onAllComplete = onAllComplete
  }

  var isDone: Bool { outstanding.isEmpty }

  func complete(_ path: ItemPath) {
    if outstanding.remove(path) != nil {
      completed.insert(path)
      if outstanding.isEmpty { onAllComplete() }
    } else if completed.contains(path) {
      report(.repeatedCompletion(path))
    } else {
      report(.unknownCompletion(path))
    }
  }

  /// Completes every path still out, reporting each: the watchdog fired.
  func expire() {
    guard !outstanding.isEmpty else { return }
    for path in outstanding.sorted() { report(.watchdogCompletion(path)) }
    completed.formUnion(outstanding)
    outstanding = []
    onAllComplete()
  }
}

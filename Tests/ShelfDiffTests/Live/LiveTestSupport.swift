import ShelfDiff
import TestSupport
import Testing

// MARK: - Data

/// An item for the live tests: `id` says which, `version` is its content.
struct Tile: Identifiable, Equatable, Sendable, CustomStringConvertible {
  var id: Int
  var version = 0
  /// Not equal to itself when NaN, like a real model with a missing rating.
  var rating = 0.0

  var description: String { version == 0 ? "\(id)" : "\(id)v\(version)" }
}

/// A section of tiles for the sectioned tests.
struct Strip: DiffableSection, Sendable, CustomStringConvertible {
  var id: Int
  var title = ""
  var items: [Tile]

  func hasSameHeader(as other: Strip) -> Bool { title == other.title }

  var description: String { "\(id)\(items)" }
}

extension Array where Element == Tile {
  /// Tiles with the ids `ids`, all at version 0.
  init(ids: some Sequence<Int>) { self = ids.map { Tile(id: $0) } }
}

/// A random list of tiles: some of `0..<idRange`, shuffled, some with new content.
func randomTiles(idRange: Int, using rng: inout SeededGenerator) -> [Tile] {
  (0..<idRange).filter { _ in Int.random(in: 0..<3, using: &rng) > 0 }
    .shuffled(using: &rng)
    .map { Tile(id: $0, version: Int.random(in: 0..<3, using: &rng)) }
}

/// Random sections of random tiles, every tile id used at most once.
func randomStrips(using rng: inout SeededGenerator) -> [Strip] {
  let ids = (0..<6).filter { _ in Int.random(in: 0..<4, using: &rng) > 0 }.shuffled(using: &rng)
  var strips = ids.map {
    Strip(id: $0, title: Bool.random(using: &rng) ? "a" : "b", items: [])
  }
  guard !strips.isEmpty else { return [] }
  for tile in randomTiles(idRange: 40, using: &rng) {
    strips[Int.random(in: 0..<strips.count, using: &rng)].items.append(tile)
  }
  return strips
}

// MARK: - Recording views

/// What both recording views keep: the failures they found, the batches and
/// reloads they saw, the animations they hold, and the tests waiting for them.
@MainActor class BatchRecorder<Delta> {
  private(set) var failures: [String] = []
  private(set) var batches: [Delta] = []
  private(set) var reloadCount = 0
  private var held: [() -> Void] = []
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  /// Completes each batch inside `performBatchUpdates` instead of holding it.
  var completesImmediately = false
  /// Whether a replayed item must equal the new one, content too; false when a
  /// manual-reload delegate redraws reloaded items.
  var comparesContent = true

  /// Views and reloads seen so far.
  var eventCount: Int { batches.count + reloadCount }
  /// Batches waiting for `completeBatch()`.
  var heldCount: Int { held.count }

  /// Ends the oldest held batch's animation.
  func completeBatch() {
    guard !held.isEmpty else { return fail("no batch to complete") }
    held.removeFirst()()
  }

  /// Waits until the view has seen `count` batches and reloads in all.
  func waitForEvents(_ count: Int) async {
    if eventCount >= count { return }
    await withCheckedContinuation { waiters.append((count, $0)) }
  }

  /// Logs a batch the view has taken in, and runs or holds its completion.
  func record(_ delta: Delta, completion: @escaping () -> Void) {
    batches.append(delta)
    if completesImmediately { completion() } else { held.append(completion) }
    wakeWaiters()
  }

  /// Logs a `reloadData()`, which must not come while a batch animates.
  func recordReload() {
    if !held.isEmpty { fail("reloadData while a batch was animating") }
    reloadCount += 1
    wakeWaiters()
  }

  func fail(_ message: String) { failures.append(message) }

  private func wakeWaiters() {
    let ready = waiters.filter { $0.count <= eventCount }
    waiters.removeAll { $0.count <= eventCount }
    for waiter in ready { waiter.continuation.resume() }
  }
}

/// A view that checks every batch the way a strict list view would, keeping its
/// own mirror of the data: the holder's reads match the mirror until
/// `updateData()`; the delta fits (counts add up, no index out of range or
/// repeated); the mirror replayed with the delta equals the holder's new data.
@MainActor final class RecordingView: BatchRecorder<IndexDelta>, DeltaUpdatableView {
  let holder: CollectionData<Tile>
  private(set) var mirror: [Tile]
  /// Calls `updateData()` inside `performBatchUpdates` (as a list view does); when
  /// false, the test calls `commitHeldBatch()`.
  var commitsImmediately = true
  private var heldCommit: (() -> Void)?
  private var heldDelta: IndexDelta?

  init(_ holder: CollectionData<Tile>) {
    self.holder = holder
    // These tests hold batches on purpose, for as long as a loaded machine
    // takes: the watchdog (BatchWatchdogConcurrencyTests, on a manual clock)
    // would end them after its 10 s and the test would read its own batch gone.
    holder.batchTimeout = nil
    mirror = holder.items
    super.init()
    holder.view = self
  }

  func performBatchUpdates(
    _ delta: IndexDelta, section: Int, updateData: @escaping () -> Void,
    completion: @escaping () -> Void
  ) {
    if section != holder.section { fail("batch for section \(section)") }
    if heldCount > 0 || heldCommit != nil { fail("a batch arrived while another was animating") }
    if holder.items != mirror { fail("reads before the commit point do not match the screen") }
    if commitsImmediately {
      updateData()
      check(delta)
    } else {
      heldCommit = updateData
      heldDelta = delta
    }
    record(delta, completion: completion)
  }

  func reloadData() {
    mirror = holder.items
    recordReload()
  }

  /// Calls the held batch's `updateData()` and checks it.
  func commitHeldBatch() {
    guard let commit = heldCommit, let delta = heldDelta else { return fail("nothing to commit") }
    heldCommit = nil
    heldDelta = nil
    commit()
    check(delta)
  }

  private func check(_ delta: IndexDelta) {
    let new = holder.items
    guard delta.isValid(oldCount: mirror.count, newCount: new.count),
      mirror.count + delta.insertions.count - delta.deletions.count == new.count
    else {
      fail("\(delta) does not fit \(mirror.count) -> \(new.count) items")
      mirror = new
      return
    }
    let replayed = delta.applied(to: mirror, with: new)
    let matches = comparesContent ? replayed == new : replayed.map(\.id) == new.map(\.id)
    if !matches { fail("\(mirror) replayed with \(delta) is \(replayed), not \(new)") }
    mirror = new
  }
}

/// The sectioned twin of `RecordingView`.
@MainActor
final class RecordingSectionView: BatchRecorder<SectionDelta>,
  SectionDeltaUpdatableView
{
  let holder: CollectionSectionData<Strip>
  private(set) var mirror: [Strip]

  init(_ holder: CollectionSectionData<Strip>) {
    self.holder = holder
    // These tests hold batches on purpose, for as long as a loaded machine
    // takes: the watchdog (BatchWatchdogConcurrencyTests, on a manual clock)
    // would end them after its 10 s and the test would read its own batch gone.
    holder.batchTimeout = nil
    mirror = holder.sections
    super.init()
    holder.view = self
  }

  func performBatchUpdates(
    _ delta: SectionDelta, updateData: @escaping () -> Void, completion: @escaping () -> Void
  ) {
    if heldCount > 0 { fail("a batch arrived while another was animating") }
    if holder.sections != mirror { fail("reads before the commit point do not match the screen") }
    updateData()
    check(delta)
    record(delta, completion: completion)
  }

  func reloadData() {
    mirror = holder.sections
    recordReload()
  }

  private func check(_ delta: SectionDelta) {
    let new = holder.sections
    let oldCounts = mirror.map(\.items.count)
    let newCounts = new.map(\.items.count)
    guard delta.isValid(oldItemCounts: oldCounts, newItemCounts: newCounts),
      mirror.count + delta.sections.insertions.count - delta.sections.deletions.count == new.count
    else {
      fail("\(delta) does not fit \(oldCounts) -> \(newCounts)")
      mirror = new
      return
    }
    let replayed = delta.applied(to: mirror, with: new)
    let ids = replayed.sections.map(\.id) == new.map(\.id)
    let titles = replayed.sections.map(\.title) == new.map(\.title)
    let items =
      comparesContent
      ? replayed.items == new.map(\.items)
      : replayed.items.map { $0.map(\.id) } == new.map { $0.items.map(\.id) }
    if !(ids && titles && items) { fail("\(mirror) replayed with \(delta) is not \(new)") }
    mirror = new
  }
}

// MARK: - Delegates and logs

/// Records what a holder reports, from any thread.
final class IssueRecorder: CollectionDataCalculationDelegate {
  private let log = Locked<(issues: [CollectionDataIssue], began: Int, ended: Int)>(([], 0, 0))

  var issues: [CollectionDataIssue] { log.withLock { $0.issues } }
  var calculations: (began: Int, ended: Int) { log.withLock { ($0.began, $0.ended) } }

  func collectionDataDidBeginCalculating(_ collectionData: AnyObject) {
    log.withLock { $0.began += 1 }
  }

  func collectionDataDidEndCalculating(_ collectionData: AnyObject) {
    log.withLock { $0.ended += 1 }
  }

  func collectionData(_ collectionData: AnyObject, didReport issue: CollectionDataIssue) {
    log.withLock { $0.issues.append(issue) }
  }
}

/// Which update completions fired, in order, from any thread.
final class CompletionLog: Sendable {
  private let fired = Locked<[Int]>([])

  /// The numbers of the completions that fired, in firing order.
  var numbers: [Int] { fired.withLock { $0 } }

  /// A completion that logs `number` when it fires.
  func completion(_ number: Int) -> @Sendable () -> Void {
    { self.fired.withLock { $0.append(number) } }
  }
}

/// Submits `items` and waits for the update's completion.
func updateAndWait(_ holder: CollectionData<Tile>, _ items: [Tile]) async {
  await withCheckedContinuation { continuation in
    holder.update(items) { continuation.resume() }
  }
}

/// Submits `sections` and waits for the update's completion.
func updateAndWait(_ holder: CollectionSectionData<Strip>, _ sections: [Strip]) async {
  await withCheckedContinuation { continuation in
    holder.update(sections) { continuation.resume() }
  }
}

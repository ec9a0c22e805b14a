import Dispatch
import Foundation  // Thread: submitters block on semaphores, which Dispatch's pool must not do
import ShelfDiff
import TestSupport
import Testing

/// Numbers submissions in the order the holder sees them (the holder is called
/// under this lock) and tracks the snapshot that must win.
private final class Submitter<Snapshot: Sendable>: Sendable {
  private let state: Locked<(count: Int, latest: Snapshot, finishedThreads: Int)>
  let log = CompletionLog()

  init(initial: Snapshot) { state = Locked((0, initial, 0)) }

  /// Calls `body` with the submission's completion and the newest snapshot; it
  /// submits to the holder and returns the snapshot it submitted. One time in
  /// `waitOneIn`, waits for the completion, so that submissions spread over many
  /// batches instead of all coalescing into a few.
  func submit(
    waitOneIn: Int, using rng: inout SeededGenerator,
    _ body: (@escaping @Sendable () -> Void, Snapshot) -> Snapshot
  ) {
    let waits = Int.random(in: 0..<waitOneIn, using: &rng) == 0
    let done = DispatchSemaphore(value: 0)
    state.withLock { state in
      let logged = log.completion(state.count)
      state.latest = body(
        {
          logged()
          done.signal()
        }, state.latest)
      state.count += 1
    }
    if waits { done.wait() }
  }

  func threadFinished() { state.withLock { $0.finishedThreads += 1 } }

  var latest: Snapshot { state.withLock { $0.latest } }
  var count: Int { state.withLock { $0.count } }
  var finishedThreads: Int { state.withLock { $0.finishedThreads } }
}

/// Starts `threads` submitter threads of their own (not Dispatch workers, which
/// must not block), each with its own seed.
private func startThreads(
  _ threads: Int, seed: UInt64, _ body: @escaping @Sendable (inout SeededGenerator) -> Void
) {
  for thread in 0..<threads {
    Thread {
      var rng = SeededGenerator(seed: seed &* 1_000 &+ UInt64(thread))
      body(&rng)
    }.start()
  }
}

/// A manual-reload delegate that takes some reloads and completes them when the
/// test says, sometimes twice.
@MainActor private final class RandomReloadDelegate: CollectionDataManualReloadDelegate {
  private var rng: SeededGenerator
  private var outstanding: [(path: ItemPath, completion: @MainActor @Sendable (ItemPath) -> Void)] =
    []
  private(set) var handedOver = 0

  init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

  var outstandingCount: Int { outstanding.count }

  func willHandleReload(at pair: ItemPathPair) -> Bool { Bool.random(using: &rng) }

  func reloadItems(
    at itemPaths: [ItemPath], indexPathCompletion: @escaping @MainActor @Sendable (ItemPath) -> Void
  ) {
    handedOver += itemPaths.count
    outstanding += itemPaths.map { ($0, indexPathCompletion) }
  }

  /// Completes a random outstanding reload (and now and then completes it again).
  func completeOne() {
    guard !outstanding.isEmpty else { return }
    let (path, completion) = outstanding.remove(
      at: Int.random(in: 0..<outstanding.count, using: &rng))
    completion(path)
    if Int.random(in: 0..<8, using: &rng) == 0 { completion(path) }
  }
}

/// The limit guards against a hang, not for speed: alone a test takes
/// seconds, but beside the whole unit run on two cores its main-queue
/// completions wait behind other tests' main-actor work.
@Suite(.timeLimit(.minutes(5))) struct LiveStressConcurrencyTests {
  static let threads = 8
  static let perThread = 250

  @MainActor @Test(arguments: [1, 2] as [UInt64])
  func manyThreadsAndRandomlyTimedBatchesNeverLoseReorderOrTearAnUpdate(seed: UInt64) async {
    let holder = CollectionData([Tile](ids: 0..<20))
    let view = RecordingView(holder)
    let submitter = Submitter(initial: holder.items)
    startThreads(Self.threads, seed: seed) { rng in
      for _ in 0..<Self.perThread {
        let tiles = randomTiles(idRange: 40, using: &rng)
        let appends = Int.random(in: 0..<5, using: &rng) == 0
        submitter.submit(waitOneIn: 4, using: &rng) { completion, latest in
          guard appends else {
            holder.update(tiles, completion: completion)
            return tiles
          }
          let extra = [Tile(id: 1_000 + latest.count)]
          holder.append(extra, completion: completion)
          return latest + extra
        }
      }
      submitter.threadFinished()
    }
    let total = Self.threads * Self.perThread
    var rng = SeededGenerator(seed: seed)
    var tornReads = 0
    let settled = await eventually {
      if holder.items != view.mirror { tornReads += 1 }
      if view.heldCount > 0 && Int.random(in: 0..<3, using: &rng) == 0 { view.completeBatch() }
      view.completesImmediately = Int.random(in: 0..<4, using: &rng) == 0
      return submitter.finishedThreads == Self.threads && submitter.log.numbers.count == total
        && view.heldCount == 0 && holder.isIdle
    }
    #expect(settled)
    #expect(submitter.log.numbers == Array(0..<total))
    #expect(holder.items == submitter.latest && view.mirror == holder.items)
    #expect(view.failures.isEmpty, "\(view.failures.prefix(3))")
    #expect(tornReads == 0)
    #expect(view.batches.count > 1 && view.batches.count < total)
  }

  @Test(arguments: [3] as [UInt64])
  func manyThreadsWithoutAViewNeverLoseOrReorderAnUpdate(seed: UInt64) async {
    let holder = CollectionData<Tile>()
    let submitter = Submitter(initial: [Tile]())
    startThreads(Self.threads, seed: seed) { rng in
      for _ in 0..<Self.perThread {
        let tiles = randomTiles(idRange: 40, using: &rng)
        submitter.submit(waitOneIn: 4, using: &rng) { completion, _ in
          holder.update(tiles, completion: completion)
          return tiles
        }
      }
      submitter.threadFinished()
    }
    let total = Self.threads * Self.perThread
    let settled = await eventually {
      submitter.log.numbers.count == total && holder.isIdle
    }
    #expect(settled)
    #expect(submitter.log.numbers == Array(0..<total))
    #expect(holder.items == submitter.latest)
  }

  @MainActor @Test(arguments: [false, true])
  func sectionedDataUnderManyThreadsStaysConsistent(withManualReloads: Bool) async {
    let seed: UInt64 = withManualReloads ? 5 : 4
    let holder = CollectionSectionData<Strip>(clock: ManualClock())  // no watchdog
    let view = RecordingSectionView(holder)
    let delegate = RandomReloadDelegate(seed: seed)
    if withManualReloads {
      holder.manualReloadDelegate = delegate
      view.comparesContent = false
    }
    let recorder = IssueRecorder()
    holder.calculationDelegate = recorder
    let submitter = Submitter(initial: [Strip]())
    startThreads(Self.threads, seed: seed) { rng in
      for _ in 0..<Self.perThread {
        let strips = randomStrips(using: &rng)
        submitter.submit(waitOneIn: 4, using: &rng) { completion, _ in
          holder.update(strips, completion: completion)
          return strips
        }
      }
      submitter.threadFinished()
    }
    let total = Self.threads * Self.perThread
    var rng = SeededGenerator(seed: seed)
    var tornReads = 0
    // The main queue's turns are what this waits on: every fourth submission
    // waits for its batch, which a turn completes (one time in three), and
    // manual reloads wait for turns too. At the default pause of up to 20 ms
    // between turns the 2,000 updates took 35 s (a minute and more under the
    // thread sanitizer, the longest test of `make tsan`); at 2 ms, 4 s.
    let settled = await eventually(longestPause: .milliseconds(2)) {
      if holder.sections != view.mirror { tornReads += 1 }
      if view.heldCount > 0 && Int.random(in: 0..<3, using: &rng) == 0 { view.completeBatch() }
      if Int.random(in: 0..<2, using: &rng) == 0 { delegate.completeOne() }
      view.completesImmediately = Int.random(in: 0..<4, using: &rng) == 0
      return submitter.finishedThreads == Self.threads && submitter.log.numbers.count == total
        && view.heldCount == 0 && holder.isIdle
    }
    #expect(settled)
    #expect(submitter.log.numbers == Array(0..<total))
    #expect(holder.sections == submitter.latest && view.mirror == holder.sections)
    #expect(view.failures.isEmpty, "\(view.failures.prefix(3))")
    #expect(tornReads == 0)
    #expect(delegate.outstandingCount == 0)
    #expect(withManualReloads == (delegate.handedOver > 0))
    // Only repeated completions (from `completeOne`) may be reported.
    #expect(
      recorder.issues.allSatisfy {
        if case .repeatedCompletion = $0 { true } else { false }
      })
  }
}

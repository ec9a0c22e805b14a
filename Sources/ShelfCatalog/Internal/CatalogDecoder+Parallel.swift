import Dispatch
import ShelfDiff
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Decoding rows on several threads

extension CatalogDecoder {
  /// Decodes the catalog as `catalog()` does, with its rows decoded on up to
  /// `threads` threads: one pass skims the document, decoding all but the row
  /// objects, which it steps over by their brackets alone, noting where each
  /// starts and ends; the other threads decode (and so check) the rows as
  /// the skim finds them, and the skimming thread joins them once it is
  /// done; then the rows are put in place. A large catalog is mostly rows,
  /// so this divides most of the work, and the skim does not hold up the
  /// other threads.
  ///
  /// Anything wrong, anywhere (a row that does not decode, or does not end
  /// where the skim found its end), and the whole document is decoded again
  /// the ordinary way, so a bad catalog fails with exactly `catalog()`'s error.
  ///
  /// - Complexity: O(*n*) for *n* bytes, about 1/`threads` of it per thread
  ///   plus the skim.
  mutating func catalogInParallel(threads: Int) throws(ParseFailure) -> Catalog {
    guard threads > 1 else { return try decodedAgain() }
    WorkerPriority.yieldToInteractive()  // the skim runs here, on the caller's thread
    let handOff = RowHandOff(
      bytes: scanner.bytes, limits: limits, reuse: reuse,
      recordsFingerprints: recordsFingerprints)
    let group = DispatchGroup()
    for _ in 1..<threads {
      DispatchQueue.global(qos: .userInitiated).async(group: group) {
        WorkerPriority.yieldToInteractive()
        handOff.decodeRows()
      }
    }
    deferredRows = []
    rowHandOff = handOff
    let skimmed = try? catalog()
    rowHandOff = nil
    if skimmed == nil { handOff.hasFailed.store(true, ordering: .relaxed) }
    handOff.finishSkim()
    handOff.decodeRows()
    group.wait()
    guard var skeleton = skimmed, let starts = deferredRows,
      let (rows, fingerprints) = handOff.rows(count: starts.count)
    else { return try decodedAgain() }
    deferredRows = nil
    var next = 0
    for s in skeleton.sections.indices {
      for r in skeleton.sections[s].rows.indices {
        guard next < rows.count else { return try decodedAgain() }
        skeleton.sections[s].rows[r] = rows[next]
        next += 1
      }
    }
    guard next == rows.count else { return try decodedAgain() }
    decodedRowsInParallel = true
    decodedFingerprints = fingerprints
    reusedCardCount = handOff.reusedCardCount.load(ordering: .relaxed)
    return skeleton
  }

  /// `catalog()` from the first byte again, in a fresh decoder.
  private mutating func decodedAgain() throws(ParseFailure) -> Catalog {
    var fresh = CatalogDecoder(bytes: scanner.bytes, limits: limits)
    fresh.reuse = reuse
    fresh.recordsFingerprints = recordsFingerprints
    self = fresh
    return try catalog()
  }
}

/// The rows a skim has found so far, handed to the threads that decode them
/// meanwhile: the skim publishes each row's start as it steps over the row,
/// and each decoding thread takes the next row no thread has taken, waiting
/// for the skim to find it if need be.
final class RowHandOff: @unchecked Sendable {
  // Unchecked: `bytes` is read-only while the rows are decoded, and outlives
  // the decoding (`catalogInParallel` waits for every thread).
  private let bytes: UnsafeBufferPointer<UInt8>
  private let limits: CatalogLimits
  private let reuse: CardReuse?
  private let recordsFingerprints: Bool

  private struct Found {
    var starts: [CatalogDecoder.RowStart] = []
    var isComplete = false
  }

  // `Locked`, not `Mutex`: the thread sanitizer sees its semaphore (see `Locked`).
  private let found = Locked(Found())
  /// The number of the next row to take.
  private let nextRow = Atomic(0)
  /// Whether the skim or a row failed: the rows are of no use.
  let hasFailed = Atomic(false)
  /// How many cards the threads took from `reuse`.
  let reusedCardCount = Atomic(0)
  /// Each thread's decoded rows: their numbers, rows and prints.
  private let decoded = Locked<[[(Int, Row, [CardPrint])]]>([])

  init(
    bytes: UnsafeBufferPointer<UInt8>, limits: CatalogLimits, reuse: CardReuse?,
    recordsFingerprints: Bool
  ) {
    self.bytes = bytes
    self.limits = limits
    self.reuse = reuse
    self.recordsFingerprints = recordsFingerprints
  }

  /// The skim found a row starting at `start`.
  func publish(_ start: CatalogDecoder.RowStart) {
    found.withLock { $0.starts.append(start) }
  }

  /// The skim has found every row (or failed).
  func finishSkim() {
    found.withLock { $0.isComplete = true }
  }

  /// Decodes rows on the calling thread until none is left to take.
  func decodeRows() {
    var decoder = CatalogDecoder(bytes: bytes, limits: limits)
    decoder.reuse = reuse
    decoder.recordsFingerprints = recordsFingerprints
    var rows: [(Int, Row, [CardPrint])] = []
    while let (k, start) = take() {
      decoder.scanner.position = start.offset
      decoder.scanner.depth = start.depth
      decoder.rowOrdinal = k
      guard let row = try? decoder.row(), decoder.scanner.position == start.end else {
        hasFailed.store(true, ordering: .relaxed)
        break
      }
      rows.append((k, row, decoder.lastRowFingerprints))
    }
    reusedCardCount.add(decoder.reusedCardCount, ordering: .relaxed)
    decoded.withLock { $0.append(rows) }
  }

  /// The next row to decode, its number and start, once the skim has found
  /// it; nil when the skim ended without it, or anything failed.
  private func take() -> (Int, CatalogDecoder.RowStart)? {
    let k = nextRow.wrappingAdd(1, ordering: .relaxed).oldValue
    var waits = 0
    while !hasFailed.load(ordering: .relaxed) {
      let (start, isComplete) = found.withLock { found in
        (k < found.starts.count ? found.starts[k] : nil, found.isComplete)
      }
      if let start { return (k, start) }
      if isComplete { return nil }
      // Decoding a row takes longer than skimming one: the skim is rarely
      // far ahead of a waiting thread.
      waits += 1
      if waits < 100 { sched_yield() } else { usleep(50) }
    }
    return nil
  }

  /// The `count` rows decoded, in order, with their cards' prints (none
  /// unless recorded); nil if any failed or is missing.
  func rows(count: Int) -> ([Row], [[CardPrint]])? {
    guard !hasFailed.load(ordering: .relaxed) else { return nil }
    var slots = [(Row, [CardPrint])?](repeating: nil, count: count)
    for run in decoded.withLock({ $0 }) {
      for (k, row, prints) in run where k < count { slots[k] = (row, prints) }
    }
    var rows: [Row] = []
    var fingerprints: [[CardPrint]] = []
    rows.reserveCapacity(count)
    if recordsFingerprints { fingerprints.reserveCapacity(count) }
    for slot in slots {
      guard let (row, prints) = slot else { return nil }
      rows.append(row)
      if recordsFingerprints { fingerprints.append(prints) }
    }
    return (rows, fingerprints)
  }
}

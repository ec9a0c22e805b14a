import Dispatch
import Synchronization

// MARK: - Decoding rows on several threads

extension CatalogDecoder {
  /// Decodes the catalog as `catalog()` does, with its rows decoded on up to
  /// `threads` threads: one pass skims the document, decoding all but the row
  /// objects, which it steps over by their brackets alone, noting where each
  /// starts and ends; then the rows are decoded (and so checked) concurrently
  /// and put in place. A large catalog is mostly rows, so this divides most of
  /// the work.
  ///
  /// Anything wrong, anywhere (a row that does not decode, or does not end
  /// where the skim found its end), and the whole document is decoded again
  /// the ordinary way, so a bad catalog fails with exactly `catalog()`'s error.
  ///
  /// - Complexity: O(*n*) for *n* bytes, about 1/`threads` of it per thread
  ///   plus the skim.
  mutating func catalogInParallel(threads: Int) throws(ParseFailure) -> Catalog {
    deferredRows = []
    guard var skeleton = try? catalog(), let starts = deferredRows, threads > 1 else {
      return try decodedAgain()
    }
    deferredRows = nil
    let reused = Atomic(0)
    guard
      let (rows, fingerprints) = Self.rows(
        at: starts, in: scanner.bytes, limits: limits, threads: threads, reuse: reuse,
        recordsFingerprints: recordsFingerprints, reused: reused)
    else { return try decodedAgain() }
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
    reusedCardCount = reused.load(ordering: .relaxed)
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

  /// The rows starting at `starts`, decoded in contiguous runs spread over
  /// `threads` threads, with their cards' fingerprints (empty unless
  /// `recordsFingerprints`); nil if any of them fails to decode.
  private static func rows(
    at starts: [RowStart], in bytes: UnsafeBufferPointer<UInt8>, limits: CatalogLimits,
    threads: Int, reuse: CardReuse?, recordsFingerprints: Bool, reused: borrowing Atomic<Int>
  ) -> ([Row], [[CardPrint]])? {
    let count = starts.count
    guard count > 0 else { return ([], []) }
    let results = UnsafeMutableBufferPointer<(Row, [CardPrint])?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
      _ = results.deinitialize()
      results.deallocate()
    }
    let shared = SharedBuffers(bytes: bytes, results: results)
    let hasFailed = Atomic(false)
    // Several runs per thread even out rows of different sizes.
    let runs = min(count, threads * 8)
    DispatchQueue.concurrentPerform(iterations: runs) { run in
      let range = (count * run / runs)..<(count * (run + 1) / runs)
      var decoder = CatalogDecoder(bytes: shared.bytes, limits: limits)
      decoder.reuse = reuse
      decoder.recordsFingerprints = recordsFingerprints
      defer { reused.add(decoder.reusedCardCount, ordering: .relaxed) }
      for k in range {
        if hasFailed.load(ordering: .relaxed) { return }
        decoder.scanner.position = starts[k].offset
        decoder.scanner.depth = starts[k].depth
        decoder.rowOrdinal = k
        guard let row = try? decoder.row(), decoder.scanner.position == starts[k].end else {
          hasFailed.store(true, ordering: .relaxed)
          return
        }
        shared.results[k] = (row, decoder.lastRowFingerprints)
      }
    }
    guard !hasFailed.load(ordering: .relaxed) else { return nil }
    var rows: [Row] = []
    var fingerprints: [[CardPrint]] = []
    rows.reserveCapacity(count)
    if recordsFingerprints { fingerprints.reserveCapacity(count) }
    for k in 0..<count {
      guard let (row, rowFingerprints) = results[k] else { return nil }
      rows.append(row)
      if recordsFingerprints { fingerprints.append(rowFingerprints) }
    }
    return (rows, fingerprints)
  }
}

/// The input and the result slots, shared by the decoding threads: each
/// thread reads the bytes and writes only the slots of its own rows.
private struct SharedBuffers: @unchecked Sendable {
  let bytes: UnsafeBufferPointer<UInt8>
  let results: UnsafeMutableBufferPointer<(Row, [CardPrint])?>
}

import Dispatch
import ShelfCatalog
import ShelfContentMapping
import ShelfDiff
import ShelfUI
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One source's new version, converted (and diffed) off the main queue.
struct SourceUpdate: Sendable {
  /// The source's content, namespaced.
  var content: ShelfContent
  /// The change of the rows of cards from the version before, `version - 1`,
  /// to `content.rows` (row moves, and the rows whose cards changed, named
  /// but not diffed: `SectionDelta.undiffedSections`); nil when the
  /// converter does not diff.
  var delta: SectionDelta?
  /// The number of this version: the source's first content is 0, and each
  /// version delivered is one more than the one before it.
  var version: Int
}

/// Turns catalogs into screen content on a serial background queue, so a
/// million-card snapshot never holds up a key on the main queue: catalogs are
/// converted in the order they arrive, one overtaken by a newer before it is
/// done is skipped, and old snapshots are freed on the background queue too.
///
/// Given the rows the source starts with, it also diffs each new version
/// against the version delivered before it, there, once, by rows (a row
/// whose cards changed is named, not diffed): the delta then flows through
/// the app's chain to the table's holder, which replays it in O(rows), and
/// a changed row's cards are diffed once, by the table, only if the row
/// shows. Whether a version is delivered is decided on the
/// queue, before it becomes the base of the next diff, and every version
/// decided on is delivered, in order: so each delta starts from the sections
/// the source's store holds when it arrives.
final class ContentConverter: Sendable {
  /// The version the next one is diffed against: the last delivered.
  private struct Base: Sendable {
    var rows: [CarouselRow]
    var version: Int
    /// The revision of each of the catalog's rows, by section and row, when
    /// the catalog came with them (`convert(_:revisions:namespace:deliver:)`).
    var revisions: RowRevisions?
    /// How many rows each of the catalog's sections had, empty ones too:
    /// where `rows` are by section and row, as `revisions` counts them.
    var rowCounts: [Int] = []

    /// `rows` in the catalog's sections (no ids or titles: only the rows
    /// are read), by the same section and row as `revisions`.
    ///
    /// - Complexity: O(rows + sections).
    var rowsBySection: [ShelfSection] {
      var start = 0
      return rowCounts.map { count in
        defer { start += count }
        let end = min(start + count, rows.count)
        return ShelfSection(id: "", title: nil, rows: Array(rows[min(start, end)..<end]))
      }
    }
  }

  private let queue = DispatchQueue(label: "shelf.content", qos: .userInitiated)
  /// The number of the newest catalog handed to `convert`.
  private let newest = Atomic<UInt64>(0)
  /// How many catalogs handed to `convert` are not delivered or dropped yet.
  private let inFlight = Atomic<Int>(0)
  /// What the next version is diffed against; nil for a converter that does
  /// not diff. Used on `queue` only (the mutex makes that checkable).
  private let base: Mutex<Base?>
  /// Called on the queue after each diff, before the check for a newer
  /// catalog (tests hold a conversion there).
  private let didDiff: (@Sendable () -> Void)?
  /// How many cards were converted, over every version (tests read it).
  private let convertedCards = Atomic<Int>(0)

  /// A converter; with `rows`, the source's first content, each version is
  /// diffed against the one before.
  init(diffingFrom rows: [CarouselRow]? = nil, didDiff: (@Sendable () -> Void)? = nil) {
    base = Mutex(rows.map { Base(rows: $0, version: 0) })
    self.didDiff = didDiff
  }

  /// How many cards the versions converted so far took, in all.
  var convertedCardCount: Int { convertedCards.load(ordering: .relaxed) }

  /// Converts `catalog` off the main queue, its ids in `namespace` (one of
  /// several sources), diffs it (when this converter diffs), then calls
  /// `deliver` with the update on the main queue, unless a newer catalog
  /// arrived before it was done.
  ///
  /// With `revisions` (a live source that builds each version from the one
  /// before, such as `--stream --records`: `UpsertingCatalog`), a row whose
  /// revision is the one the version before had at the same place is taken
  /// from that version, not converted again: a version that touches a few
  /// rows costs those rows, here and in each check down the chain, which
  /// finds the rows taken equal byte for byte.
  @MainActor
  func convert(
    _ catalog: Catalog, revisions: RowRevisions? = nil, namespace: SourceNamespace? = nil,
    deliver: @escaping @MainActor @Sendable (SourceUpdate) -> Void
  ) {
    let number = newest.add(1, ordering: .relaxed).newValue
    inFlight.add(1, ordering: .relaxed)
    // Taken out on the queue, so that the queue frees it, once the update is
    // on its way to the main queue: freeing a million cards before the diff
    // would hold up the first frame (and another thread for it would wake
    // an idle app later, as Dispatch retires its workers).
    let snapshot = Parcel(catalog)
    queue.async { [self] in
      var isDelivering = false
      defer { if !isDelivering { inFlight.subtract(1, ordering: .relaxed) } }
      // A newer catalog is queued behind this one: skip it.
      guard newest.load(ordering: .relaxed) == number, let catalog = snapshot.value.take()
      else { return }
      if catalog.cardCount >= ShelfContent.parallelConversionSize {
        WorkerPriority.yieldToInteractive()
      }
      let reused =
        revisions == nil
        ? nil
        : base.withLock { base -> (revisions: RowRevisions, sections: [ShelfSection])? in
          guard let base, let old = base.revisions else { return nil }
          return (old, base.rowsBySection)
        }
      let (content, converted) = ShelfContent.converting(
        catalog, namespace: namespace, revisions: revisions, reusing: reused)
      convertedCards.add(converted, ordering: .relaxed)
      let parcel = Parcel<SourceUpdate>(nil)
      base.withLock { base in
        guard let before = base else {
          parcel.value = SourceUpdate(content: content, delta: nil, version: 0)
          return
        }
        // Rows only: a changed row is named, its cards diffed by the table
        // if and when it shows (`SectionDelta.undiffedSections`).
        let delta = SectionDelta(sectionsFrom: before.rows, to: content.rows)
        PathCounters.noteDiff("converter")
        didDiff?()
        // Overtaken meanwhile: dropped before it becomes the base, so the
        // next version is diffed against what the main queue will hold.
        guard newest.load(ordering: .relaxed) == number else { return }
        // The version before is let go here, not on the main queue.
        base = Base(
          rows: content.rows, version: before.version + 1, revisions: revisions,
          rowCounts: catalog.sections.map(\.rows.count))
        parcel.value = SourceUpdate(
          content: content, delta: delta, version: before.version + 1)
      }
      guard parcel.value != nil else { return }
      isDelivering = true
      PathCounters.noteHop("converter")
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          if let update = parcel.value.take() { deliver(update) }
          self.inFlight.subtract(1, ordering: .relaxed)
        }
      }
      // Freed here, not before the diff.
      withExtendedLifetime(catalog) {}
    }
  }

  /// Whether every catalog handed to `convert` was delivered or dropped
  /// (tests wait for it).
  var isIdle: Bool { inFlight.load(ordering: .relaxed) == 0 }

  /// Frees `value` (a snapshot the main queue no longer needs) on the
  /// background queue, after the conversions queued before it.
  func free<Value: Sendable>(_ value: consuming Value) {
    free(Parcel(consume value))
  }

  /// Empties `parcel` on the background queue. Whichever thread drops the
  /// last reference to a value frees it: the parcel makes that the queue's,
  /// however soon the queue runs.
  private func free<Value: Sendable>(_ parcel: Parcel<Value>) {
    queue.async { [self] in
      parcel.value = nil
      scheduleTrim()
    }
  }

  // MARK: - Returning freed memory

  /// How long after the last value freed here the freed pages are handed
  /// back: by then the other holders of an old version (the chain, the
  /// table's holder, on their own threads) have let go of it too.
  static let trimDelay = DispatchTimeInterval.milliseconds(500)
  /// The trims asked for; one runs when no newer one was asked meanwhile.
  private let trimRequests = Atomic<Int>(0)

  /// Hands the pages of freed memory back to the system, `trimDelay` after
  /// the last call. The C library keeps what was freed for later
  /// allocations, so the million cards of a version let go of on several
  /// threads would otherwise keep the app's resident memory near its peak
  /// after an update (2.85x the still app's, measured); the trim walks the
  /// heap's free space off the main queue.
  private func scheduleTrim() {
    let request = trimRequests.add(1, ordering: .relaxed).newValue
    queue.asyncAfter(deadline: .now() + Self.trimDelay) { [self] in
      guard trimRequests.load(ordering: .relaxed) == request else { return }
      _ = Self.mallocTrim?(0)
    }
  }

  /// glibc's `malloc_trim`, which the Glibc module does not export
  /// (`<malloc.h>`); nil where the C library has none.
  private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
    #if canImport(Glibc)
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else {
        return nil
      }
      return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    #else
      return nil
    #endif
  }()
}

/// A value on its way to another thread, which takes it out.
private final class Parcel<Value: Sendable>: @unchecked Sendable {
  // Unchecked: the sender sets the value before handing the parcel over and
  // never touches it again.
  var value: Value?

  init(_ value: consuming Value?) {
    self.value = consume value
  }
}

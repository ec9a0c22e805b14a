import ShelfDiff

/// The table as the view of the live holders: a `CollectionSectionData` of
/// rows of cards (rows as its sections, cards as their items) drives it, and
/// each row whose cards changed is handed its own changes, which that row's
/// carousel, the view of a `CollectionData` of cards created for rows that
/// show, replays (never a second diff).
@MainActor
final class LiveTable: SectionDeltaUpdatableView, CollectionDataManualReloadDelegate {
  /// Rows of cards: the table's data.
  let data: CollectionSectionData<CarouselRow>
  /// Times the holders' watchdogs.
  let clock: any CollectionDataClock
  /// The carousels of rows that show or just showed, by row id.
  private(set) var carousels: [String: LiveCarousel] = [:]
  /// Where the table's and its carousels' holders report, in order: the view
  /// that draws the table.
  private let send: @MainActor (LiveTableEvent) -> Void
  /// The card reloads the holder handed over for the batch it is about to
  /// commit: the manual-reload delegate hears of them first.
  private var handedReloads: [ItemPathPair] = []
  /// The batches committed so far: a carousel's settling counts for its own.
  private var batch = 0
  /// For each row whose carousel replays the batch's card changes, by row
  /// id: its batch, the batch's completion, and the completions of its
  /// handed-over card reloads, which wait for it to settle.
  private var replaying:
    [String: (batch: Int, completion: BatchCompletion, waiting: [@MainActor () -> Void])] = [:]

  /// How many changed rows the delta only named were handed to their
  /// carousels to diff (`RowCardChanges`): only rows whose carousels showed.
  private(set) var rowCardDiffCount = 0

  /// How many of the deltas' card changes the table read on the main queue
  /// to hand rows their changes (`RowCardChanges`): a search per changed
  /// row and the changes of the rows whose carousels show, not every card
  /// change (the view reads the shown rows' changes once more).
  private(set) var cardChangesRead = 0

  /// How long a carousel may take before the table's watchdog lets its batch go.
  let carouselTimeout: Duration

  /// A table holding `rows`, whose carousels animate for `animationDuration`
  /// milliseconds (the watchdog allows several times that), and whose holders
  /// report every batch to `send`.
  init(
    rows: [CarouselRow], clock: any CollectionDataClock, animationDuration: UInt64,
    send: @escaping @MainActor (LiveTableEvent) -> Void
  ) {
    self.clock = clock
    self.send = send
    carouselTimeout = .milliseconds(max(1000, 4 * Int(min(animationDuration, 60_000))))
    data = CollectionSectionData(rows, clock: clock)
    data.manualReloadTimeout = carouselTimeout
    // Its items are cards: a 1% change of a million is ten thousand card
    // changes, mostly off screen. The table view decides what animates
    // (`largeBatchLimit` counts the visible changes).
    data.changeCountThreshold = .max
    // Diffed without a delta, rows by id only: a changed row's cards are
    // diffed when its carousel shows (`RowCardChanges`), so a million cards
    // are neither matched across rows nor diffed off screen. The data-count
    // threshold counts rows, as it did when the table's items were rows.
    data.diffSectionsOnly { old, new in SectionDelta(sectionsFrom: old, to: new) }
    data.view = self
    data.manualReloadDelegate = self
  }

  /// Queues new rows (from any change: data or filter).
  func submit(_ rows: [CarouselRow]) {
    data.update(rows)
  }

  /// Queues new rows with the delta of rows of cards that makes them from
  /// the last ones queued (the converter's, as the chain translated it); the
  /// holder checks it by replay.
  func submit(_ rows: [CarouselRow], delta: SectionDelta) {
    data.update(rows, delta: delta)
  }

  /// Whether no update is being diffed, animated or waiting, in the table or a carousel.
  var isIdle: Bool { data.isIdle && carousels.values.allSatisfy(\.data.isIdle) }

  /// Makes sure each row the transition animates has a carousel holding the
  /// cards shown before, and lets go of idle carousels of rows that no longer show.
  func prepareCarousels(for transition: TableTransition) {
    for (rowID, carousel) in transition.carousels {
      if let existing = carousels[rowID],
        !existing.data.isIdle || existing.data.items == carousel.oldCards
      {
        continue
      }
      let live = LiveCarousel(rowID: rowID, cards: carousel.oldCards, clock: clock, send: send)
      carousels[rowID] = live
    }
    let after = transition.after
    let showing = Set(
      Layout.visibleRows(of: after.model, state: after.state, size: transition.size).map {
        after.model.rows[$0].id
      })
    for (rowID, carousel) in carousels
    where transition.carousels[rowID] == nil && !showing.contains(rowID) && carousel.data.isIdle {
      carousels[rowID] = nil
    }
  }

  // MARK: - SectionDeltaUpdatableView

  func performBatchUpdates(
    _ delta: SectionDelta, updateData: @escaping () -> Void, completion: @escaping () -> Void
  ) {
    let oldRowCount = data.sections.count
    updateData()
    // The holder took the card reloads it handed over out of `delta`.
    var whole = delta
    if !handedReloads.isEmpty {
      whole.items.reloads += handedReloads.map {
        SectionDelta.Items.Reload(from: $0.source, to: $0.target)
      }
      whole.items.reloads.sort { $0.from < $1.from }
      handedReloads = []
    }
    let rows = data.sections
    // The batch is complete when the table's own animation has ended and
    // every carousel handed its row's changes has settled.
    let batchCompletion = BatchCompletion(completion)
    let changes = RowCardChanges(whole, oldRowCount: oldRowCount, newRowCount: rows.count)
    cardChangesRead += changes.changesRead
    send(.committed(rows, delta: whole, changes: changes, completion: { batchCompletion.done() }))
    batch += 1
    // Each changed row's carousel replays its own card changes, or diffs
    // them on its holder's queue where the delta only named the row (a row
    // with no carousel, off screen, is not diffed: it shows its cards as
    // they are when it comes on screen).
    for t in changes.changedRows {
      let row = rows[t]
      guard let carousel = carousels[row.id] else {
        send(.carouselSettled(rowID: row.id))
        continue
      }
      let rowID = row.id
      let batch = batch
      batchCompletion.wait()
      replaying[rowID]?.completion.done()  // an earlier batch's, overtaken
      replaying[rowID] = (batch, batchCompletion, [])
      let settled: @Sendable () -> Void = { [weak self] in
        // Runs once the carousel's batch has ended (or at once if it had nothing to show).
        Task { @MainActor in self?.carouselDidSettle(rowID, batch: batch) }
      }
      if let cardDelta = changes.told(ofRow: t, read: &cardChangesRead) {
        carousel.data.update(row.cards, delta: cardDelta, completion: settled)
      } else {
        rowCardDiffCount += 1
        carousel.data.update(row.cards, completion: settled)
      }
    }
    // The watchdog: a carousel that never settles does not hold the table.
    clock.schedule(after: carouselTimeout) { batchCompletion.expire() }
  }

  /// The carousel of `rowID` ended its batch `batch`: the table hears it,
  /// and so do the card reloads that waited for it.
  private func carouselDidSettle(_ rowID: String, batch: Int) {
    send(.carouselSettled(rowID: rowID))
    guard let entry = replaying[rowID], entry.batch == batch else { return }
    replaying[rowID] = nil
    for complete in entry.waiting { complete() }
    entry.completion.done()
  }

  func reloadData() {
    handedReloads = []
    send(.reloaded(data.sections))
  }

  // MARK: - CollectionDataManualReloadDelegate

  /// Every changed card is redrawn by its row's carousel (or, off screen, by
  /// nobody): the row's changes go to it together.
  func willHandleReload(at pair: ItemPathPair) -> Bool {
    handedReloads.append(pair)
    return true
  }

  func reloadItems(
    at itemPaths: [ItemPath], indexPathCompletion: @escaping @MainActor @Sendable (ItemPath) -> Void
  ) {
    let rows = data.sections
    for path in itemPaths {
      let rowID = rows[path.section].id
      if replaying[rowID] != nil {
        replaying[rowID]?.waiting.append { indexPathCompletion(path) }
      } else {
        indexPathCompletion(path)
      }
    }
  }
}

/// The table holder's completion of one batch: called once, when the
/// table's own animation has ended and every carousel handed a row of the
/// batch has settled, or when the watchdog expires it.
@MainActor
private final class BatchCompletion {
  /// The table's own animation, and each carousel not settled yet.
  private var outstanding = 1
  private var completion: (() -> Void)?

  init(_ completion: @escaping () -> Void) {
    self.completion = completion
  }

  /// One more carousel to wait for.
  func wait() { outstanding += 1 }

  /// One thing waited for ended.
  func done() {
    outstanding -= 1
    if outstanding <= 0 { expire() }
  }

  /// Completes the batch now, if it was not yet.
  func expire() {
    guard let completion else { return }
    self.completion = nil
    completion()
  }
}

/// One row's carousel as the view of its own `CollectionData` of cards.
@MainActor
final class LiveCarousel: DeltaUpdatableView {
  /// The row.
  let rowID: String
  /// The row's cards as the carousel shows them.
  let data: CollectionData<CardFace>
  /// Where its holder's batches are reported: the table's events.
  private let send: @MainActor (LiveTableEvent) -> Void

  /// A carousel for `rowID` holding `cards`, whose batches go to `send`.
  init(
    rowID: String, cards: [CardFace], clock: any CollectionDataClock,
    send: @escaping @MainActor (LiveTableEvent) -> Void
  ) {
    self.rowID = rowID
    self.send = send
    data = CollectionData(cards, clock: clock)
    data.view = self
  }

  func performBatchUpdates(
    _ delta: IndexDelta, section: Int, updateData: @escaping () -> Void,
    completion: @escaping () -> Void
  ) {
    updateData()
    send(.carouselBegan(rowID: rowID, delta: delta, completion: completion))
  }

  func reloadData() {
    send(.carouselSettled(rowID: rowID))
  }
}

import ShelfDiff

/// The table as the view of the live holders: a `CollectionSectionData` of
/// sections of rows drives it, and every reloaded row is handed to that row's
/// own carousel, the view of a `CollectionData` of cards, created for rows that
/// show.
@MainActor
final class LiveTable: SectionDeltaUpdatableView, CollectionDataManualReloadDelegate {
  /// Sections of rows: the table's data.
  let data: CollectionSectionData<ShelfSection>
  /// Times the holders' watchdogs.
  let clock: any CollectionDataClock
  /// The carousels of rows that show or just showed, by row id.
  private(set) var carousels: [String: LiveCarousel] = [:]
  /// Where the table's and its carousels' holders report, in order: the view
  /// that draws the table.
  private let send: @MainActor (LiveTableEvent) -> Void

  /// How long a carousel may take before the table's watchdog lets its batch go.
  let carouselTimeout: Duration

  /// A table holding `sections`, whose carousels animate for `animationDuration`
  /// milliseconds (the watchdog allows several times that), and whose holders
  /// report every batch to `send`.
  init(
    sections: [ShelfSection], clock: any CollectionDataClock, animationDuration: UInt64,
    send: @escaping @MainActor (LiveTableEvent) -> Void
  ) {
    self.clock = clock
    self.send = send
    carouselTimeout = .milliseconds(max(1000, 4 * Int(min(animationDuration, 60_000))))
    data = CollectionSectionData(sections, clock: clock)
    data.manualReloadTimeout = carouselTimeout
    data.view = self
    data.manualReloadDelegate = self
  }

  /// Queues new sections (from any change: data or filter).
  func submit(_ sections: [ShelfSection]) {
    data.update(sections)
  }

  /// Queues new sections with the delta that makes them from the last ones
  /// queued (the content chain's); the holder checks it by replay.
  func submit(_ sections: [ShelfSection], delta: SectionDelta) {
    data.update(sections, delta: delta)
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
    updateData()
    send(.committed(data.sections, delta: delta, completion: completion))
  }

  func reloadData() {
    send(.reloaded(data.sections))
  }

  // MARK: - CollectionDataManualReloadDelegate

  /// Every changed row is redrawn by its carousel (or, off screen, by nobody).
  func willHandleReload(at pair: ItemPathPair) -> Bool { true }

  func reloadItems(
    at itemPaths: [ItemPath], indexPathCompletion: @escaping @MainActor @Sendable (ItemPath) -> Void
  ) {
    for path in itemPaths {
      let row = data[path]
      let rowID = row.id
      guard let carousel = carousels[rowID] else {
        send(.carouselSettled(rowID: rowID))
        indexPathCompletion(path)
        continue
      }
      carousel.data.update(row.cards) { [send] in
        // Runs once the carousel's batch has ended (or at once if it had nothing to show).
        Task { @MainActor in
          send(.carouselSettled(rowID: rowID))
          indexPathCompletion(path)
        }
      }
    }
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

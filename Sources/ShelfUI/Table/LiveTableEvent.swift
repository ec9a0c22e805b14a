import ShelfDiff

/// What the live holders tell the table view, the one way they reach it.
///
/// For one batch they arrive in this order: `committed` (or `reloaded`, with
/// no animation) from the table's `CollectionSectionData`; then, for each row
/// whose cards changed and whose carousel shows, `carouselBegan` from that
/// row's `CollectionData`; then `carouselSettled` for every changed row, once
/// its carousel has ended (at once for a row with no carousel). The table's
/// batch is complete when its own transition has ended and every changed row
/// has settled.
enum LiveTableEvent {
  /// The table's holder committed `rows` by `delta` (a change of rows of
  /// cards), whose rows' card changes `changes` tells (diffing a row only
  /// when asked); `completion` lets it deliver its next batch, once the
  /// table's own animation has ended.
  case committed(
    _ rows: [CarouselRow], delta: SectionDelta, changes: RowCardChanges, completion: () -> Void)
  /// The table's holder replaced everything by `rows`, without animation.
  case reloaded(_ rows: [CarouselRow])
  /// A row's carousel holder committed its cards by `delta`; `completion`
  /// runs when the carousel's animation has ended.
  case carouselBegan(rowID: String, delta: IndexDelta, completion: () -> Void)
  /// A row's carousel has nothing (more) to animate: its batch ended, its
  /// holder reloaded, or the row has no carousel.
  case carouselSettled(rowID: String)

  /// Lets the holder go on when no view is there to handle the event.
  func completeUnhandled() {
    switch self {
    case .committed(_, _, _, let completion), .carouselBegan(_, _, let completion):
      completion()
    case .reloaded, .carouselSettled: break
    }
  }
}

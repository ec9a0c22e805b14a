import Dispatch
import ShelfDiff

/// The screen's side of the content chain: it asks `ContentWorker` for
/// changes and keeps what the last delivered result said.
@MainActor
final class ContentPath {
  /// Runs the chain.
  private var worker: ContentWorker?
  /// The generation of the newest request.
  private(set) var requested = 0
  /// The generation the last delivered result answers.
  private(set) var delivered = 0
  /// The query whose result the table shows (or is animating towards).
  private(set) var shownQuery = ""
  /// Whether `shownQuery`'s plain words were found as typed.
  private(set) var shownIsExact = false
  /// The cards of the "Best matches" row the table shows (or is animating towards).
  private(set) var bestMatches: [BestMatch] = []
  /// The query last sent to the chain.
  private var requestedQuery = ""
  /// Whether the chain is kept built for a character to come.
  private var isWarm = false
  /// Whether nothing matches `shownQuery`.
  private(set) var isNoMatches = false
  /// The cards opened with Enter, newest first.
  private(set) var recentlyViewed = RecentlyViewed()

  /// Whether a request has not been answered yet.
  var isWaiting: Bool { delivered < requested }
  /// How many table updates the last result held.
  private(set) var lastUpdateCount = 0
  /// Whether the table was last sent the content itself, as set, rather
  /// than what the chain made of it: a delta between contents fits it then.
  private var tableHoldsSource = true

  /// Starts the worker for a table showing `content`; results reach
  /// `screen.receive(_:)` on the main queue (at once, when `isImmediate`).
  func start(with content: ShelfContent, screen: ShelfScreen, isImmediate: Bool) {
    worker = ContentWorker(content: content, mode: isImmediate ? .immediate : .background) {
      [weak screen] result in
      if isImmediate {
        MainActor.assumeIsolated { screen?.receive(result) }
      } else {
        PathCounters.noteHop("content worker")
        DispatchQueue.main.async {
          MainActor.assumeIsolated { screen?.receive(result) }
        }
      }
    }
  }

  /// Whether the worker has nothing to do, silent requests included.
  var isIdle: Bool { worker?.isIdle ?? true }

  /// Whether the rows' search text is made for the newest content the
  /// worker has taken (made a moment after it: `ContentWorker`).
  var isSearchTextReady: Bool { worker?.isSearchTextReady ?? false }

  /// How many contents the chain's root diffed (tests, immediate mode).
  var chainRootDiffCount: Int? { worker?.chainRootDiffCount }

  /// Sends changes to the chain.
  func request(
    content: ShelfContent? = nil, contentDelta: SectionDelta? = nil, query: String? = nil,
    isExact: Bool? = nil, recentlyViewed: [RecentlyViewed.Entry]? = nil
  ) {
    guard let worker else { return }
    if let query { requestedQuery = query }
    let generation = worker.request(
      content: content, contentDelta: contentDelta, query: query, isExact: isExact,
      recentlyViewed: recentlyViewed)
    requested = max(requested, generation)
  }

  /// Keeps the chain built while `isWarm` (the filter prompt is open), so
  /// that the first character only filters: the worker starts building it
  /// now, off the main thread, from the content the table shows.
  func setWarm(_ isWarm: Bool) {
    guard let worker, isWarm != self.isWarm else { return }
    self.isWarm = isWarm
    worker.request(isWarm: isWarm, isSilent: true)
  }

  /// Sends new content on: straight to `screen`'s table while neither a
  /// query, an opened card nor an open filter prompt needs the chain and no
  /// answer is awaited (the worker only notes it, to build the chain from it
  /// later), else through the chain. `delta`, from the content sent before,
  /// goes with it to the table when the table holds that content as it was
  /// sent (the chain's last answer may have shaped it otherwise).
  func request(content: ShelfContent, delta: SectionDelta? = nil, screen: ShelfScreen) {
    guard let worker else { return }
    guard requestedQuery.isEmpty, recentlyViewed.entries.isEmpty, !isWarm, !isWaiting else {
      tableHoldsSource = false
      request(content: content, contentDelta: delta)
      return
    }
    worker.request(content: content, contentDelta: delta, isSilent: true)
    screen.submit(content.rows, delta: tableHoldsSource ? delta : nil)
    tableHoldsSource = true
  }

  /// The best matches of the query last requested, once the chain has
  /// worked it out (the main thread waits for it).
  func settledBestMatches() -> [BestMatch] {
    worker?.settledBestMatches().matches ?? []
  }

  /// Records that `card` of row `rowID` was opened, and sends the row on.
  func open(_ card: CardFace, inRow rowID: String) {
    if rowID == ReservedID.bestMatches {
      guard let match = bestMatches.first(where: { $0.shownID == card.id }) else { return }
      return open(match.card, inRow: match.rowID)
    }
    let entry =
      rowID == ReservedID.recentlyViewed
      ? recentlyViewed.entry(recentCardID: card.id)
      : RecentlyViewed.Entry(rowID: rowID, cardID: card.id)
    guard let entry else { return }
    let before = recentlyViewed
    recentlyViewed.open(rowID: entry.rowID, cardID: entry.cardID)
    if recentlyViewed != before { request(recentlyViewed: recentlyViewed.entries) }
  }

  /// Takes in what `result` says about the table.
  func didDeliver(_ result: ContentWorker.Result) {
    delivered = max(delivered, result.generation)
    requested = max(requested, delivered)
    shownQuery = result.query
    shownIsExact = result.isExact
    bestMatches = result.bestMatches
    isNoMatches = result.isNoMatches
    lastUpdateCount = result.updates.count
    if !result.updates.isEmpty { tableHoldsSource = false }
  }
}

extension ShelfScreen {
  /// A result of the content chain: its updates go to the table, in order.
  func receive(_ result: ContentWorker.Result) {
    let chrome = (contentPath.shownQuery, contentPath.isNoMatches)
    let wasExact = contentPath.shownIsExact
    contentPath.didDeliver(result)
    let isNewQuery = contentPath.shownQuery != chrome.0 || contentPath.shownIsExact != wasExact
    if isNewQuery {
      table.highlighter = SearchHighlighter(
        contentPath.shownQuery, isExact: contentPath.shownIsExact)
      // A new query's best match takes the focus, as the table shows it.
      if let first = result.bestMatches.first {
        table.restoreFocus(
          FocusMark(rowID: ReservedID.bestMatches, cardID: first.shownID, rowLine: 0))
        // Nothing to commit: the table shows the row already.
        if result.updates.isEmpty { table.focusToRestore = nil }
      }
    }
    for update in result.updates { submit(update.rows, delta: update.delta) }
    // The table's holder asks for frames once it commits; the status line and
    // the no-matches message change with the result itself.
    if chrome != (contentPath.shownQuery, contentPath.isNoMatches) { onNeedsDisplay?() }
  }

  /// How many batches the table's holder has committed (benchmarks wait for one).
  package var tableCommitCount: Int { table.commitCount }

  /// Whether the content chain has answered every request, and how many
  /// table updates its last answer held (benchmarks wait for them).
  package var contentChainState: (isWaiting: Bool, lastUpdateCount: Int) {
    (contentPath.isWaiting, contentPath.lastUpdateCount)
  }

  /// Whether the content chain's worker has nothing to do, a warm-up
  /// included (benchmarks wait for the chain the filter prompt builds).
  package var isContentChainIdle: Bool { contentPath.isIdle }

  /// Whether the rows' search text is made, so that the `/` filter's first
  /// character only matches (benchmarks wait for it).
  package var isSearchTextReady: Bool { contentPath.isSearchTextReady }

  /// Whether the content chain and the table's holders have nothing left to
  /// do (tests wait for it).
  package var isSettled: Bool {
    !contentPath.isWaiting && (table.liveTable?.isIdle ?? true)
  }
}

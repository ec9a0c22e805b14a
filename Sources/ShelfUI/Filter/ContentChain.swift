import Dispatch
import ShelfChain
import ShelfDiff

/// What the table shows next, and how it got there.
struct TableUpdate: Sendable {
  /// The table's rows.
  var rows: [CarouselRow]
  /// The change from the table's previous rows (rows of cards), as the
  /// chain translated it; nil to let the table's holder diff.
  var delta: SectionDelta?
  /// Whether nothing matched the query (the screen says so; no row does).
  var isNoMatches: Bool

  /// The rows grouped into the table's sections.
  var sections: [ShelfSection] { ShelfSection.grouping(rows) }
}

/// The screen's content as a chain: the source's rows, the recently viewed
/// row `Insert`ed at the top, the `/` filter's `ItemFilter` of cards, the "Best
/// matches" row `Insert`ed above all while a query is on, an
/// `EmptySectionFilter` that drops rows left with none while a query is on
/// (a `SourceSwitch` shows it or the unfiltered rows). Each change — new
/// content, a new query, another recently viewed card — goes in at its link,
/// and the delta that comes out is the table's, as it is: the chain's rows
/// are the table's rows (`ChainRow`), its sections derived at layout time.
///
/// Not `Sendable`, like the chain it holds: one thread at a time uses it
/// (`ContentWorker`'s queue, or the caller's in immediate mode).
///
/// - Complexity: new content costs the root's diff of its rows and cards,
///   or with its delta, a replay check of it (O(cards)); a new query O(*n*)
///   for *n* cards (every card is matched again, on several threads; a query
///   that extends the last matches only the cards shown); another recently
///   viewed card O(rows + its cards). Each then costs O(rows) to hand the
///   rows on.
final class ContentChain {
  /// The source's rows: the root.
  private let store: SectionStore<ChainRow>
  /// The recently viewed row, at the top.
  private let recent: Insert<ChainRow>
  /// The cards that match the query.
  private let filter: ItemFilter<ChainRow>
  /// The best matches of the query, at the top.
  private let best: Insert<ChainRow>
  /// The rows that keep cards.
  private let nonEmpty: EmptySectionFilter<ChainRow>
  /// The output: every row of `best` while no query is on (a row with no
  /// cards shows), else `nonEmpty`.
  private let output: SourceSwitch<ChainRow>
  /// The output's changes since the last `take()`, each with the output it made.
  private var changes: [(change: SourceChange, rows: [ChainRow])] = []
  /// The content's rows by id, for the recently viewed cards.
  private var rowsByID: [String: ChainRow] = [:]
  /// The recently viewed cards, newest first.
  private var recentCards: [RecentlyViewed.Entry] = []
  /// The query, as typed.
  private(set) var query = ""
  /// Whether plain words are found as typed (`SearchQuery(isExact:)`).
  private(set) var isExact = false
  /// The cards of the "Best matches" row, best first, as the content holds them.
  private(set) var bestMatches: [BestMatch] = []
  /// How many of the output's changes came without a delta (the table's
  /// holder diffs them).
  private(set) var fallbackCount = 0
  /// How many contents the root diffed (no delta came with them, or it did
  /// not fit), rather than taking their delta translated.
  private(set) var rootDiffCount = 0
  /// Whether the last query's pass was interrupted: the rows it did not
  /// reach show every card they showed before (more than match, never fewer),
  /// their best matches are not ranked, and the output is no one's to show
  /// until the next query's pass.
  private(set) var isInterrupted = false

  /// A chain showing `content` unfiltered, with no recently viewed row: its
  /// output is `content`'s rows.
  ///
  /// - Complexity: O(*n*) for *n* cards.
  convenience init(_ content: ShelfContent) { self.init(rows: content.chainRows) }

  /// A chain showing `rows` (a content's `chainRows`, their folds perhaps
  /// made already) unfiltered, with no recently viewed row.
  ///
  /// - Complexity: O(*n*) for *n* cards.
  init(rows: [ChainRow]) {
    store = SectionStore(rows)
    recent = Insert(store, .section(Self.recentRow(cards: []), at: 0), isShown: false)
    filter = ItemFilter(recent)
    best = Insert(filter, .section(Self.bestRow(cards: []), at: 0), isShown: false)
    nonEmpty = EmptySectionFilter(best)
    output = SourceSwitch([best, nonEmpty])
    rowsByID = Self.index(rows)
    output.observe { [weak self] change in
      guard let self else { return }
      changes.append((change, output.sections))
    }
  }

  /// The table's rows now.
  var rows: [CarouselRow] { output.sections.map(\.row) }

  /// Makes every row's text ready for the filter (`RowFolds`), on every
  /// core, so that the first character typed only matches: the `/` prompt
  /// asks for it when it opens.
  ///
  /// - Complexity: O(the cards' text) the first time after new content, O(rows) after.
  func prepareSearch() { ChainRow.prepareSearch(store.sections) }

  /// The table's sections now.
  var sections: [ShelfSection] { ShelfSection.grouping(rows) }

  /// Whether nothing matches the query.
  var isNoMatches: Bool { output.sections.isEmpty && !query.isEmpty }

  /// Whether the output is what `content` alone shows: no query, no
  /// recently viewed row (the screen can then skip the chain).
  var isPassThrough: Bool { query.isEmpty && recentCards.isEmpty }

  /// Shows `content`. Given `delta`, the change of the rows of cards from
  /// `old` (the content shown before) to `content`, the root takes it as it
  /// is; otherwise, or when it does not replay `old` into `content`, the
  /// root's rows are diffed, then the cards of each changed row. `rows`
  /// are `content`'s as the chain's (`ShelfContent.chainRows(after:)`), or
  /// made here when nil.
  func setContent(
    _ content: ShelfContent, delta: SectionDelta? = nil, from old: ShelfContent? = nil,
    rows: [ChainRow]? = nil
  ) -> [TableUpdate] {
    let rows = rows ?? content.chainRows
    rowsByID = Self.index(rows)
    if let delta, let old, delta.replays(old.rows, into: content.rows) {
      // The links translate card changes: the rows the delta left undiffed
      // are diffed here (the filter reads every row's cards anyway).
      store.update(rows, delta: delta.diffingUndiffedSections(from: old.rows, to: content.rows))
    } else {
      rootDiffCount += 1
      PathCounters.noteDiff("content chain root")
      // A row's cards are diffed within the row: a million cards are not
      // matched across rows.
      store.update(rows, delta: SectionDelta(sectionBySectionFrom: store.sections, to: rows))
    }
    refreshRecentRow()
    refreshBestRow()
    return take()
  }

  /// Filters by `query` (`SearchQuery`: its words, folded, in title,
  /// subtitle, year or tags; as typed with `isExact`), and ranks the best
  /// matches in a row at the top.
  ///
  /// `isStale` is asked before each row: once it says a newer query waits,
  /// the pass tests no more rows and ranks nothing (`isInterrupted`), and
  /// its updates are for no one; the next query's pass is whole again. (A
  /// row left untested keeps the cards it showed, or every card when the
  /// query does not narrow the last: more than match, so a narrowing pass
  /// from there still finds every match.)
  func setQuery(
    _ query: String, isExact: Bool = false, isStale: @escaping @Sendable () -> Bool = { false }
  ) -> [TableUpdate] {
    guard query != self.query || isExact != self.isExact || isInterrupted else { return take() }
    let old = SearchQuery(self.query, isExact: self.isExact)
    self.query = query
    self.isExact = isExact
    let needle = SearchQuery(query, isExact: isExact)
    // Rows with no cards leave before a query filters, and come back after.
    if !needle.isEmpty { showNonEmptyRows(only: true) }
    if needle.isEmpty {
      filter.setPredicate({ _ in true }, sectionTest: { _, _ in })  // every flag stays set
      showNonEmptyRows(only: false)
    } else {
      // A longer query hides cards and shows none: only the shown are matched.
      // Rows are matched by a loop over their cards here, where the cards'
      // type is known: the chain's generic code would copy each card to test it.
      let skipped = Locked(false)
      filter.setPredicate(
        { card in ShelfFilter.matches(card, needle) },
        isNarrowing: needle.narrows(old),
        sectionTest: { row, flags in
          guard !isStale() else {
            skipped.withLock { $0 = true }
            return  // the flags as they came: every card it may show
          }
          ShelfFilter.match(row.items, folds: row.folds, needle, ranks: true, flags: &flags)
        })
      isInterrupted = skipped.withLock { $0 }
      guard !isInterrupted else { return take() }
    }
    isInterrupted = false
    refreshBestRow()
    return take()
  }

  /// Shows only the rows that keep cards, or every row: the rows with no
  /// cards are all the two differ in, so the switch is told their deletion
  /// or insertion (nothing is diffed).
  private func showNonEmptyRows(only: Bool) {
    let index = only ? 1 : 0
    guard output.selectedIndex != index else { return }
    let rows = best.sections
    let empty = rows.indices.filter { rows[$0].items.isEmpty }
    output.select(
      index,
      delta: SectionDelta(
        sections: only ? IndexDelta(deletions: empty) : IndexDelta(insertions: empty),
        items: SectionDelta.Items()))
  }

  /// The "Best matches" row as the query and the filtered rows make it:
  /// the best cards of every row (bar the recently viewed one), by score,
  /// ties in the content's order; hidden without a query or a match.
  ///
  /// - Complexity: O(rows × `BestMatches.limit`) for rows the filter ranked
  ///   as it tested them; the matches of another row are scored here.
  private func refreshBestRow() {
    // Rows an interrupted pass did not reach are not ranked: the next
    // query's pass ranks them.
    guard !isInterrupted else { return }
    let needle = SearchQuery(query, isExact: isExact)
    guard !needle.isEmpty else {
      bestMatches = []
      best.isShown = false
      return
    }
    var ranked = BestMatches(limit: BestMatches.limit)
    for (index, row) in filter.sections.enumerated()
    where row.id != ReservedID.recentlyViewed && !row.items.isEmpty {
      if let kept = row.folds.best, kept.query == needle {
        // Best first: once one is not kept, none after it is (and no card
        // is copied for a match that would be dropped).
        for var match in kept.matches {
          match.rank.row = index
          guard ranked.admits(match.rank) else { break }
          ranked.add(match)
        }
      } else {
        for (order, card) in row.items.enumerated() {
          guard let found = ShelfFilter.score(card, folded: FoldedCard(card), needle) else {
            continue
          }
          let rank = BestMatches.Rank(
            score: found.score, length: found.length, row: index, order: order)
          ranked.add(BestMatches.Match(rank: rank, card: card))
        }
      }
    }
    let rows = filter.sections
    bestMatches = ranked.matches.map { match in
      let row = rows[match.rank.row].row
      return BestMatch(
        rowID: row.id, rowTitle: row.title, sectionTitle: row.sectionTitle ?? "", card: match.card)
    }
    guard !bestMatches.isEmpty else {
      best.isShown = false
      return
    }
    let row = Self.bestRow(cards: bestMatches.map(\.shownCard))
    if case .section(let shown, _) = best.element, shown != row {
      best.element = .section(row, at: 0)
    }
    best.isShown = true
  }

  /// Shows `entries` in the recently viewed row (hidden while none shows).
  func setRecentlyViewed(_ entries: [RecentlyViewed.Entry]) -> [TableUpdate] {
    recentCards = entries
    refreshRecentRow()
    return take()
  }

  /// The recently viewed row as the current content makes it: hidden while
  /// it has no card; its cards change while it is hidden, so that showing or
  /// hiding it is one change.
  private func refreshRecentRow() {
    var cards: [CardFace] = []
    for entry in recentCards {
      guard let row = rowsByID[entry.rowID],
        var card = row.items.first(where: { $0.id == entry.cardID })
      else { continue }  // a deleted card leaves the row
      card.id = entry.recentCardID
      cards.append(card)
    }
    guard !cards.isEmpty else {
      recent.isShown = false
      return
    }
    let row = Self.recentRow(cards: cards)
    if case .section(let shown, _) = recent.element, shown != row {
      recent.element = .section(row, at: 0)
    }
    recent.isShown = true
  }

  /// The output's changes since the last call, each as the table's update.
  private func take() -> [TableUpdate] {
    defer { changes = [] }
    return changes.compactMap { change, rows in
      guard change.delta?.isEmpty != true else { return nil }  // nothing the table would show
      if change.delta == nil { fallbackCount += 1 }
      return TableUpdate(
        rows: rows.map(\.row), delta: change.delta, isNoMatches: rows.isEmpty && !query.isEmpty)
    }
  }

  private static func recentRow(cards: [CardFace]) -> ChainRow {
    ChainRow(
      row: CarouselRow(
        id: ReservedID.recentlyViewed, title: RecentlyViewed.title, cards: cards,
        sectionID: ReservedID.recentlyViewed),
      folds: RowFolds(count: cards.count))
  }

  private static func bestRow(cards: [CardFace]) -> ChainRow {
    ChainRow(
      row: CarouselRow(
        id: ReservedID.bestMatches, title: BestMatch.rowTitle, cards: cards,
        sectionID: ReservedID.bestMatches),
      folds: RowFolds(count: cards.count))
  }

  private static func index(_ rows: [ChainRow]) -> [String: ChainRow] {
    var index: [String: ChainRow] = [:]
    index.reserveCapacity(rows.count)
    for row in rows where index[row.id] == nil { index[row.id] = row }
    return index
  }
}

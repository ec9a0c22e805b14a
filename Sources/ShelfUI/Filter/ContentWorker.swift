import Dispatch
import ShelfDiff

/// Runs the screen's content chain (`ContentChain`) off the main thread, so
/// typing into the filter never waits for a million cards to be matched.
///
/// The screen asks for changes (new content, a query, the recently viewed
/// cards); requests that arrive while the worker is busy merge, so only the
/// newest of each is worked on. A result that a newer request overtook while
/// it was computed is dropped, never delivered: the next delivered one has
/// no delta (the table's holder diffs its way to it), since what it would
/// start from never reached the table.
///
/// While neither a query nor a recently viewed card is in play the chain is
/// let go: new content passes straight to the table (whose holder diffs it,
/// as it always has), and the chain is built again, from the content the
/// table shows, when the filter prompt opens (it is kept warm while the
/// prompt is open, so the first character finds it built), when the first
/// character is typed or when the first card is opened.
///
/// The rows' search text (`RowFolds`) is made `searchTextDelay` after each
/// content (its first frame and animation are not slowed), row by row on
/// one thread of low priority (keys and frames go first), so that the `/`
/// prompt finds it made. Rows and cards that did not change keep theirs
/// (`ShelfContent.chainRows(after:)`); newer content stops the job, and a
/// filter pass makes what is left of the rows it tests.
final class ContentWorker: Sendable {
  /// Changes not worked on yet; nil fields did not change.
  struct Request: Sendable {
    var content: ShelfContent?
    /// The table's delta from the content before to `content`, when one
    /// came with it and no other content was merged into this request.
    var contentDelta: SectionDelta?
    var query: String?
    /// Whether the query's plain words are found as typed.
    var isExact: Bool?
    var recentlyViewed: [RecentlyViewed.Entry]?
    /// Whether the chain is kept built even while nothing needs it yet (the
    /// filter prompt is open, and a character is coming).
    var isWarm: Bool?
    /// How many requests this one answers (all before it included).
    var generation = 0
    /// Whether the result goes nowhere: the screen gave the table the content
    /// itself, and the worker only takes note of it.
    var isSilent = true

    var isEmpty: Bool {
      content == nil && query == nil && isExact == nil && recentlyViewed == nil && isWarm == nil
    }
  }

  /// What a run of the chain gives the screen.
  struct Result: Sendable {
    /// The table's updates, in order; the first has no delta after a dropped result.
    var updates: [TableUpdate]
    /// The query the table will show the result of.
    var query: String
    /// Whether its plain words were found as typed.
    var isExact: Bool
    /// The cards of the "Best matches" row, best first.
    var bestMatches: [BestMatch]
    /// Whether nothing matches `query`.
    var isNoMatches: Bool
    /// The last request it answers.
    var generation: Int
  }

  /// Where the chain runs.
  enum Mode {
    /// On a queue of its own; results go to `deliver` from there.
    case background
    /// On the caller's thread, within `request`; for headless screens and tests.
    case immediate
  }

  private struct State: Sendable {
    var pending = Request()
    var isRunning = false
    var generation = 0
    /// Whether every row's search text is made (benchmarks wait for it).
    var isSearchTextReady = false
    /// The newest search text job asked for: an older one that comes due does nothing.
    var searchTextJob = 0
    /// The rows of the newest job, until it starts (one content's rows at
    /// most are held for it, however fast contents come).
    var searchTextRows: [ChainRow] = []
  }

  /// How long the worker waits after new content before it makes the
  /// rows' search text.
  static let searchTextDelay: DispatchTimeInterval = .milliseconds(250)
  /// Where the rows' search text is made (`makeSearchText`).
  private let searchTextQueue = DispatchQueue(label: "shelf.search-text", qos: .utility)

  /// A semaphore-based lock (`Locked`), not `Mutex`: the thread sanitizer
  /// cannot see a `Mutex`'s futex on Linux and reports its accesses as races.
  private let state = Locked(State())
  private let engine: Engine
  private let queue: DispatchQueue?
  private let deliver: @Sendable (Result) -> Void
  /// Whether no request is being worked on or waiting (benchmarks wait for it).
  var isIdle: Bool { state.withLock { !$0.isRunning } }
  /// Whether the chain is built (tests; read between requests in immediate mode).
  var isChainBuilt: Bool { engine.chain != nil }
  /// Whether every row's search text is made for the newest content the
  /// worker has worked on (benchmarks wait for it).
  var isSearchTextReady: Bool { state.withLock { $0.isSearchTextReady } }
  /// How many contents the built chain's root diffed rather than took with
  /// their delta (tests; read between requests in immediate mode).
  var chainRootDiffCount: Int? { engine.chain?.rootDiffCount }
  /// Called after each computation, before the check for newer requests (tests).
  private let didCompute: (@Sendable () -> Void)?

  /// A worker whose table starts with `content`, unfiltered; `deliver` gets
  /// each result (from the worker's queue in background mode).
  init(
    content: ShelfContent, mode: Mode, didCompute: (@Sendable () -> Void)? = nil,
    deliver: @escaping @Sendable (Result) -> Void
  ) {
    engine = Engine(content)
    queue =
      mode == .background ? DispatchQueue(label: "shelf.content-chain", qos: .userInitiated) : nil
    self.deliver = deliver
    self.didCompute = didCompute
    scheduleSearchText(engine.rows)
  }

  /// Queues changes; returns the generation that answers them.
  ///
  /// A silent request (new content the screen gave the table itself, while
  /// no query or opened card needs the chain, or a change of `isWarm`) is
  /// only noted: it is answered by no result, unless a later request merges
  /// with it.
  ///
  /// - Complexity: O(1) in background mode; the chain's work in immediate mode.
  @discardableResult
  func request(
    content: ShelfContent? = nil, contentDelta: SectionDelta? = nil, query: String? = nil,
    isExact: Bool? = nil, recentlyViewed: [RecentlyViewed.Entry]? = nil, isWarm: Bool? = nil,
    isSilent: Bool = false
  ) -> Int {
    let (generation, starts) = state.withLock { state in
      if !isSilent {
        state.generation += 1
        state.pending.isSilent = false
      }
      if let content {
        state.isSearchTextReady = false
        // A delta starts from the content before; merged with a pending
        // content, it would skip that one.
        state.pending.contentDelta = state.pending.content == nil ? contentDelta : nil
        state.pending.content = content
      }
      if let query { state.pending.query = query }
      if let isExact { state.pending.isExact = isExact }
      if let recentlyViewed { state.pending.recentlyViewed = recentlyViewed }
      if let isWarm { state.pending.isWarm = isWarm }
      state.pending.generation = state.generation
      guard !state.isRunning else { return (state.generation, false) }
      state.isRunning = true
      return (state.generation, true)
    }
    guard starts else { return generation }
    if let queue {
      queue.async { self.run() }
    } else {
      run()
    }
    return generation
  }

  /// Makes the search text of `rows` (the newest content's)
  /// `searchTextDelay` from now, unless newer content comes first
  /// (background mode only; on the worker's queue, or in `init`).
  private func scheduleSearchText(_ rows: [ChainRow]) {
    guard queue != nil else { return }
    var rows = rows
    let job = state.withLock { state in
      state.searchTextJob += 1
      swap(&state.searchTextRows, &rows)
      return state.searchTextJob
    }
    _ = consume rows  // the older job's rows, let go outside the lock
    searchTextQueue.asyncAfter(deadline: .now() + Self.searchTextDelay) { [weak self] in
      self?.makeSearchText(job: job)
    }
  }

  /// Makes the search text of the rows of job `job`, row by row, while it
  /// is the newest; says so once every row's is made.
  private func makeSearchText(job: Int) {
    let rows = state.withLock { state -> [ChainRow]? in
      guard state.searchTextJob == job else { return nil }
      var rows: [ChainRow] = []
      swap(&state.searchTextRows, &rows)
      return rows
    }
    guard let rows else { return }
    WorkerPriority.yieldToInteractive()
    for row in rows where row.folds.count == row.items.count {
      guard state.withLock({ $0.searchTextJob == job }) else { return }
      row.folds.prepare(row.items)
    }
    state.withLock { state in
      if state.searchTextJob == job { state.isSearchTextReady = true }
    }
  }

  /// The best matches of the newest query, once every request so far is
  /// worked on: the caller waits for the worker (Enter in the prompt takes
  /// the best match of what was typed, not of what was shown last).
  ///
  /// - Complexity: the work still waiting, on the worker's queue.
  func settledBestMatches() -> (query: String, isExact: Bool, matches: [BestMatch]) {
    let read = { [engine] in (engine.query, engine.isExact, engine.chain?.bestMatches ?? []) }
    guard let queue else { return read() }
    return queue.sync(execute: read)
  }

  /// Works on requests until none waits.
  private func run() {
    while true {
      let next: Request? = state.withLock { state in
        guard !state.pending.isEmpty else {
          state.isRunning = false
          return nil
        }
        defer { state.pending = Request() }
        return state.pending
      }
      guard let request = next else { return }
      // A query's pass stops early once a newer query waits: its result
      // would be dropped, and the newer one is what the user waits for.
      let updates = engine.apply(request) { [state] in
        state.withLock { $0.pending.query != nil || $0.pending.isExact != nil }
      }
      if request.content != nil { scheduleSearchText(engine.rows) }
      didCompute?()
      let isOvertaken = state.withLock { !$0.pending.isEmpty }
      if isOvertaken {
        // Stale: a newer request is waiting. What a silent one made matches
        // the table already (the screen gave it the content itself).
        if !request.isSilent { engine.mustResync = true }
        continue
      }
      guard !request.isSilent else { continue }
      deliver(engine.result(of: updates, generation: request.generation))
    }
  }
}

extension ContentWorker {
  /// The chain and what it was last told; used by one run at a time.
  private final class Engine: @unchecked Sendable {
    /// The newest content.
    var content: ShelfContent
    /// The newest query.
    var query = ""
    /// Whether its plain words are found as typed.
    var isExact = false
    /// The newest recently viewed cards.
    var recentlyViewed: [RecentlyViewed.Entry] = []
    /// Whether the chain is kept while nothing needs it yet.
    var isWarm = false
    /// The chain, while a query, a recently viewed card or `isWarm` needs it.
    var chain: ContentChain?
    /// Whether a result was dropped, so the next must not carry a delta.
    var mustResync = false
    /// The newest content's rows as the chain's, with their search text
    /// made or to be made (kept from one content to the next where the
    /// cards did not change).
    var rows: [ChainRow]

    init(_ content: ShelfContent) {
      self.content = content
      rows = content.chainRows
    }

    /// Takes `request` through the chain (or past it); the table's updates.
    /// `isStale` says whether a newer query waits (`ContentChain.setQuery`).
    func apply(
      _ request: Request, isStale: @escaping @Sendable () -> Bool = { false }
    ) -> [TableUpdate] {
      query = request.query ?? query
      isExact = request.isExact ?? isExact
      recentlyViewed = request.recentlyViewed ?? recentlyViewed
      isWarm = request.isWarm ?? isWarm
      let isActive = !query.isEmpty || !recentlyViewed.isEmpty || isWarm
      var updates: [TableUpdate] = []
      if let newContent = request.content {
        let old = content
        content = newContent
        rows = newContent.chainRows(after: rows)
        if let chain {
          updates += chain.setContent(
            newContent, delta: request.contentDelta, from: old, rows: rows)
        } else {
          updates.append(TableUpdate(rows: newContent.rows, delta: nil, isNoMatches: false))
        }
      }
      guard isActive || chain != nil else { return updates }
      // Built from the content the table shows: its output is the table as it is.
      let chain = self.chain ?? ContentChain(rows: rows)
      self.chain = chain
      if request.recentlyViewed != nil { updates += chain.setRecentlyViewed(recentlyViewed) }
      if request.query != nil || request.isExact != nil {
        updates += chain.setQuery(query, isExact: isExact, isStale: isStale)
      }
      // The open prompt waits for a character: the rows' text is made now.
      if isWarm { chain.prepareSearch() }
      if chain.isPassThrough && !isWarm { self.chain = nil }
      return updates
    }

    /// The result to deliver for `updates`.
    func result(of updates: [TableUpdate], generation: Int) -> Result {
      let isNoMatches = chain?.isNoMatches ?? false
      var updates = updates
      if mustResync {
        mustResync = false
        let rows = chain?.rows ?? content.rows
        updates = [TableUpdate(rows: rows, delta: nil, isNoMatches: isNoMatches)]
      }
      return Result(
        updates: updates, query: query, isExact: isExact,
        bestMatches: chain?.bestMatches ?? [], isNoMatches: isNoMatches, generation: generation)
    }
  }
}

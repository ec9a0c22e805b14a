import ShelfDiff

/// The whole interactive screen — status line, table of carousels, key hint,
/// details and help overlays, filter prompt — as an object a backend drives:
/// it feeds keys and content in, and asks for canvases to show.
///
/// The screen holds what the user types and sees around the table: keys, the
/// `/` filter, overlays, and the chrome (status line, message area, key
/// hint). The table itself — the live holders, the transitions that turn
/// their deltas into frames, the focus and scroll positions — is a
/// `TableView`; the screen filters new content and hands it over, moves the
/// focus there on keys, and draws its chrome over the table's frames.
///
/// It does no I/O and reads no clock: time arrives as `now`, monotonic
/// milliseconds, in `render(size:now:)` and `nextFrameDeadline(now:)`.
@MainActor
public final class ShelfScreen {
  /// What overlays the table.
  enum Overlay: Hashable, Sendable {
    case none, details, help, messages
  }

  /// The most messages the log keeps: the oldest go first.
  static let messageLogLimit = 200
  /// The most characters the filter query keeps: a longer paste is cut,
  /// and the status line says so.
  package static let queryLimit = 4_096

  /// How the screen animates.
  public let configuration: ScreenConfiguration
  /// Whether live updates flow or wait.
  public var liveStatus: LiveStatus = .off
  /// The live sources' own states, shown in the status line.
  public var sources: [SourceStatus] = []
  /// Which sources the table shows when there are several ("all sources",
  /// or one source's name), shown after the title; nil with one source.
  public var sourceScope: String?
  /// Where the cards find their covers (when `configuration.coverLines` is
  /// above 0); nil shows placeholders.
  public var covers: (any CoverSource)? {
    get { table.covers }
    set { table.covers = newValue }
  }
  /// The covers the last frame shows at rest, whole and unobstructed (a
  /// terminal that draws pictures may put them there); empty while
  /// anything moves, and unless `findsStillCovers`.
  public internal(set) var stillCovers: [PlacedCover] = []
  /// Whether each frame finds its `stillCovers` (a terminal that draws
  /// pictures wants them; the cells alone need not pay for it).
  public var findsStillCovers: Bool {
    get { table.findsRestingCovers }
    set { table.findsRestingCovers = newValue }
  }
  /// Whether Tab and Shift-Tab switch between all sources and each alone
  /// (the app says so when it has several); the key hint then offers it.
  public var canSwitchSources = false
  /// A note for the message area above the key hint (such as a watch error).
  /// An error stays until replaced or dismissed; a warning also leaves by
  /// itself `warningLifetime` milliseconds after it was first drawn.
  public var message: ScreenMessage?
  /// How long a warning stays in the message area (the message log keeps it).
  public static let warningLifetime: UInt64 = 8000
  /// The warning the message area shows, and when it was first drawn.
  var shownWarning: (message: ScreenMessage, since: UInt64)?
  /// Every source's messages so far, oldest first (at most
  /// `messageLogLimit`); `m` shows them, newest first.
  public private(set) var messageLog: [LoggedMessage] = []
  /// The focus when the filter began, given back when it is cleared.
  var focusBeforeFilter: FocusMark?
  /// The queries of this session, oldest first, that ↑ and ↓ recall in the prompt.
  var filterHistory: [String] = []
  /// Which query of `filterHistory` the prompt shows; nil while it shows
  /// what was typed (`filterDraft`).
  var filterHistoryIndex: Int?
  /// What was typed before ↑ recalled an earlier query, brought back by ↓.
  var filterDraft = ""
  /// What the screen does besides browsing: picking, copying, bound keys.
  public var actions = ScreenActions() {
    didSet { table.keepsShownScene = actions.isMultiPick }
  }
  /// Keys remapped to actions (the config file's `[keys]`): a key pressed,
  /// and the key whose action it takes. Not applied to text typed into the
  /// filter prompt.
  public var keyMap: [Key: Key] = [:]
  /// The cards marked for a multiple pick, and the status line's notice.
  var picking = PickingState()

  /// The newest content given, before filtering and sorting.
  private(set) var source: ShelfContent
  /// The order of each row's cards (`s`, `S`).
  private(set) var cardOrders = CardOrders()
  /// The table: holders, transitions, focus and frames.
  let table: TableView
  /// The content chain off the main thread (filter, recently viewed) and
  /// what it last delivered.
  let contentPath = ContentPath()
  /// The open overlay.
  var overlay = Overlay.none {
    didSet {
      if overlay != oldValue { helpScroll = 0 }
      if overlay != .details { detailsPick = nil }
    }
  }
  /// The card the details show when it is not the focused one (Enter in
  /// the prompt took the best match before the table showed it).
  var detailsPick: PickedCard?
  /// The card Enter in the prompt took to pick (the best match).
  var takenPick: PickedCard?
  /// Whether the filter finds plain words as typed rather than by their
  /// letters in order (`--exact`; Ctrl-E in the prompt toggles it).
  public var isExactSearch = false {
    didSet {
      guard isExactSearch != oldValue, !filterQuery.isEmpty else { return }
      contentPath.request(query: filterQuery, isExact: isExactSearch)
    }
  }
  /// The first line of the help or message overlay shown (they scroll).
  var helpScroll = 0
  /// The preview pane (`--preview`); nil without one.
  var preview: PreviewPane?

  /// Shows `message` in the message area and keeps it in the log.
  public func show(_ message: ScreenMessage, from source: String, at time: String) {
    self.message = message
    log(message, from: source, at: time)
  }

  /// Keeps `message` in the log without showing it in the message area.
  public func log(_ message: ScreenMessage, from source: String, at time: String) {
    // A source that keeps failing the same way (a command run every 5 s)
    // keeps the one entry, from when it began.
    if let last = messageLog.last(where: { $0.source == source }), last.message == message {
      return
    }
    messageLog.append(LoggedMessage(message, source: source, time: time))
    if messageLog.count > Self.messageLogLimit {
      messageLog.removeFirst(messageLog.count - Self.messageLogLimit)
    }
  }
  /// The filter text; empty shows everything.
  var filterQuery = ""
  /// Whether the last text given to the filter was cut at `queryLimit`.
  var isFilterQueryCut = false
  /// Whether keys are typed into the filter prompt.
  var isEditingFilter = false {
    didSet { contentPath.setWarm(isEditingFilter) }  // the first character finds the chain built
  }
  /// Called when the screen changed between keys and frames — a batch from the
  /// live holders arrived — so the backend should draw a frame soon.
  public var onNeedsDisplay: (@MainActor () -> Void)? {
    get { table.onNeedsDisplay }
    set { table.onNeedsDisplay = newValue }
  }

  /// Receives the old values the screen no longer needs, so the app can
  /// free them off the main thread (a million cards take a while to free);
  /// when nil they are freed on the spot.
  public var onDiscard: ((consuming RetiredValues) -> Void)? {
    get { table.onDiscard }
    set { table.onDiscard = newValue }
  }

  /// Whether frames reuse the row placements and drawn rows of earlier ones
  /// (tests turn it off to hold the reuse to a screen drawn from scratch).
  package var reusesEarlierFrames: Bool {
    get { table.reusesEarlierFrames }
    set { table.reusesEarlierFrames = newValue }
  }

  /// A screen showing `content`, focused on its first card; new content flows
  /// through the live holders.
  public convenience init(
    content: ShelfContent, configuration: ScreenConfiguration = ScreenConfiguration()
  ) {
    self.init(
      content: content, configuration: configuration, updates: .liveHolders(DispatchClock()))
  }

  /// A screen showing `content` whose new content takes `updates`.
  package init(content: ShelfContent, configuration: ScreenConfiguration, updates: TableUpdatePath)
  {
    self.configuration = configuration
    source = content
    table = TableView(content: content, configuration: configuration, updates: updates)
    contentPath.start(with: content, screen: self, isImmediate: table.liveTable == nil)
  }

  /// Shows a new snapshot: the focused card keeps the focus wherever it moved,
  /// and the change animates. The table's holder diffs it off the main thread.
  public func setContent(_ content: ShelfContent) {
    setContent(content, delta: nil)
  }

  /// Shows a new snapshot that `delta`, a change of rows of cards (rows as
  /// the sections, cards as their items), makes from the content set before
  /// (a chain of sources translated it), so that nothing diffs the table
  /// again: the table's holder only checks the delta by replay (and diffs
  /// when it does not fit), and each changed row's carousel replays its
  /// row's card changes. With the filter or the recently viewed row in play,
  /// the content goes through their chain, whose root takes the delta as it
  /// is; a nil `delta` (the first content of a source, a change that was not
  /// worth a delta) is `setContent(_:)`.
  ///
  /// - Precondition: `delta`, when given, turns the rows of the content last
  ///   set (or of the initial content) into `content.rows`; a holder that
  ///   finds it does not reports `.rejectedDelta` and diffs instead.
  /// - Complexity: O(1) on the main thread beyond the table's own work; the
  ///   holder's replay check runs on its queue.
  public func setContent(_ content: ShelfContent, delta: SectionDelta?) {
    source = content
    // Rows in an order of their own: the delta, between catalog orders, does
    // not fit them, so the holder (or the chain's root) diffs instead.
    if cardOrders.isCatalog {
      contentPath.request(content: content, delta: delta, screen: self)
    } else {
      contentPath.request(content: cardOrders.applied(to: content), screen: self)
    }
  }

  /// Shows the cards of each row in `orders`: the table goes there like any
  /// change, diffed and animated.
  func setCardOrders(_ orders: CardOrders) {
    guard orders != cardOrders else { return }
    cardOrders = orders
    contentPath.request(content: orders.applied(to: source), screen: self)
  }

  /// Sends rows the content chain made on their way to the table: the one
  /// path every change of the table takes (new data, a new filter, another
  /// recently viewed card). A delta of the rows of cards, checked by the
  /// holder's replay, spares it a diff.
  func submit(_ rows: [CarouselRow], delta: SectionDelta?) {
    table.submit(ShelfContent(title: source.title, rows: rows), delta: delta)
  }

  // MARK: - Frames

  /// The frame at time `now` of the table and its chrome, `size` being the
  /// screen less the message area.
  func renderTable(size: Size, now: UInt64) -> Canvas {
    guard size.width >= Metrics.minimumSize.width, size.height >= Metrics.minimumSize.height else {
      table.skipFrame(at: now)
      var canvas = Canvas(size: size)
      drawTooSmall(into: &canvas)
      return canvas
    }
    var canvas = table.render(size: size, now: now)
    drawMarks(into: &canvas)
    drawNoMatches(into: &canvas)
    drawStatusLine(into: &canvas)
    drawKeyHint(into: &canvas)
    switch overlay {
    case .none: break
    case .details: drawDetails(into: &canvas)
    case .help: drawHelp(into: &canvas)
    case .messages: drawMessageLog(into: &canvas)
    }
    return canvas
  }

  /// When the next frame is due while something moves (or a batch is on its
  /// way from the holders); nil when nothing does.
  public func nextFrameDeadline(now: UInt64) -> UInt64? {
    let frame = table.nextFrameDeadline(now: now)
    guard let shown = shownWarning, shown.message == message else { return frame }
    let expiry = shown.since + Self.warningLifetime
    return frame.map { min($0, expiry) } ?? expiry
  }

  /// Takes a warning shown for `warningLifetime` away; notes when a new one
  /// is first drawn.
  func expireWarning(now: UInt64) {
    guard let message, message.kind == .warning else {
      shownWarning = nil
      return
    }
    guard let shown = shownWarning, shown.message == message else {
      shownWarning = (message, now)
      return
    }
    if now >= shown.since + Self.warningLifetime {
      self.message = nil
      shownWarning = nil
    }
  }

  /// The first screen of `content` at `size`, as `shelf render` prints it: the
  /// same drawing code as the live screen.
  public static func renderFirstScreen(
    content: ShelfContent, size: Size, configuration: ScreenConfiguration = ScreenConfiguration()
  ) -> Canvas {
    ShelfScreen(content: content, configuration: configuration, updates: .immediate)
      .render(size: size, now: 0)
  }

  // MARK: - Reading

  /// The focused card, if the focused row has any.
  var focusedCard: CardFace? { table.focusedCard }

  /// The focused row, if there are rows.
  var focusedRow: CarouselRow? { table.focusedRow }
}

// MARK: - Inspection (tests and the executable)

extension ShelfScreen {
  /// The ids of the focused row and card.
  package var focusedIDs: (row: String?, card: String?) {
    (focusedRow?.id, focusedCard?.id)
  }

  /// The first visible card the row with `rowID` remembers (0 if never scrolled).
  package func rememberedOffset(ofRow rowID: String) -> Int { table.state.offsets[rowID] ?? 0 }

  /// The content line at the top of the table.
  package var scrollLine: Int { table.state.scrollY }

  /// Whether the details panel is open.
  package var isShowingDetails: Bool { overlay == .details }

  /// Whether the help overlay is open.
  package var isShowingHelp: Bool { overlay == .help }

  /// Whether the message log is open.
  package var isShowingMessageLog: Bool { overlay == .messages }

  /// The filter text, and whether the prompt takes keys.
  package var filter: (query: String, isEditing: Bool) { (filterQuery, isEditingFilter) }

  /// The ids of the rows shown, top to bottom.
  package var shownRowIDs: [String] { table.model.rows.map(\.id) }

  /// How many updates the table's holder diffed itself, and how many deltas
  /// given with content it rejected; zeros without live holders.
  package var tableCalculationCounts: (diffs: Int, rejectedDeltas: Int) {
    table.liveTable?.data.calculationCounts ?? (0, 0)
  }

  /// The table's sections as its holder holds them now (the live path), or
  /// as laid out (the immediate path).
  package var tableSections: [ShelfSection] {
    ShelfSection.grouping(table.liveTable?.data.sections ?? table.model.content.rows)
  }
}

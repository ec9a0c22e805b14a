import ShelfDiff

/// The whole interactive screen — status line, table of carousels, key hint,
/// details and help overlays, filter prompt — as an object a backend drives:
/// it feeds keys and content in, and asks for canvases to show.
///
/// Content flows through the live holders: the table is the view of a
/// `CollectionSectionData` of sections of rows, and each visible row that
/// changes is handed to its own carousel, the view of a `CollectionData` of
/// cards. A batch completes when the table's animation and every carousel's
/// have ended; changes arriving meanwhile coalesce. Holders compute deltas off
/// the main thread and deliver batches on the main queue, after which the
/// screen calls `onNeedsDisplay` and asks for frames.
///
/// It does no I/O and reads no clock: time arrives as `now`, monotonic
/// milliseconds, in `render(size:now:)` and `nextFrameDeadline(now:)`.
@MainActor
public final class ShelfScreen {
  /// What overlays the table.
  enum Overlay: Hashable, Sendable {
    case none, details, help
  }

  /// How new content reaches the table.
  package enum UpdatePath {
    /// Through the live holders, on their clock (the interactive screen).
    case liveHolders(any CollectionDataClock)
    /// Diffed and laid out at once, on the caller's thread (headless frames,
    /// tests); changes made during a batch coalesce here too.
    case immediate
  }

  /// How the screen animates.
  public let configuration: ScreenConfiguration
  /// Whether live updates flow or wait.
  public var liveStatus: LiveStatus = .off
  /// The live sources' own states, shown in the status line.
  public var sources: [SourceStatus] = []
  /// Which sources the table shows when there are several ("all sources",
  /// or one source's name), shown after the title; nil with one source.
  public var sourceScope: String?
  /// Whether Tab and Shift-Tab switch between all sources and each alone
  /// (the app says so when it has several); the key hint then offers it.
  public var canSwitchSources = false
  /// A note for the message area above the key hint (such as a watch error).
  public var message: ScreenMessage?
  /// The focus when the filter began, given back when it is cleared.
  var focusBeforeFilter: (row: String?, card: String?)?
  /// Called when the screen changed between keys and frames — a batch from the
  /// live holders arrived — so the backend should draw a frame soon.
  public var onNeedsDisplay: (@MainActor () -> Void)?

  /// The newest content given, before filtering.
  private(set) var source: ShelfContent
  /// What the table shows now: the source, filtered.
  private(set) var model: DisplayModel
  /// Focus and scroll positions.
  var state = ViewState()
  /// The open overlay.
  var overlay = Overlay.none
  /// The filter text; empty shows everything.
  var filterQuery = ""
  /// Whether keys are typed into the filter prompt.
  var isEditingFilter = false
  /// The size of the last frame or key, used to keep the focus in view when
  /// content changes between frames.
  var lastSize: Size?
  /// The animation in progress, if any.
  var animator: TableAnimator
  /// Whether a change arrived while a batch was in flight (immediate path).
  private(set) var hasPendingContent = false
  /// Whether a change puts the focus back on the first card (for `frames`,
  /// whose last frame must be the first screen of the new content).
  var resetsFocusOnChange = false
  /// The live holders, when content flows through them.
  private(set) var liveTable: LiveTable?
  /// The table holder's completion for the batch on screen.
  private(set) var tableCompletion: (() -> Void)?
  /// Each carousel holder's completion for its batch on screen, by row id.
  private(set) var carouselCompletions: [String: () -> Void] = [:]
  /// Counts the snapshots `setContent` has shown, so the filter knows its
  /// last result still comes from the source.
  private var sourceVersion = 0
  /// The filter's last result, which the next, longer query narrows.
  private var filterMemo = FilterMemo()
  /// Whether frames reuse the row placements and drawn rows of earlier ones
  /// (tests turn it off to hold the reuse to a screen drawn from scratch).
  package var reusesEarlierFrames = true
  /// The rows and headers of the last frame, drawn: the next frame reuses
  /// those that show the same.
  private var images = SceneImages()
  /// The row placements of the last still frame.
  private var layoutMemo = LayoutMemo()
  /// Replaced layouts not yet handed to `onDiscard`.
  private var retired: [any Sendable] = []

  /// Receives the old values the screen no longer needs, so the app can
  /// free them off the main thread (a million cards take a while to free);
  /// when nil they are freed on the spot.
  public var onDiscard: ((consuming RetiredValues) -> Void)?

  /// A screen showing `content`, focused on its first card; new content flows
  /// through the live holders.
  public convenience init(
    content: ShelfContent, configuration: ScreenConfiguration = ScreenConfiguration()
  ) {
    self.init(
      content: content, configuration: configuration, updates: .liveHolders(DispatchClock()))
  }

  /// A screen showing `content` whose new content takes `updates`.
  package init(content: ShelfContent, configuration: ScreenConfiguration, updates: UpdatePath) {
    self.configuration = configuration
    source = content
    model = DisplayModel(content)
    animator = TableAnimator(configuration: configuration)
    state.rememberIDs(in: model)
    if case .liveHolders(let clock) = updates {
      let table = LiveTable(
        sections: content.sections, clock: clock, animationDuration: configuration.effectiveDuration
      )
      liveTable = table
      table.attach(to: self)
    }
  }

  /// Shows a new snapshot: the focused card keeps the focus wherever it moved,
  /// and the change animates.
  public func setContent(_ content: ShelfContent) {
    source = content
    sourceVersion += 1
    submit()
  }

  /// Sends the source, filtered, on its way to the table: the one path every
  /// content change takes (new data or a new filter).
  func submit() {
    let content = filterMemo.filtered(source, version: sourceVersion, by: filterQuery)
    if let liveTable {
      liveTable.submit(content.sections)
    } else if animator.isBusy {
      hasPendingContent = true  // only the newest waits
    } else {
      hasPendingContent = false
      commit(content, carouselsStartWithTable: true)
    }
  }

  /// Makes `content` the table's data and starts the transition from what is
  /// on screen, unless nothing visible changes, animation is off, or the batch
  /// is too large to animate.
  ///
  /// - Returns: the transition begun, if any.
  @discardableResult
  func commit(
    _ content: ShelfContent, delta: SectionDelta? = nil, animated: Bool = true,
    carouselsStartWithTable: Bool
  ) -> TableTransition? {
    // Carousels that start with the table have no holder: they diff here.
    // Otherwise each carousel's holder delivers its own delta.
    defer { discardRetired() }
    let newModel = DisplayModel(content)
    let before = TransitionEnd(model: model, state: state)
    retired.append(model)  // the transition, if any, holds it too
    let size = lastSize ?? Size(width: 80, height: 24)
    var after = state
    if resetsFocusOnChange {
      after = ViewState()
      after.rememberIDs(in: newModel)
    } else {
      // The focused card keeps its place on screen, wherever it went in the data.
      let anchor =
        model.rows.indices.contains(state.focusRow)
        ? model.entry(ofRow: state.focusRow).y - state.scrollY : 0
      after.reanchorOffsets(from: model, to: newModel)
      after.resolve(in: newModel, previous: model)
      if newModel.rows.indices.contains(after.focusRow) {
        after.scrollY = newModel.entry(ofRow: after.focusRow).y - anchor
      }
      after.revealFocusedCard(in: newModel, size: size)
      after.revealFocusedRow(in: newModel, size: size)
    }
    model = newModel
    state = after
    guard animated, configuration.effectiveDuration > 0, lastSize != nil else { return nil }
    let transition = TableTransition(
      from: before, to: TransitionEnd(model: newModel, state: after), size: size, delta: delta,
      carouselsAwaitDeltas: !carouselsStartWithTable)
    if transition.visibleChangeCount > configuration.largeBatchLimit || transition.isStill {
      return nil
    }
    animator.begin(transition, carouselsStartWithTable: carouselsStartWithTable)
    return transition
  }

  /// Moves animations to `now`, completing what ended; on the immediate path a
  /// completed batch lets the waiting change in.
  private func advance(to now: UInt64) {
    defer { discardRetired() }
    let events = animator.advance(to: now)
    if events.tableEnded, let completion = tableCompletion {
      tableCompletion = nil
      completion()
    }
    for rowID in events.carouselsEnded {
      carouselCompletions.removeValue(forKey: rowID)?()
    }
    if events.batchEnded, hasPendingContent {
      submit()
      _ = animator.advance(to: now)
    }
  }

  /// Ends any animation at once (a key moved the focus, the size changed),
  /// completing it for the holders, and lets a waiting change in.
  func snap() {
    defer { discardRetired() }
    animator.finish()
    completeEverything()
    if hasPendingContent { submit() }
  }

  /// Calls every outstanding holder completion.
  private func completeEverything() {
    let table = tableCompletion
    let carousels = carouselCompletions.sorted { $0.key < $1.key }.map(\.value)
    tableCompletion = nil
    carouselCompletions = [:]
    table?()
    for completion in carousels { completion() }
  }

  // MARK: - Live holders

  /// The table holder committed a batch: lay it out and animate it; its
  /// `completion` runs when the table's own animation has ended.
  func tableDidCommit(
    _ sections: [ShelfSection], delta: SectionDelta, completion: @escaping () -> Void
  ) {
    // A batch the watchdog released may still be drawing: end it first.
    animator.finish()
    completeEverything()
    let content = ShelfContent(title: source.title, sections: sections)
    if let transition = commit(content, delta: delta, carouselsStartWithTable: false) {
      tableCompletion = completion
      liveTable?.prepareCarousels(for: transition)
    } else {
      completion()
    }
    onNeedsDisplay?()
  }

  /// The table holder asks for a redraw without animation.
  func tableDidReload(_ sections: [ShelfSection]) {
    animator.finish()
    completeEverything()
    commit(
      ShelfContent(title: source.title, sections: sections), animated: false,
      carouselsStartWithTable: false)
    onNeedsDisplay?()
  }

  /// A carousel's holder delivered its batch: the carousel replays its
  /// `delta` from the next frame, and `completion` runs when it ends (at once
  /// if nothing of it shows).
  func carouselDidBegin(
    _ rowID: String, delta: IndexDelta, completion: @escaping () -> Void
  ) {
    guard animator.isWaiting(forCarousel: rowID) else {
      completion()
      return
    }
    animator.resolveCarousel(rowID, with: delta)
    animator.startCarouselAtNextFrame(rowID)
    carouselCompletions[rowID] = completion
    onNeedsDisplay?()
  }

  /// A carousel has nothing (more) to animate — its batch ended, its holder
  /// reloaded, or it has no holder: its cards show as they are now.
  func carouselDidSettle(_ rowID: String) {
    animator.completeCarousel(rowID)
    carouselCompletions.removeValue(forKey: rowID)?()
    onNeedsDisplay?()
  }

  // MARK: - Frames

  // MARK: - Retired values

  /// Hands what the screen let go of (ended transitions holding old
  /// content, a replaced layout) to `onDiscard`, or frees it now.
  private func discardRetired() {
    var values: [any Sendable] = []
    swap(&values, &retired)
    for transition in animator.takeRetired() { values.append(transition) }
    guard !values.isEmpty, let onDiscard else { return }
    // Moved, not copied: whichever thread drops the last reference frees it.
    onDiscard(RetiredValues(values: consume values))
  }

  /// The frame at time `now` of the table and its chrome, `size` being the
  /// screen less the message area.
  func renderTable(size: Size, now: UInt64) -> Canvas {
    guard size.width >= Metrics.minimumSize.width, size.height >= Metrics.minimumSize.height else {
      advance(to: now)  // batches still end (the holders wait for them), unseen
      animator.noteFrame(at: now)
      var canvas = Canvas(size: size)
      drawTooSmall(into: &canvas)
      return canvas
    }
    if lastSize != size { adopt(size) }
    advance(to: now)
    var canvas: Canvas
    if reusesEarlierFrames {
      let scene =
        animator.scene(at: now)
        ?? Layout.scene(of: model, state: state, size: size, memo: &layoutMemo)
      canvas = SceneRenderer.compose(scene, images: &images)
    } else {
      let scene = animator.scene(at: now) ?? Layout.scene(of: model, state: state, size: size)
      canvas = Canvas(size: size)
      SceneRenderer.draw(scene, into: &canvas)
    }
    drawNoMatches(into: &canvas)
    drawStatusLine(into: &canvas)
    drawKeyHint(into: &canvas)
    switch overlay {
    case .none: break
    case .details: drawDetails(into: &canvas)
    case .help: drawHelp(into: &canvas)
    }
    return canvas
  }

  /// Takes `size` as the terminal's new size, whether a frame or a key saw it
  /// first: ends any animation and brings the focus back into view.
  func adopt(_ size: Size) {
    lastSize = size
    snap()
    state.revealFocusedCard(in: model, size: size)
    state.revealFocusedRow(in: model, size: size)
  }

  /// When the next frame is due while something moves (or a batch is on its
  /// way from the holders); nil when nothing does.
  public func nextFrameDeadline(now: UInt64) -> UInt64? {
    advance(to: now)
    if let deadline = animator.nextFrameDeadline(now: now) { return deadline }
    if let liveTable, !liveTable.isIdle { return now + animator.frameInterval }
    return nil
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
  var focusedCard: CardFace? {
    guard model.rows.indices.contains(state.focusRow) else { return nil }
    let cards = model.rows[state.focusRow].cards
    return cards.indices.contains(state.focusCard) ? cards[state.focusCard] : nil
  }

  /// The focused row, if there are rows.
  var focusedRow: CarouselRow? {
    model.rows.indices.contains(state.focusRow) ? model.rows[state.focusRow] : nil
  }
}

// MARK: - Inspection (tests and the executable)

extension ShelfScreen {
  /// The ids of the focused row and card.
  package var focusedIDs: (row: String?, card: String?) {
    (focusedRow?.id, focusedCard?.id)
  }

  /// The first visible card the row with `rowID` remembers (0 if never scrolled).
  package func rememberedOffset(ofRow rowID: String) -> Int { state.offsets[rowID] ?? 0 }

  /// The content line at the top of the table.
  package var scrollLine: Int { state.scrollY }

  /// Whether the details panel is open.
  package var isShowingDetails: Bool { overlay == .details }

  /// Whether the help overlay is open.
  package var isShowingHelp: Bool { overlay == .help }

  /// The filter text, and whether the prompt takes keys.
  package var filter: (query: String, isEditing: Bool) { (filterQuery, isEditingFilter) }

  /// The ids of the rows shown, top to bottom.
  package var shownRowIDs: [String] { model.rows.map(\.id) }
}

import ShelfDiff

/// The table of carousels as a view: the one place where new content becomes
/// frames. It owns the live holders and their handshake, the layout of what
/// it shows (a `DisplayModel`) with the focus and scroll positions (a
/// `ViewState`), the running transitions, and the drawn rows kept between
/// frames. `ShelfScreen` owns one, tells it what to show and where the focus
/// goes, and draws its chrome and overlays over the frames it gets back.
///
/// How a change becomes frames, in order:
///
/// 1. **Content in.** `submit(_:delta:)` takes the rows to show (already
///    filtered by the screen), with their delta over rows of cards when one
///    came. On the live path they go to `LiveTable` (`LiveTable.swift`),
///    whose `CollectionSectionData` replays the delta (or diffs, given none)
///    on its own queue; on the immediate path (headless frames, tests) they
///    are committed at once, or wait, newest only, while a batch is in flight.
/// 2. **Holder delta.** The table's holder reports its checked `SectionDelta`
///    as a `LiveTableEvent` (`.committed`) to `handle(_:)` on the main queue.
///    Rows whose cards changed are not redrawn by the table: each changed
///    row's carousel starts from the row's own card changes in that delta,
///    and `LiveTable` hands them to the row's `LiveCarousel`, whose own
///    `CollectionData` replays them (`.carouselBegan`) and ends with the
///    carousel (`.carouselSettled`).
/// 3. **Transition.** `commit(_:delta:animated:carouselsStartWithTable:)` lays
///    out the new content, finds the focus in it (`ViewState.resolve`) while
///    keeping the focused row's place on screen, and makes a `TableTransition`
///    from the layout before to the layout after. `TableAnimator` runs it in
///    time; each handed-over carousel replays its holder's delta in a
///    `CarouselTransition`.
/// 4. **Frames.** `render(size:now:)` moves the animator to `now` (completing
///    the holders' batches as their animations end), takes its `Scene` at
///    `now` — at rest, the plain `Layout.scene` — and draws it with
///    `SceneRenderer`, reusing the rows and headers drawn for earlier frames
///    (`SceneImages`).
///
/// A batch is complete, and the holders may deliver the next one, when the
/// table's own transition has ended and every carousel it handed a row to has
/// settled; changes arriving meanwhile coalesce. Old values it lets go of go
/// to `onDiscard`.
///
/// It does no I/O and reads no clock: time arrives as `now`, monotonic milliseconds.
@MainActor
final class TableView {
  /// How the table animates.
  let configuration: ScreenConfiguration
  /// What the table shows now, laid out.
  private(set) var model: DisplayModel
  /// The configuration's card style, its `auto` width measured on the first
  /// content with cards and kept from then on: cards do not change width as
  /// the data changes.
  private var cardStyle: CardStyle
  /// Focus and scroll positions.
  var state = ViewState()
  /// The size of the last frame or key, used to keep the focus in view when
  /// content changes between frames.
  private(set) var lastSize: Size?
  /// The animation in progress, if any.
  var animator: TableAnimator
  /// The newest content that arrived while a batch was in flight (immediate path).
  private var pendingContent: ShelfContent?
  /// The title of the newest content submitted.
  private var title: String
  /// Whether a change puts the focus back on the first card (for frames
  /// whose last frame must be the first screen of the new content).
  var resetsFocusOnChange = false
  /// The live holders, when content flows through them.
  private(set) var liveTable: LiveTable?
  /// The table holder's completion for the batch on screen.
  private(set) var tableCompletion: (() -> Void)?
  /// How many batches the table's holder has committed (benchmarks wait for one).
  private(set) var commitCount = 0
  /// Each carousel holder's completion for its batch on screen, by row id.
  private(set) var carouselCompletions: [String: () -> Void] = [:]
  /// Whether frames reuse the row placements and drawn rows of earlier ones
  /// (tests turn it off to hold the reuse to a table drawn from scratch).
  var reusesEarlierFrames = true
  /// The rows and headers of the last frame, drawn: the next frame reuses
  /// those that show the same.
  private var images = SceneImages()
  /// The row placements of the last still frame.
  private var layoutMemo = LayoutMemo()
  /// Whether `render` keeps the scene it drew (the screen marks cards on it).
  var keepsShownScene = false
  /// The scene of the last frame, when `keepsShownScene`.
  private(set) var shownScene: Scene?
  /// Replaced layouts not yet handed to `onDiscard`.
  private var retired: [any Sendable] = []

  /// Called when a batch from the live holders changed the table between
  /// frames, so a frame should be drawn soon.
  var onNeedsDisplay: (@MainActor () -> Void)?
  /// Receives the old values the table no longer needs; when nil they are
  /// freed on the spot.
  var onDiscard: ((consuming RetiredValues) -> Void)?

  /// Where the cards find their covers; nil shows placeholders.
  var covers: (any CoverSource)?
  /// Lines of each card's cover area now: `configuration.coverLines`, or
  /// what fits the screen when it follows the screen's size.
  private(set) var coverLines: Int
  /// The covers of the last frame, where they stand, when nothing moved in
  /// it; empty during motion, and unless `findsRestingCovers`.
  private(set) var restingCovers: [PlacedCover] = []
  /// Whether each frame finds its `restingCovers`.
  var findsRestingCovers = false
  /// Marks on the cards what the shown `/` filter matched; nil while none is on.
  var highlighter: SearchHighlighter?
  /// The focus to give back once the table shows its row again (the filter
  /// was cleared), with its row's line on screen then; see `restoreFocus(_:)`.
  var focusToRestore: FocusMark?

  /// A table showing `content`, focused on its first card, whose new content takes `updates`.
  init(content: ShelfContent, configuration: ScreenConfiguration, updates: TableUpdatePath) {
    self.configuration = configuration
    cardStyle = configuration.cards
    cardStyle.width = cardStyle.width.measured(on: content)
    coverLines = configuration.coverLines
    model = DisplayModel(content, cardStyle: cardStyle, coverLines: coverLines)
    title = content.title
    animator = TableAnimator(configuration: configuration)
    state.rememberIDs(in: model)
    if case .liveHolders(let clock) = updates {
      liveTable = LiveTable(
        rows: content.rows, clock: clock, animationDuration: configuration.effectiveDuration
      ) { [weak self] event in
        guard let self else { return event.completeUnhandled() }
        self.handle(event)
      }
    }
  }

  /// Whether a batch is in flight (animating, or waiting for a carousel).
  var isBusy: Bool { animator.isBusy }

  /// Sends `content` on its way to the screen: through the holders, or at
  /// once. A `delta` of the rows of cards from the content submitted before
  /// (the screen's content chain made one) spares the holder a diff; it
  /// still checks it by replay.
  func submit(_ content: ShelfContent, delta: SectionDelta? = nil) {
    title = content.title
    if let liveTable {
      if let delta {
        liveTable.submit(content.rows, delta: delta)
      } else {
        liveTable.submit(content.rows)
      }
    } else if animator.isBusy {
      pendingContent = content  // only the newest waits
    } else {
      pendingContent = nil
      commit(content, carouselsStartWithTable: true)
    }
  }

  /// Makes `content` the table's data and starts the transition from what is
  /// on screen, unless nothing visible changes, animation is off, or the batch
  /// is too large to animate. `delta`, the change of the rows of cards, gives
  /// the rows' motion; the headers' is derived from it (`DisplayModel.sectionDelta`).
  /// `startLines` are where the entries of the table now stand on screen, by
  /// index, when a transition was cut short (`linesOnScreen`): the new one
  /// starts from them.
  ///
  /// - Returns: the transition begun, if any.
  @discardableResult
  func commit(
    _ content: ShelfContent, delta: SectionDelta? = nil, animated: Bool = true,
    carouselsStartWithTable: Bool, startLines: [Int: Int] = [:]
  ) -> TableTransition? {
    // Carousels that start with the table have no holder: they diff here.
    // Otherwise each carousel's holder delivers its own delta.
    defer { discardRetired() }
    if cardStyle.width == .auto { cardStyle.width = cardStyle.width.measured(on: content) }
    let newModel = DisplayModel(content, cardStyle: cardStyle, coverLines: coverLines)
    let before = TransitionEnd(model: model, state: state)
    retired.append(model)  // the transition, if any, holds it too
    var after = state
    // The focused card keeps its place on screen, wherever it went in the data.
    var anchor =
      model.rows.indices.contains(state.focusRow)
      ? model.entry(ofRow: state.focusRow).y - state.scrollY : 0
    var isFocusGivenBack = false
    if let mark = focusToRestore, let rowID = mark.rowID, newModel.rowIndexByID[rowID] != nil {
      // The focus given back, where its row was on screen.
      after.focusedRowID = mark.rowID
      after.focusedCardID = mark.cardID
      anchor = mark.rowLine
      focusToRestore = nil
      isFocusGivenBack = true
    }
    after.reanchorOffsets(from: model, to: newModel)
    after.reanchorRememberedCards(from: model, to: newModel)
    after.resolve(in: newModel, previous: model)
    if resetsFocusOnChange {
      after = ViewState()
      after.rememberIDs(in: newModel)
    } else if newModel.rows.indices.contains(after.focusRow) {
      let shown =
        isFocusGivenBack
        ? nil
        : Self.scrollShowingInsertions(
          from: model, scrollY: state.scrollY, to: newModel,
          focusEntry: newModel.entryOfRow[after.focusRow],
          within: 2 * ViewState.bodyHeight(for: size))
      after.scrollY = shown ?? newModel.entry(ofRow: after.focusRow).y - anchor
    }
    after.revealFocusedCard(in: newModel, size: size)
    after.revealFocusedRow(in: newModel, size: size)
    model = newModel
    state = after
    guard animated, configuration.effectiveDuration > 0, lastSize != nil else { return nil }
    let transition = TableTransition(
      from: before, to: TransitionEnd(model: newModel, state: after), size: size,
      delta: delta.flatMap { newModel.sectionDelta(from: before.model, rowDelta: $0.sections) },
      carouselsAwaitDeltas: !carouselsStartWithTable, startLines: startLines)
    if transition.visibleChangeCount > configuration.largeBatchLimit || transition.isStill {
      return nil
    }
    animator.begin(transition, carouselsStartWithTable: carouselsStartWithTable)
    return transition
  }

  /// The scroll that keeps the entry at the top of the screen on its line,
  /// when entries were inserted between it and the focused row: they are on
  /// screen, so they grow there and push the focus down, rather than the
  /// focus keeping its line and everything above it jumping out of view.
  /// Nil when nothing was inserted there, or the focus went further than
  /// `lines` below it (the focus keeps its line, and an insertion above the
  /// screen is absorbed by the scroll position).
  ///
  /// - Complexity: O(entries in `lines`).
  private static func scrollShowingInsertions(
    from old: DisplayModel, scrollY: Int, to new: DisplayModel, focusEntry: Int, within lines: Int
  ) -> Int? {
    let top = old.firstEntry(reachingBelow: scrollY)
    guard old.entries.indices.contains(top),
      let newTop = new.entryIndexByID[old.entries[top].id], newTop < focusEntry,
      new.entries[focusEntry].y - new.entries[newTop].y <= lines,
      (newTop..<focusEntry).contains(where: { old.entryIndexByID[new.entries[$0].id] == nil })
    else { return nil }
    return new.entries[newTop].y + scrollY - old.entries[top].y
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
    if events.batchEnded, let content = pendingContent.take() {
      submit(content)
      _ = animator.advance(to: now)
    }
  }

  /// Where the running transition's last frame drew the table's entries
  /// (by index in the table's model), if it is cut short mid-way: a change
  /// that takes over starts from them, as UIKit animates a batch from where
  /// the presentation layer shows each view, rather than from where the cut
  /// batch would have ended (a jump). Empty when nothing is drawn moving.
  var linesOnScreen: [Int: Int] {
    guard let running = animator.transition, running.size == lastSize,
      let progress = animator.progressOnScreen, progress < 1
    else { return [:] }
    return running.linesOnScreen(at: progress)
  }

  /// Ends any animation at once (a key moved the focus, the size changed),
  /// completing it for the holders, and lets a waiting change in.
  func snap() {
    defer { discardRetired() }
    animator.finish()
    completeEverything()
    if let content = pendingContent.take() { submit(content) }
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

  /// What the live holders report, in one place (see `LiveTableEvent` for
  /// their order in a batch).
  func handle(_ event: LiveTableEvent) {
    switch event {
    case .committed(let rows, let delta, let changes, let completion):
      tableDidCommit(rows, delta: delta, changes: changes, completion: completion)
    case .reloaded(let rows):
      tableDidReload(rows)
    case .carouselBegan(let rowID, let delta, let completion):
      carouselDidBegin(rowID, delta: delta, completion: completion)
    case .carouselSettled(let rowID):
      carouselDidSettle(rowID)
    }
  }

  /// The table holder committed a batch: lay it out and animate it; its
  /// `completion` runs when the table's own animation has ended.
  private func tableDidCommit(
    _ rows: [CarouselRow], delta: SectionDelta, changes: RowCardChanges,
    completion: @escaping () -> Void
  ) {
    commitCount += 1
    // A batch the watchdog released may still be drawing: end it first,
    // and start the new one from where it left things on screen.
    let startLines = linesOnScreen
    animator.finish()
    completeEverything()
    let content = ShelfContent(title: title, rows: rows)
    if let transition = commit(
      content, delta: delta, carouselsStartWithTable: false, startLines: startLines)
    {
      tableCompletion = completion
      liveTable?.prepareCarousels(for: transition)
      // Each changed row's carousel replays its card changes from the
      // table's first frame: the delta says them already, so the change
      // reaches the screen without waiting for the carousels' holders
      // (which replay the same changes, and end with the animation).
      // A row the delta only named waits for its carousel's holder, which
      // diffs its cards off the main queue, as a row with no delta does.
      for t in changes.changedRows {
        let rowID = rows[t].id
        guard animator.isWaiting(forCarousel: rowID), let cards = changes.told(ofRow: t) else {
          continue
        }
        animator.resolveCarousel(rowID, with: cards)
        animator.startCarouselAtNextFrame(rowID)
      }
    } else {
      completion()
    }
    onNeedsDisplay?()
  }

  /// The table holder asks for a redraw without animation.
  private func tableDidReload(_ rows: [CarouselRow]) {
    commitCount += 1
    animator.finish()
    completeEverything()
    commit(
      ShelfContent(title: title, rows: rows), animated: false,
      carouselsStartWithTable: false)
    onNeedsDisplay?()
  }

  /// A carousel's holder delivered its batch: the carousel replays its
  /// `delta` from the next frame, and `completion` runs when it ends (at once
  /// if nothing of it shows).
  private func carouselDidBegin(
    _ rowID: String, delta: IndexDelta, completion: @escaping () -> Void
  ) {
    if animator.isWaiting(forCarousel: rowID) {
      animator.resolveCarousel(rowID, with: delta)
      animator.startCarouselAtNextFrame(rowID)
    } else if !animator.isRunning(carousel: rowID) {
      completion()
      return
    }
    // Started with the table already (its changes came with the table's
    // delta): the holder's batch ends with the carousel's animation.
    carouselCompletions[rowID] = completion
    onNeedsDisplay?()
  }

  /// A carousel has nothing (more) to animate — its batch ended, its holder
  /// reloaded, or it has no holder: its cards show as they are now.
  private func carouselDidSettle(_ rowID: String) {
    animator.completeCarousel(rowID)
    carouselCompletions.removeValue(forKey: rowID)?()
    onNeedsDisplay?()
  }

  // MARK: - Frames

  /// The table at time `now` on a screen of `size` (the status line and key
  /// hint left blank for the screen to draw).
  func render(size: Size, now: UInt64) -> Canvas {
    adopt(size)
    advance(to: now)
    let moving = animator.scene(at: now)
    if reusesEarlierFrames {
      var scene = moving ?? Layout.scene(of: model, state: state, size: size, memo: &layoutMemo)
      if let highlighter { scene = highlighter.marked(scene) }
      if let covers { scene = covered(scene, by: covers, isStill: moving == nil) }
      restingCovers = moving == nil && findsRestingCovers ? Self.placedCovers(in: scene) : []
      if keepsShownScene { shownScene = scene }
      return SceneRenderer.compose(scene, images: &images)
    }
    var scene = moving ?? Layout.scene(of: model, state: state, size: size)
    if let highlighter { scene = highlighter.marked(scene) }
    if let covers { scene = covered(scene, by: covers, isStill: moving == nil) }
    restingCovers = moving == nil && findsRestingCovers ? Self.placedCovers(in: scene) : []
    if keepsShownScene { shownScene = scene }
    var canvas = Canvas(size: size)
    SceneRenderer.draw(scene, into: &canvas)
    return canvas
  }

  /// Time passes without a frame of the table (the screen is too small to
  /// show it): batches still end, unseen, since the holders wait for them.
  func skipFrame(at now: UInt64) {
    advance(to: now)
    animator.noteFrame(at: now)
  }

  /// Records that a frame was drawn at `now` without drawing one.
  func markFrameDrawn(at now: UInt64) {
    animator.noteFrame(at: now)
  }

  /// Takes `size` as the terminal's new size, whether a frame or a key saw it
  /// first: if it changed, ends any animation and brings the focus back into view.
  func adopt(_ size: Size) {
    guard lastSize != size else { return }
    lastSize = size
    snap()
    fitCovers(to: size)
    state.revealFocusedCard(in: model, size: size)
    state.revealFocusedRow(in: model, size: size)
  }

  /// Gives the cards the cover area that fits `size`, when it follows the
  /// screen's size: the rows are laid out again at the new height (the
  /// covers are then asked for at the new size).
  private func fitCovers(to size: Size) {
    guard configuration.coverLinesFollowScreen, coverLines > 0 else { return }
    let lines = Metrics.defaultCoverLines(forScreenSize: size)
    guard lines != coverLines else { return }
    coverLines = lines
    retired.append(model)
    model = DisplayModel(model.content, cardStyle: cardStyle, coverLines: lines)
    layoutMemo = LayoutMemo()
    images = SceneImages()
    discardRetired()
  }

  /// When the next frame is due while something moves (or a batch is on its
  /// way from the holders); nil when nothing does.
  func nextFrameDeadline(now: UInt64) -> UInt64? {
    advance(to: now)
    if let deadline = animator.nextFrameDeadline(now: now) { return deadline }
    if let liveTable, !liveTable.isIdle { return now + animator.frameInterval }
    return nil
  }

  // MARK: - Retired values

  /// Hands what the table let go of (ended transitions holding old content,
  /// a replaced layout) to `onDiscard`, or frees it now.
  private func discardRetired() {
    var values: [any Sendable] = []
    swap(&values, &retired)
    for transition in animator.takeRetired() { values.append(transition) }
    guard !values.isEmpty, let onDiscard else { return }
    // Moved, not copied: whichever thread drops the last reference frees it.
    onDiscard(RetiredValues(values: consume values))
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

/// The whole interactive screen — status line, table of carousels, key hint,
/// details and help overlays, filter prompt — as an object a backend drives:
/// it feeds keys and content in, and asks for canvases to show.
///
/// It does no I/O and reads no clock: time arrives as `now`, monotonic
/// milliseconds, in `render(size:now:)` and `nextFrameDeadline(now:)`.
@MainActor
public final class ShelfScreen {
  /// What overlays the table.
  enum Overlay: Hashable, Sendable {
    case none, details, help
  }

  /// How the screen animates.
  public let configuration: ScreenConfiguration
  /// Whether live updates flow, shown in the status line.
  public var liveStatus: LiveStatus = .off
  /// A note for the status line (such as a watch error); nil shows the focused card.
  public var message: String?

  /// The newest content given, before filtering.
  private(set) var source: ShelfContent
  /// What the table shows now: the source, filtered.
  private(set) var model: DisplayModel
  /// Focus and scroll positions.
  var state = ViewState()
  /// The open overlay.
  private(set) var overlay = Overlay.none
  /// The filter text; empty shows everything.
  private(set) var filterQuery = ""
  /// Whether keys are typed into the filter prompt.
  private(set) var isEditingFilter = false
  /// The size of the last frame or key, used to keep the focus in view when
  /// content changes between frames.
  private(set) var lastSize: Size?
  /// The animation in progress, if any.
  var animator: TableAnimator
  /// Whether a change arrived while a batch was in flight.
  private(set) var hasPendingContent = false
  /// Whether a change puts the focus back on the first card (for `frames`,
  /// whose last frame must be the first screen of the new content).
  var resetsFocusOnChange = false

  /// A screen showing `content`, focused on its first card.
  public init(content: ShelfContent, configuration: ScreenConfiguration = ScreenConfiguration()) {
    self.configuration = configuration
    source = content
    model = DisplayModel(content)
    animator = TableAnimator(configuration: configuration)
    state.rememberIDs(in: model)
  }

  /// Shows a new snapshot: the focused card keeps the focus wherever it moved,
  /// and the change animates.
  public func setContent(_ content: ShelfContent) {
    source = content
    present(filtered(content))
  }

  /// The one path every content change takes (new data or a new filter): while
  /// a batch is in flight the change waits, and only the newest waits (changes
  /// coalesce); otherwise the current and new layouts make a transition.
  private func present(_ content: ShelfContent) {
    if animator.isBusy {
      hasPendingContent = true
      return
    }
    hasPendingContent = false
    let newModel = DisplayModel(content)
    let before = LayoutSnapshot(model: model, state: state)
    let size = lastSize ?? Size(width: 80, height: 24)
    var after = state
    if resetsFocusOnChange {
      after = ViewState()
      after.rememberIDs(in: newModel)
    } else {
      let anchor =
        model.rows.indices.contains(state.focusRow)
        ? model.entry(ofRow: state.focusRow).y - state.scrollY : 0
      after.resolve(in: newModel, previous: model)
      if newModel.rows.indices.contains(after.focusRow) {
        after.scrollY = newModel.entry(ofRow: after.focusRow).y - anchor
      }
      after.revealFocusedCard(in: newModel, size: size)
      after.revealFocusedRow(in: newModel, size: size)
    }
    model = newModel
    state = after
    guard configuration.effectiveDuration > 0, lastSize != nil else { return }
    let transition = TableTransition(from: before, to: LayoutSnapshot(model: newModel, state: after), size: size)
    if transition.visibleChangeCount > configuration.largeBatchLimit || transition.isStill { return }
    animator.begin(transition)
  }

  /// Moves animations to `now`; a completed batch lets the waiting change in.
  private func advance(to now: UInt64) {
    if animator.advance(to: now).batchEnded, hasPendingContent {
      present(filtered(source))
      _ = animator.advance(to: now)
    }
  }

  /// Ends any animation at once (a key moved the focus, the size changed), and
  /// lets a waiting change in.
  private func snap() {
    guard animator.isBusy else { return }
    animator.finish()
    if hasPendingContent { present(filtered(source)) }
  }

  private func filtered(_ content: ShelfContent) -> ShelfContent {
    ShelfFilter.filtered(content, by: filterQuery)
  }

  // MARK: - Frames

  /// The frame at time `now` for a terminal of `size`.
  public func render(size: Size, now: UInt64) -> Canvas {
    var canvas = Canvas(size: size)
    guard size.width >= Metrics.minimumSize.width, size.height >= Metrics.minimumSize.height else {
      drawTooSmall(into: &canvas)
      return canvas
    }
    if lastSize != size {
      lastSize = size
      snap()
      state.revealFocusedCard(in: model, size: size)
      state.revealFocusedRow(in: model, size: size)
    }
    advance(to: now)
    let scene = animator.scene(at: now) ?? Layout.scene(of: model, state: state, size: size)
    SceneRenderer.draw(scene, into: &canvas)
    drawStatusLine(into: &canvas)
    drawKeyHint(into: &canvas)
    switch overlay {
    case .none: break
    case .details: drawDetails(into: &canvas)
    case .help: drawHelp(into: &canvas)
    }
    return canvas
  }

  /// When the next frame is due while something moves; nil when nothing does.
  public func nextFrameDeadline(now: UInt64) -> UInt64? {
    advance(to: now)
    return animator.nextFrameDeadline(now: now)
  }

  /// The first screen of `content` at `size`, as `shelf render` prints it: the
  /// same drawing code as the live screen.
  public static func renderFirstScreen(
    content: ShelfContent, size: Size, configuration: ScreenConfiguration = ScreenConfiguration()
  ) -> Canvas {
    ShelfScreen(content: content, configuration: configuration).render(size: size, now: 0)
  }

  // MARK: - Keys

  /// Handles one key or mouse event on a terminal of `size`.
  public func handle(_ key: Key, size: Size) -> ScreenCommand {
    if lastSize != size {
      lastSize = size
      snap()
    }
    let before = state
    let generation = animator.generation
    let command = dispatch(key, size: size)
    // A focus moved by a key ends the animation: the next frame shows where it
    // went. (A key that changed the content, the filter, animates instead.)
    if state != before && generation == animator.generation { snap() }
    return command
  }

  private func dispatch(_ key: Key, size: Size) -> ScreenCommand {
    if isEditingFilter, let command = handleFilterKey(key, size: size) { return command }
    switch overlay {
    case .help:
      if key == .character("q") { return .quit }
      overlay = .none
      return .redraw
    case .details:
      switch key {
      case .escape, .enter, .backspace:
        overlay = .none
        return .redraw
      default: break
      }
    case .none: break
    }
    return handleBrowsingKey(key, size: size)
  }

  private func handleBrowsingKey(_ key: Key, size: Size) -> ScreenCommand {
    let before = state
    switch key {
    case .up, .character("k"): state.moveRows(by: -1, in: model, size: size)
    case .down, .character("j"): state.moveRows(by: 1, in: model, size: size)
    case .left, .character("h"): state.moveCards(by: -1, in: model, size: size)
    case .right, .character("l"): state.moveCards(by: 1, in: model, size: size)
    case .home, .character("g"): state.moveRows(by: -model.rows.count, in: model, size: size)
    case .end, .character("G"): state.moveRows(by: model.rows.count, in: model, size: size)
    case .character("0"): state.focus(row: state.focusRow, card: 0, in: model, size: size)
    case .character("$"): state.focus(row: state.focusRow, card: .max, in: model, size: size)
    case .pageUp: state.moveRows(by: -rowsPerPage(size), in: model, size: size)
    case .pageDown: state.moveRows(by: rowsPerPage(size), in: model, size: size)
    case .enter:
      guard focusedCard != nil else { return .none }
      overlay = .details
      return .redraw
    case .character("?"), .function(1):
      overlay = .help
      return .redraw
    case .character("q"): return .quit
    case .escape:
      if !filterQuery.isEmpty {
        setFilter("")
        return .redraw
      }
      return .quit
    case .character(" "): return .togglePause
    case .character("."): return .stepOnce
    case .character("/"):
      isEditingFilter = true
      return .redraw
    case .control("l"): return .redraw
    case .mouse(let event): return handleMouse(event, size: size)
    default: return .none
    }
    return state == before ? .none : .redraw
  }

  /// Keys typed into the filter prompt; nil passes the key on to browsing.
  private func handleFilterKey(_ key: Key, size: Size) -> ScreenCommand? {
    switch key {
    case .character(let character):
      setFilter(filterQuery + String(character))
    case .backspace, .delete:
      if filterQuery.isEmpty {
        isEditingFilter = false
      } else {
        setFilter(String(filterQuery.dropLast()))
      }
    case .enter:
      isEditingFilter = false
    case .escape:
      isEditingFilter = false
      setFilter("")
    case .control("u"):
      setFilter("")
    default:
      return nil
    }
    return .redraw
  }

  private func setFilter(_ query: String) {
    guard query != filterQuery else { return }
    filterQuery = query
    present(filtered(source))
  }

  private func handleMouse(_ event: MouseEvent, size: Size) -> ScreenCommand {
    switch event.kind {
    case .wheelUp:
      let before = state
      state.moveRows(by: -1, in: model, size: size)
      return state == before ? .none : .redraw
    case .wheelDown:
      let before = state
      state.moveRows(by: 1, in: model, size: size)
      return state == before ? .none : .redraw
    case .click, .press:
      if overlay != .none {
        overlay = .none
        return .redraw
      }
      let scene = Layout.scene(of: model, state: state, size: size)
      for row in scene.rows where row.y <= event.position.y && event.position.y < row.y + row.height {
        guard let index = model.rowIndexByID[row.id] else { continue }
        let card = row.cards.first { $0.x <= event.position.x && event.position.x < $0.x + $0.width }
          .flatMap { hit in model.rows[index].cards.firstIndex { $0.id == hit.face.id } }
        let before = state
        state.focus(row: index, card: card ?? state.offset(ofRow: model.rows[index], strip: Metrics.strip(forScreenWidth: size.width)), in: model, size: size)
        return state == before ? .none : .redraw
      }
      return .none
    case .release:
      return .none
    }
  }

  private func rowsPerPage(_ size: Size) -> Int {
    max(1, ViewState.bodyHeight(for: size) / Metrics.rowHeight)
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

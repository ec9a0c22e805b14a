extension TableView {
  // MARK: - Moving the focus

  /// The size of the last frame or key (80 x 24 before either).
  var size: Size { lastSize ?? Size(width: 80, height: 24) }

  /// Moves the focus `delta` rows down (negative: up).
  func moveRows(by delta: Int) {
    state.moveRows(by: delta, in: model, size: size)
  }

  /// Moves the focus `delta` cards right (negative: left) within its row.
  func moveCards(by delta: Int) {
    state.moveCards(by: delta, in: model, size: size)
  }

  /// Moves the focus to the first row of the next section (`direction`
  /// positive) or, going back, to the first row of its own section, or of
  /// the section before when it is there already. Nothing moves past the
  /// first or last section.
  func moveToSection(by direction: Int) {
    guard model.rows.indices.contains(state.focusRow) else { return }
    func section(_ row: Int) -> Int { model.entry(ofRow: row).section }
    /// The first row of the section holding `row`.
    func start(_ row: Int) -> Int {
      var first = row
      while first > 0 && section(first - 1) == section(row) { first -= 1 }
      return first
    }
    let row = state.focusRow
    let target: Int?
    if direction > 0 {
      target = (row + 1..<model.rows.count).first { section($0) != section(row) }
    } else {
      let first = start(row)
      target = first < row ? first : (first > 0 ? start(first - 1) : nil)
    }
    guard let target else { return }
    moveRows(by: target - row)
  }

  /// Focuses card `card` (clamped) of the focused row.
  func focusCard(_ card: Int) {
    state.focus(row: state.focusRow, card: card, in: model, size: size)
  }

  /// Scrolls the cards of the row at `point` by `delta` cards (a wheel) or
  /// by `delta` screenfuls (`byPage`, a click on ‹ or ›), and focuses that
  /// row on the card nearest the one it focused that stays in view. Nothing
  /// changes off the rows.
  func scrollCards(ofRowAt point: Point, by delta: Int, byPage: Bool = false) {
    let scene = Layout.scene(of: model, state: state, size: size)
    guard
      let placed = scene.rows.first(where: { $0.y <= point.y && point.y < $0.y + $0.height }),
      let index = model.rowIndexByID[placed.id]
    else { return }
    let strip = model.strip(forScreenWidth: size.width)
    let row = model.rows[index]
    let offset = state.offset(ofRow: row, strip: strip)
    let step = byPage ? delta * strip.visibleCards : delta
    let scrolled = min(max(0, offset + step), strip.maximumOffset(count: row.cards.count))
    let current =
      index == state.focusRow
      ? state.focusCard : state.rememberedCard(ofRow: index, in: model, strip: strip)
    // Paging focuses the new screenful's first card; the wheel keeps the
    // focused card while it stays in view.
    let card =
      byPage && scrolled != offset
      ? scrolled : min(max(current, scrolled), scrolled + strip.visibleCards - 1)
    state.offsets[row.id] = scrolled == 0 ? nil : scrolled
    state.focus(row: index, card: card, in: model, size: size)
  }

  /// Whether `point` is on the focused row's cards (below its title line):
  /// where the plain wheel scrolls cards rather than rows.
  func isOnFocusedRowCards(_ point: Point) -> Bool {
    let scene = Layout.scene(of: model, state: state, size: size)
    guard let placed = scene.rows.first(where: \.isFocused) else { return false }
    return placed.y + 1 <= point.y && point.y < placed.y + placed.height
  }

  /// Focuses what shows at `point`: the card there, or, off its cards, the
  /// row's remembered card. Nothing changes off the rows.
  func focus(at point: Point) {
    let scene = Layout.scene(of: model, state: state, size: size)
    for row in scene.rows where row.y <= point.y && point.y < row.y + row.height {
      guard let index = model.rowIndexByID[row.id] else { continue }
      let card = row.cards.first { $0.x <= point.x && point.x < $0.x + $0.width }
        .flatMap { hit in model.rows[index].cards.firstIndex { $0.id == hit.face.id } }
      let remembered = state.rememberedCard(
        ofRow: index, in: model, strip: model.strip(forScreenWidth: size.width))
      state.focus(row: index, card: card ?? remembered, in: model, size: size)
      return
    }
  }

  // MARK: - Giving the focus back

  /// The focus now: its row and card, and its row's line on screen.
  var focusMark: FocusMark {
    let line =
      model.rows.indices.contains(state.focusRow)
      ? model.entry(ofRow: state.focusRow).y - state.scrollY : 0
    return FocusMark(rowID: state.focusedRowID, cardID: state.focusedCardID, rowLine: line)
  }

  /// Gives the focus back to `mark`: at once when the table shows its row,
  /// and again when the next content that shows it is committed (the
  /// content it was taken from is on its way), its row on the same line.
  func restoreFocus(_ mark: FocusMark) {
    if let rowID = mark.rowID, let row = model.rowIndexByID[rowID] {
      let card = model.rows[row].cards.firstIndex { $0.id == mark.cardID } ?? state.focusCard
      state.focus(row: row, card: card, in: model, size: size)
    }
    focusToRestore = mark
  }
}

/// Where the focus was: what `TableView.restoreFocus(_:)` gives back.
struct FocusMark: Equatable, Sendable {
  /// The focused row's id.
  var rowID: String?
  /// The focused card's id.
  var cardID: String?
  /// The focused row's line in the body (from the top of the table).
  var rowLine: Int
}

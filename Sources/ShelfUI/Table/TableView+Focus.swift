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

  /// Focuses card `card` (clamped) of the focused row.
  func focusCard(_ card: Int) {
    state.focus(row: state.focusRow, card: card, in: model, size: size)
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
        ofRow: index, in: model, strip: Metrics.strip(forScreenWidth: size.width))
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

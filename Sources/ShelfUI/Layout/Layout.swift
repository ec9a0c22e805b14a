/// Computes the still scene of a model in a view state: only the entries and
/// cards that are on screen are placed, so the cost does not grow with the data.
enum Layout {
  /// The still scene of `model` at `size`, scrolled and focused as `state` says.
  ///
  /// - Complexity: O(log rows + visible rows × visible cards).
  static func scene(of model: DisplayModel, state: ViewState, size: Size) -> Scene {
    var scene = Scene(size: size, body: body(for: size))
    if model.rows.isEmpty && model.entries.isEmpty {
      scene.emptyMessage = "no rows"
      return scene
    }
    let lines = state.scrollY..<(state.scrollY + scene.body.height)
    for index in model.entries(covering: lines) {
      let entry = model.entries[index]
      if let row = entry.row {
        scene.entries.append(.row(placement(ofRow: row, in: model, state: state, size: size)))
      } else if let header = placement(ofHeader: index, in: model, state: state, size: size) {
        scene.entries.append(.header(header))
      }
    }
    return scene
  }

  /// The lines between the status line and the key hint.
  static func body(for size: Size) -> Rect {
    Rect(x: 0, y: 1, width: size.width, height: ViewState.bodyHeight(for: size))
  }

  /// Row `index` placed where `state` puts it (possibly off screen), with its
  /// visible cards.
  static func placement(ofRow index: Int, in model: DisplayModel, state: ViewState, size: Size)
    -> RowPlacement
  {
    let row = model.rows[index]
    let entry = model.entry(ofRow: index)
    let strip = Metrics.strip(forScreenWidth: size.width)
    let offset = state.offset(ofRow: row, strip: strip)
    let isFocused = index == state.focusRow
    var placement = RowPlacement(
      id: row.id, title: row.title,
      position: position(in: row, focused: isFocused ? state.focusCard : nil, offset: offset),
      isFocused: isFocused, y: body(for: size).minY + entry.y - state.scrollY,
      height: entry.height)
    if row.cards.isEmpty {
      placement.placeholder = model.placeholderText(ofRow: index)
      return placement
    }
    let end = min(row.cards.count, offset + strip.visibleCards)
    for cardIndex in offset..<end {
      placement.cards.append(
        CardPlacement(
          face: row.cards[cardIndex], x: strip.x(ofCard: cardIndex, offset: offset),
          width: strip.cardWidth, isFocused: isFocused && cardIndex == state.focusCard))
    }
    // The focused card is drawn last, over anything that overlaps it.
    if let focused = placement.cards.firstIndex(where: \.isFocused) {
      placement.cards.append(placement.cards.remove(at: focused))
    }
    placement.hasMoreLeft = offset > 0
    placement.hasMoreRight = end < row.cards.count
    return placement
  }

  /// The section header of entry `index` placed where `state` puts it.
  static func placement(ofHeader index: Int, in model: DisplayModel, state: ViewState, size: Size)
    -> HeaderPlacement?
  {
    guard let title = model.title(ofEntry: index) else { return nil }
    let entry = model.entries[index]
    return HeaderPlacement(
      id: model.content.sections[entry.section].id, title: title,
      y: body(for: size).minY + entry.y - state.scrollY, height: entry.height)
  }

  /// `3 / 24`: the focused card's place in the row, or the first visible card's.
  static func position(in row: CarouselRow, focused: Int?, offset: Int) -> String {
    guard !row.cards.isEmpty else { return "0 / 0" }
    return "\((focused ?? offset) + 1) / \(row.cards.count)"
  }
}

extension DisplayModel {
  /// The text shown in an empty row's strip.
  func placeholderText(ofRow index: Int) -> String {
    rows[index].id == ShelfFilter.noMatchesRowID ? "no matches" : "no cards"
  }
}

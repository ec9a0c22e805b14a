/// Computes the still scene of a model in a view state: only the entries and
/// cards that are on screen are placed, so the cost does not grow with the data.
enum Layout {
  /// The still scene of `model` at `size`, scrolled and focused as `state` says.
  ///
  /// - Complexity: O(log rows + visible rows × visible cards).
  static func scene(of model: DisplayModel, state: ViewState, size: Size) -> Scene {
    scene(of: model, state: state, size: size) { index in
      placement(ofRow: index, in: model, state: state, size: size)
    }
  }

  /// `scene(of:state:size:)`, reusing the row placements of earlier frames in
  /// `memo` where nothing a row shows has changed.
  static func scene(
    of model: DisplayModel, state: ViewState, size: Size, memo: inout LayoutMemo
  ) -> Scene {
    let scene = scene(of: model, state: state, size: size) { index in
      memo.placement(ofRow: index, in: model, state: state, size: size)
    }
    memo.endFrame()
    return scene
  }

  private static func scene(
    of model: DisplayModel, state: ViewState, size: Size, placeRow: (Int) -> RowPlacement
  ) -> Scene {
    var scene = Scene(size: size, body: body(for: size))
    if model.rows.isEmpty && model.entries.isEmpty {
      scene.emptyMessage = "no rows"
      return scene
    }
    for index in model.entries(covering: visibleLines(state: state, size: size)) {
      let entry = model.entries[index]
      if let row = entry.row {
        scene.entries.append(.row(placeRow(row)))
      } else if let header = placement(ofHeader: index, in: model, state: state, size: size) {
        scene.entries.append(.header(header))
      }
    }
    return scene
  }

  /// The indices of the rows a scene of `model` places, top to bottom.
  static func visibleRows(of model: DisplayModel, state: ViewState, size: Size) -> [Int] {
    model.entries(covering: visibleLines(state: state, size: size)).compactMap {
      model.entries[$0].row
    }
  }

  /// The content lines the body shows.
  private static func visibleLines(state: ViewState, size: Size) -> Range<Int> {
    state.scrollY..<(state.scrollY + body(for: size).height)
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
    let strip = model.strip(forScreenWidth: size.width)
    let offset = state.offset(ofRow: row, strip: strip)
    let isFocused = index == state.focusRow
    var placement = RowPlacement(
      id: row.id, title: row.title,
      position: position(
        in: row, card: state.rememberedCard(ofRow: index, in: model, strip: strip)),
      isFocused: isFocused, y: body(for: size).minY + entry.y - state.scrollY,
      height: entry.height)
    placement.cardLineCount = model.cardStyle.lineCount
    placement.strip = strip
    placement.coverLines = model.coverLines
    if row.cards.isEmpty {
      placement.placeholder = model.placeholderText(ofRow: index)
      return placement
    }
    let end = min(row.cards.count, offset + strip.visibleCards)
    placement.cards.reserveCapacity(end - offset)
    for cardIndex in offset..<end {
      placement.cards.append(
        CardPlacement(
          face: row.cards[cardIndex], x: strip.x(ofCard: cardIndex, offset: offset),
          width: strip.cardWidth, isFocused: isFocused && cardIndex == state.focusCard,
          style: model.cardStyle))
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
      id: model.sections[entry.section].id, title: title,
      y: body(for: size).minY + entry.y - state.scrollY, height: entry.height)
  }

  /// `3 / 24`: the place of card `card` in the row (the row's remembered card).
  static func position(in row: CarouselRow, card: Int) -> String {
    guard !row.cards.isEmpty else { return "0 / 0" }
    return "\(card + 1) / \(row.cards.count)"
  }
}

extension DisplayModel {
  /// The text shown in an empty row's strip.
  func placeholderText(ofRow index: Int) -> String {
    "no cards"
  }
}

/// The row placements of the last frame, by row id: a still screen, or one
/// scrolled up or down, places its rows again without placing their cards.
struct LayoutMemo {
  /// A placement and everything it was computed from, apart from the line.
  private struct Entry {
    var row: CarouselRow
    var width: Int
    var offset: Int
    var focusCard: Int?
    var rememberedCard: Int
    var placement: RowPlacement
  }

  private var rows = FrameCache<String, Entry>()

  /// `Layout.placement(ofRow:in:state:size:)`, from the memo when the row, the
  /// width, its scroll offset, its focus and its remembered card are what they were.
  ///
  /// - Complexity: O(1) when the row's cards are the same array as before.
  mutating func placement(ofRow index: Int, in model: DisplayModel, state: ViewState, size: Size)
    -> RowPlacement
  {
    let row = model.rows[index]
    let strip = model.strip(forScreenWidth: size.width)
    let offset = state.offset(ofRow: row, strip: strip)
    let focusCard = index == state.focusRow ? state.focusCard : nil
    let remembered = state.rememberedCard(ofRow: index, in: model, strip: strip)
    var placement = rows.value(for: row.id) {
      $0.width == size.width && $0.offset == offset && $0.focusCard == focusCard
        && $0.rememberedCard == remembered && $0.row == row
    } make: {
      Entry(
        row: row, width: size.width, offset: offset, focusCard: focusCard,
        rememberedCard: remembered,
        placement: Layout.placement(ofRow: index, in: model, state: state, size: size))
    }.placement
    let entry = model.entry(ofRow: index)
    placement.y = Layout.body(for: size).minY + entry.y - state.scrollY
    placement.height = entry.height
    return placement
  }

  /// Lets go of the placements of rows the last frame did not show.
  mutating func endFrame() { rows.endFrame() }

  /// How many placements the last frame kept (for tests).
  var count: Int { rows.count }
}

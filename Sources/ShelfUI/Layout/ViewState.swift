/// Where the user is: the focused card, each row's horizontal scroll position
/// and remembered card, and the table's vertical scroll position.
///
/// Focus is kept both by index (so moving is O(1)) and by id (so it follows the
/// card when the data changes); `resolve(in:)` re-derives the indices from the ids.
struct ViewState: Hashable, Sendable {
  /// The focused row, an index into the model's rows (0 when there are none).
  var focusRow = 0
  /// The focused card within the focused row (0 when the row is empty).
  var focusCard = 0
  /// The focused row's id, followed across content changes.
  var focusedRowID: String?
  /// The focused card's id, followed across content changes.
  var focusedCardID: String?
  /// Each row's first visible card, by row id; rows never scrolled are absent (0).
  var offsets: [String: Int] = [:]
  /// Each row's remembered card — the card last focused in it — by row id;
  /// rows never focused are absent (they remember their first card on screen).
  var rememberedCards: [String: RememberedCard] = [:]
  /// The content line shown at the top of the table.
  var scrollY = 0

  /// The first visible card of row `row`, clamped to the row's length.
  func offset(ofRow row: CarouselRow, strip: StripMetrics) -> Int {
    min(max(0, offsets[row.id] ?? 0), strip.maximumOffset(count: row.cards.count))
  }

  // MARK: - Identity

  /// Records the ids of the focused row and card from the indices.
  mutating func rememberIDs(in model: DisplayModel) {
    guard model.rows.indices.contains(focusRow) else {
      focusedRowID = nil
      focusedCardID = nil
      return
    }
    let row = model.rows[focusRow]
    focusedRowID = row.id
    focusedCardID = row.cards.indices.contains(focusCard) ? row.cards[focusCard].id : nil
    if let focusedCardID {
      rememberedCards[row.id] = RememberedCard(id: focusedCardID, index: focusCard)
    }
  }

  /// Finds the focus in a new model. The user browses a row, not a card: the
  /// focus follows its card while the card moves within its row, and follows
  /// the row when the row moves or changes section; when the card leaves the
  /// row (moved elsewhere, deleted, filtered out), the nearest card of the
  /// same row takes the focus. If the row itself is gone, the nearest
  /// surviving row does (the first one at or after its old place).
  ///
  /// - Complexity: O(cards of the focused row).
  mutating func resolve(in model: DisplayModel, previous: DisplayModel?) {
    defer { rememberIDs(in: model) }
    guard !model.rows.isEmpty else {
      focusRow = 0
      focusCard = 0
      return
    }
    let oldRow = focusRow
    let oldCard = focusCard
    if let rowID = focusedRowID, let row = model.rowIndexByID[rowID] {
      focusRow = row
      let cards = model.rows[row].cards
      if let cardID = focusedCardID {
        if cards.indices.contains(oldCard), cards[oldCard].id == cardID { return }
        if let index = cards.firstIndex(where: { $0.id == cardID }) {
          focusCard = index
          return
        }
      }
      focusCard = Self.nearestCard(
        to: oldCard, in: cards,
        survivingFrom: previous.flatMap { previous in
          previous.rowIndexByID[rowID].map { previous.rows[$0].cards }
        })
      return
    }
    // The row is gone: the nearest surviving row, the first at or after its old place.
    var target = min(oldRow, model.rows.count - 1)
    if let previous, previous.rows.indices.contains(oldRow) {
      for candidate in previous.rows[oldRow...].dropFirst() {
        if let index = model.rowIndexByID[candidate.id] {
          target = index
          break
        }
      }
    }
    focusRow = target
    let cards = model.rows[target].cards
    focusCard = cards.isEmpty ? 0 : min(oldCard, cards.count - 1)
  }

  /// The card of `cards` nearest to index `index`, preferring one that was in
  /// `old` (so the focus lands on a card that is already on screen, not one
  /// still growing in).
  static func nearestCard(
    to index: Int, in cards: [CardFace], survivingFrom old: [CardFace]?
  )
    -> Int
  {
    guard !cards.isEmpty else { return 0 }
    let start = min(index, cards.count - 1)
    guard let old else { return start }
    let oldIDs = Set(old.map(\.id))
    for distance in 0..<cards.count {
      for candidate in [start - distance, start + distance]
      where cards.indices.contains(candidate) && oldIDs.contains(cards[candidate].id) {
        return candidate
      }
    }
    return start
  }

  /// Keeps each scrolled row showing the same first card when its cards change
  /// (cards inserted or deleted before it would otherwise shift the strip).
  ///
  /// - Complexity: O(cards) of each scrolled row whose cards changed.
  mutating func reanchorOffsets(from old: DisplayModel, to new: DisplayModel) {
    for (rowID, offset) in offsets {
      guard let oldIndex = old.rowIndexByID[rowID], let newIndex = new.rowIndexByID[rowID] else {
        continue
      }
      let oldCards = old.rows[oldIndex].cards
      let newCards = new.rows[newIndex].cards
      guard oldCards.indices.contains(offset), oldCards != newCards else { continue }
      let firstID = oldCards[offset].id
      if newCards.indices.contains(offset), newCards[offset].id == firstID { continue }
      if let index = newCards.firstIndex(where: { $0.id == firstID }) {
        offsets[rowID] = index == 0 ? nil : index
      }
    }
  }

  // MARK: - Moving

  /// Focuses card `card` of row `row` (both clamped) and scrolls it into view.
  mutating func focus(row: Int, card: Int, in model: DisplayModel, size: Size) {
    guard !model.rows.isEmpty else { return }
    focusRow = min(max(0, row), model.rows.count - 1)
    let count = model.rows[focusRow].cards.count
    focusCard = count == 0 ? 0 : min(max(0, card), count - 1)
    rememberIDs(in: model)
    revealFocusedCard(in: model, size: size)
    revealFocusedRow(in: model, size: size)
  }

  /// Moves the focus `delta` rows down (negative: up), onto the target row's
  /// remembered card: the one its counter shows.
  mutating func moveRows(by delta: Int, in model: DisplayModel, size: Size) {
    guard !model.rows.isEmpty else { return }
    let strip = model.strip(forScreenWidth: size.width)
    let target = min(max(0, focusRow + delta), model.rows.count - 1)
    focus(
      row: target, card: rememberedCard(ofRow: target, in: model, strip: strip), in: model,
      size: size)
  }

  /// Moves the focus `delta` cards right (negative: left) within its row.
  mutating func moveCards(by delta: Int, in model: DisplayModel, size: Size) {
    focus(row: focusRow, card: focusCard + delta, in: model, size: size)
  }

  /// Scrolls the focused row horizontally so the focused card is whole on screen.
  mutating func revealFocusedCard(in model: DisplayModel, size: Size) {
    guard model.rows.indices.contains(focusRow) else { return }
    let strip = model.strip(forScreenWidth: size.width)
    let row = model.rows[focusRow]
    var offset = self.offset(ofRow: row, strip: strip)
    if focusCard < offset { offset = focusCard }
    if focusCard >= offset + strip.visibleCards { offset = focusCard - strip.visibleCards + 1 }
    offset = min(max(0, offset), strip.maximumOffset(count: row.cards.count))
    if offset == 0 { offsets[row.id] = nil } else { offsets[row.id] = offset }
  }

  /// Scrolls the table vertically so the focused row is whole on screen, with
  /// its section header too when it is the section's first row.
  mutating func revealFocusedRow(in model: DisplayModel, size: Size) {
    let bodyHeight = Self.bodyHeight(for: size)
    guard model.rows.indices.contains(focusRow), bodyHeight > 0 else {
      scrollY = 0
      return
    }
    let entryIndex = model.entryOfRow[focusRow]
    let entry = model.entries[entryIndex]
    var top = entry.y
    if entryIndex > 0, model.entries[entryIndex - 1].row == nil,
      entry.maxY - model.entries[entryIndex - 1].y <= bodyHeight
    {
      top = model.entries[entryIndex - 1].y
    }
    if scrollY > top { scrollY = top }
    if entry.maxY > scrollY + bodyHeight { scrollY = entry.maxY - bodyHeight }
    clampScroll(in: model, size: size)
    restOnWholeBlock(in: model, size: size, keeping: top..<entry.maxY)
  }

  /// Moves the vertical scroll to the nearest line where a block (a section
  /// header or a row) starts, so the screen never starts on a slice of a row,
  /// keeping the content lines `kept` on screen where that is possible.
  mutating func restOnWholeBlock(in model: DisplayModel, size: Size, keeping kept: Range<Int>) {
    let bodyHeight = Self.bodyHeight(for: size)
    let index = model.firstEntry(reachingBelow: scrollY)
    guard model.entries.indices.contains(index), model.entries[index].y != scrollY else { return }
    let above = model.entries[index].y
    let below = model.entries[index].maxY
    func keeps(_ line: Int) -> Bool {
      line <= kept.lowerBound && kept.upperBound <= line + bodyHeight
    }
    // The nearer start that keeps `kept` whole; else the one that keeps its top.
    let candidates =
      scrollY - above <= below - scrollY ? [above, below] : [below, above]
    if let line = candidates.first(where: keeps) {
      scrollY = line
    } else {
      scrollY = kept.lowerBound >= above && kept.lowerBound < below ? above : candidates[0]
    }
  }

  /// Keeps the vertical scroll position inside the table.
  mutating func clampScroll(in model: DisplayModel, size: Size) {
    let maximum = max(0, model.totalHeight - Self.bodyHeight(for: size))
    scrollY = min(max(0, scrollY), maximum)
  }

  /// Lines between the status line and the key hint.
  static func bodyHeight(for size: Size) -> Int { max(0, size.height - 2) }
}

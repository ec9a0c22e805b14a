/// The card a row remembers: the last one focused in it, by id, with its index
/// in the row (kept current as the row's cards change).
struct RememberedCard: Hashable, Sendable {
  /// The card's id, followed across content changes.
  var id: String
  /// The card's index in its row's cards.
  var index: Int
}

extension ViewState {
  // MARK: - Remembered cards

  /// The card row `index` of `model` remembers, the one its counter shows and
  /// ↑ ↓ land on: the focus in the focused row; elsewhere the card last
  /// focused in the row, or, in a row never focused, its first card on screen.
  ///
  /// - Complexity: O(1).
  func rememberedCard(ofRow index: Int, in model: DisplayModel, strip: StripMetrics) -> Int {
    if index == focusRow { return focusCard }
    let row = model.rows[index]
    if let card = rememberedCards[row.id], row.cards.indices.contains(card.index),
      row.cards[card.index].id == card.id
    {
      return card.index
    }
    return offset(ofRow: row, strip: strip)
  }

  /// Keeps each row's remembered card on the same card when the row's cards
  /// change: it follows the card while it moves within the row, and when the
  /// card leaves the row the nearest card of the row is remembered instead,
  /// as for the focus. A row that is gone keeps its memory for when it comes back.
  ///
  /// - Complexity: O(cards) of each remembered row whose cards changed.
  mutating func reanchorRememberedCards(from old: DisplayModel, to new: DisplayModel) {
    for (rowID, card) in rememberedCards {
      guard let newIndex = new.rowIndexByID[rowID] else { continue }
      let newCards = new.rows[newIndex].cards
      let oldCards = old.rowIndexByID[rowID].map { old.rows[$0].cards }
      if let oldCards, oldCards == newCards { continue }
      if newCards.indices.contains(card.index), newCards[card.index].id == card.id { continue }
      if let index = newCards.firstIndex(where: { $0.id == card.id }) {
        rememberedCards[rowID]?.index = index
      } else if newCards.isEmpty {
        rememberedCards[rowID] = nil
      } else {
        let index = Self.nearestCard(to: card.index, in: newCards, survivingFrom: oldCards)
        rememberedCards[rowID] = RememberedCard(id: newCards[index].id, index: index)
      }
    }
  }
}

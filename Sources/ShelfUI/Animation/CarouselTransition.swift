import ShelfDiff

/// One row's cards moving from their layout before a change to their layout
/// after it: a pure function of (cards before and after, offsets, delta, progress).
struct CarouselTransition: Sendable {
  /// The row.
  let rowID: String
  /// The cards before.
  let oldCards: [CardFace]
  /// The cards after.
  let newCards: [CardFace]
  /// The first visible card before.
  let oldOffset: Int
  /// The first visible card after.
  let newOffset: Int
  /// What happens to each card.
  let kinds: DeltaKinds
  /// Which card becomes which.
  let mapping: IndexMapping

  /// How far back to look for a still neighbour to move with; beyond it a
  /// card moves with the strip itself.
  static let neighbourSearchLimit = 64

  /// The transition of row `rowID` from `oldCards` to `newCards`.
  ///
  /// - Complexity: O(cards), for the delta.
  init(rowID: String, oldCards: [CardFace], oldOffset: Int, newCards: [CardFace], newOffset: Int) {
    self.rowID = rowID
    self.oldCards = oldCards
    self.newCards = newCards
    self.oldOffset = oldOffset
    self.newOffset = newOffset
    let delta = IndexDelta(from: oldCards, to: newCards)
    kinds = DeltaKinds(delta)
    mapping = IndexMapping(delta, oldCount: oldCards.count, newCount: newCards.count)
  }

  /// Whether anything in it moves or changes at all.
  var isStill: Bool { kinds.delta.isEmpty && oldOffset == newOffset }

  /// The cards visible before, by old index.
  func oldVisible(_ strip: StripMetrics) -> Range<Int> {
    min(oldOffset, oldCards.count)..<min(oldCards.count, oldOffset + strip.visibleCards)
  }

  /// The cards visible after, by new index.
  func newVisible(_ strip: StripMetrics) -> Range<Int> {
    min(newOffset, newCards.count)..<min(newCards.count, newOffset + strip.visibleCards)
  }

  /// How many visible things change: what a large batch is measured by.
  func visibleChangeCount(_ strip: StripMetrics) -> Int {
    var count = 0
    for new in newVisible(strip) where kinds.kind(new: new) != .stable || kinds.isReloaded(new: new)
    {
      count += 1
    }
    for old in oldVisible(strip) {
      let new = mapping.newOfOld[old]
      if new < 0 || !newVisible(strip).contains(new) { count += 1 }
    }
    return count
  }

  /// The cards on screen at eased progress `progress`, in drawing order.
  ///
  /// - Parameter focusedCard: the focused card's new index, if it is in this row.
  func cards(at progress: Double, strip: StripMetrics, focusedCard: Int?) -> [CardPlacement] {
    let width = strip.cardWidth
    func oldX(_ index: Int) -> Int { strip.x(ofCard: index, offset: oldOffset) }
    func newX(_ index: Int) -> Int { strip.x(ofCard: index, offset: newOffset) }
    func x(old: Int, new: Int) -> Int { Easing.lerp(oldX(old), newX(new), progress) }

    var still: [CardPlacement] = []
    var leaving: [CardPlacement] = []
    var arriving: [CardPlacement] = []
    var moving: [CardPlacement] = []
    var focused: [CardPlacement] = []
    var drawn = Set<Int>()  // new indices placed

    for new in newVisible(strip) {
      drawn.insert(new)
      let kind = kinds.kind(new: new)
      var card = CardPlacement(
        face: newCards[new], x: newX(new), width: width, isFocused: new == focusedCard)
      switch kind {
      case .inserted:
        card.x = changedX(new, on: .new, progress: progress, strip: strip)
        card.width = Easing.lerp(0, width, progress)
      case .stable, .moved, .deleted:
        card.x = x(old: mapping.oldOfNew[new], new: new)
      }
      if kinds.isReloaded(new: new) { card.highlight = 1 - progress }
      if card.isFocused {
        focused.append(card)
      } else if kind == .inserted {
        arriving.append(card)
      } else if kind == .moved {
        moving.append(card)
      } else {
        still.append(card)
      }
    }
    for old in oldVisible(strip) {
      let new = mapping.newOfOld[old]
      if new < 0 {
        var card = CardPlacement(face: oldCards[old], x: oldX(old), width: width, isFocused: false)
        card.x = changedX(old, on: .old, progress: progress, strip: strip)
        card.width = Easing.lerp(width, 0, progress)
        leaving.append(card)
      } else if !drawn.contains(new) {
        drawn.insert(new)
        let card = CardPlacement(
          face: newCards[new], x: x(old: old, new: new), width: width,
          isFocused: new == focusedCard,
          highlight: kinds.isReloaded(new: new) ? 1 - progress : 0)
        if card.isFocused {
          focused.append(card)
        } else if kinds.kind(new: new) == .moved {
          moving.append(card)
        } else {
          still.append(card)
        }
      }
    }
    return still + leaving + arriving + moving + focused
  }

  /// The cards an index counts among: an inserted card's neighbours are new
  /// cards, a deleted card's old ones.
  private enum Side {
    case old, new
  }

  private func kind(of index: Int, on side: Side) -> ChangeKind {
    side == .old ? kinds.kind(old: index) : kinds.kind(new: index)
  }

  /// Where a card at `old` before and `new` after is drawn at `progress`, and its
  /// place on `side`: before for old, after for new.
  private func travel(old: Int, new: Int, on side: Side, progress: Double, strip: StripMetrics)
    -> (drawn: Int, place: Int)
  {
    let before = strip.x(ofCard: old, offset: oldOffset)
    let after = strip.x(ofCard: new, offset: newOffset)
    return (Easing.lerp(before, after, progress), side == .old ? before : after)
  }

  /// `travel` for still card `index` of `side`.
  private func travel(still index: Int, on side: Side, progress: Double, strip: StripMetrics)
    -> (drawn: Int, place: Int)
  {
    side == .old
      ? travel(old: index, new: mapping.newOfOld[index], on: side, progress: progress, strip: strip)
      : travel(old: mapping.oldOfNew[index], new: index, on: side, progress: progress, strip: strip)
  }

  /// Where inserted card `index` (on the new side) or deleted card `index` (on
  /// the old side) is drawn: just right of the still card before it (where that
  /// card is now) and the inserted or deleted cards between them, as far as
  /// their gaps have opened or closed.
  private func changedX(_ index: Int, on side: Side, progress: Double, strip: StripMetrics) -> Int {
    let changed: ChangeKind = side == .old ? .deleted : .inserted
    let gap =
      side == .old
      ? Easing.lerp(strip.pitch, 0, progress) : Easing.lerp(0, strip.pitch, progress)
    var neighbour = index - 1
    var gaps = 0
    while neighbour >= 0 && index - neighbour <= Self.neighbourSearchLimit
      && kind(of: neighbour, on: side) == changed
    {
      gaps += gap
      neighbour -= 1
    }
    if neighbour >= 0 && kind(of: neighbour, on: side) == .stable {
      return travel(still: neighbour, on: side, progress: progress, strip: strip).drawn
        + strip.pitch + gaps
    }
    let first = neighbour + 1
    return strip.x(ofCard: first, offset: side == .old ? oldOffset : newOffset)
      + shiftOfStillNeighbour(before: first, on: side, progress: progress, strip: strip) + gaps
  }

  /// How far the nearest still card left of `index` on `side` is from its place
  /// there: an inserted card opens its gap travelling with it, a deleted card
  /// closes its gap so.
  private func shiftOfStillNeighbour(
    before index: Int, on side: Side, progress: Double, strip: StripMetrics
  ) -> Int {
    var neighbour = index - 1
    while neighbour >= 0 && index - neighbour <= Self.neighbourSearchLimit {
      if kind(of: neighbour, on: side) == .stable {
        let still = travel(still: neighbour, on: side, progress: progress, strip: strip)
        return still.drawn - still.place
      }
      neighbour -= 1
    }
    let first = travel(old: 0, new: 0, on: side, progress: progress, strip: strip)
    return first.drawn - first.place
  }
}

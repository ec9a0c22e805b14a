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
        card.x = insertedX(new: new, progress: progress, strip: strip)
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
        card.x = deletedX(old: old, progress: progress, strip: strip)
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

  /// Where inserted card `new` is drawn: just right of the still card before
  /// it (where that card is now) and the inserted cards between them, as far as
  /// their gaps have opened.
  private func insertedX(new: Int, progress: Double, strip: StripMetrics) -> Int {
    var index = new - 1
    var opened = 0
    while index >= 0 && new - index <= Self.neighbourSearchLimit
      && kinds.kind(new: index) == .inserted
    {
      opened += Easing.lerp(0, strip.pitch, progress)
      index -= 1
    }
    if index >= 0 && kinds.kind(new: index) == .stable {
      let old = mapping.oldOfNew[index]
      let x = Easing.lerp(
        strip.x(ofCard: old, offset: oldOffset), strip.x(ofCard: index, offset: newOffset), progress
      )
      return x + strip.pitch + opened
    }
    let first = index + 1
    return strip.x(ofCard: first, offset: newOffset)
      + shiftOfStillNeighbour(beforeNew: first, progress: progress, strip: strip) + opened
  }

  /// Where deleted card `old` is drawn: just right of the still card before it
  /// (where that card is now) and the deleted cards between them, as far as
  /// their gaps have closed.
  private func deletedX(old: Int, progress: Double, strip: StripMetrics) -> Int {
    var index = old - 1
    var remaining = 0
    while index >= 0 && old - index <= Self.neighbourSearchLimit
      && kinds.kind(old: index) == .deleted
    {
      remaining += Easing.lerp(strip.pitch, 0, progress)
      index -= 1
    }
    if index >= 0 && kinds.kind(old: index) == .stable {
      let new = mapping.newOfOld[index]
      let x = Easing.lerp(
        strip.x(ofCard: index, offset: oldOffset), strip.x(ofCard: new, offset: newOffset), progress
      )
      return x + strip.pitch + remaining
    }
    let first = index + 1
    return strip.x(ofCard: first, offset: oldOffset)
      + shiftOfStillNeighbour(beforeOld: first, progress: progress, strip: strip) + remaining
  }

  /// How far the nearest still card left of new index `new` is from its final
  /// place: an inserted card opens its gap travelling with it.
  private func shiftOfStillNeighbour(beforeNew new: Int, progress: Double, strip: StripMetrics)
    -> Int
  {
    var index = new - 1
    while index >= 0 && new - index <= Self.neighbourSearchLimit {
      if kinds.kind(new: index) == .stable {
        let old = mapping.oldOfNew[index]
        let final = strip.x(ofCard: index, offset: newOffset)
        return Easing.lerp(strip.x(ofCard: old, offset: oldOffset), final, progress) - final
      }
      index -= 1
    }
    let final = strip.x(ofCard: 0, offset: newOffset)
    return Easing.lerp(strip.x(ofCard: 0, offset: oldOffset), final, progress) - final
  }

  /// How far the nearest still card left of old index `old` is from its first
  /// place: a deleted card closes its gap travelling with it.
  private func shiftOfStillNeighbour(beforeOld old: Int, progress: Double, strip: StripMetrics)
    -> Int
  {
    var index = old - 1
    while index >= 0 && old - index <= Self.neighbourSearchLimit {
      if kinds.kind(old: index) == .stable {
        let new = mapping.newOfOld[index]
        let first = strip.x(ofCard: index, offset: oldOffset)
        return Easing.lerp(first, strip.x(ofCard: new, offset: newOffset), progress) - first
      }
      index -= 1
    }
    let first = strip.x(ofCard: 0, offset: oldOffset)
    return Easing.lerp(first, strip.x(ofCard: 0, offset: newOffset), progress) - first
  }
}

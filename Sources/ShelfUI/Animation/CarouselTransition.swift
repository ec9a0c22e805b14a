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
  /// For each old card its new index (-1: deleted), and for each new card its
  /// old index (-1: inserted), as replaying the delta places them.
  let newOfOld, oldOfNew: [Int]
  /// Whether the row's holder has not delivered its delta yet: until it does,
  /// the cards show as they were (and, once complete, as they are).
  let isPending: Bool
  /// How the row's card faces look.
  var faceStyle = CardStyle.standard

  /// The transition of row `rowID` from `oldCards` to `newCards`, replaying
  /// `delta` (the one the row's own holder computed and validated) when it
  /// describes these two arrays, else a delta computed here.
  ///
  /// - Complexity: O(cards) to check the delta's ids (plus the delta, if computed).
  init(
    rowID: String, oldCards: [CardFace], oldOffset: Int, newCards: [CardFace], newOffset: Int,
    delta: IndexDelta? = nil
  ) {
    self.rowID = rowID
    self.oldCards = oldCards
    self.newCards = newCards
    self.oldOffset = oldOffset
    self.newOffset = newOffset
    isPending = false
    if let delta, let mapping = Self.mapping(of: delta, from: oldCards, to: newCards) {
      kinds = DeltaKinds(delta)
      (oldOfNew, newOfOld) = mapping
      return
    }
    let computed = IndexDelta(from: oldCards, to: newCards)
    guard let mapping = computed.indexMapping(oldCount: oldCards.count, newCount: newCards.count)
    else { preconditionFailure("a computed delta does not fit its own arrays") }
    kinds = DeltaKinds(computed)
    (oldOfNew, newOfOld) = mapping
  }

  /// A transition of row `rowID` whose delta its holder has yet to deliver
  /// (`resolved(with:)` completes it): no diff is computed for it.
  init(
    pendingRowID rowID: String, oldCards: [CardFace], oldOffset: Int, newCards: [CardFace],
    newOffset: Int
  ) {
    self.rowID = rowID
    self.oldCards = oldCards
    self.newCards = newCards
    self.oldOffset = oldOffset
    self.newOffset = newOffset
    isPending = true
    kinds = DeltaKinds(IndexDelta())
    oldOfNew = []
    newOfOld = []
  }

  /// This transition replaying `delta`, the one its row's holder delivered.
  func resolved(with delta: IndexDelta) -> CarouselTransition {
    CarouselTransition(
      rowID: rowID, oldCards: oldCards, oldOffset: oldOffset, newCards: newCards,
      newOffset: newOffset, delta: delta)
  }

  /// The mapping of `delta` if it describes `old` becoming `new`: it fits their
  /// counts and every card it keeps has the same id on both sides.
  private static func mapping(of delta: IndexDelta, from old: [CardFace], to new: [CardFace])
    -> (oldOfNew: [Int], newOfOld: [Int])?
  {
    guard let mapping = delta.indexMapping(oldCount: old.count, newCount: new.count) else {
      return nil
    }
    for (newIndex, oldIndex) in mapping.oldOfNew.enumerated()
    where oldIndex >= 0 && old[oldIndex].id != new[newIndex].id {
      return nil
    }
    return mapping
  }

  /// Whether anything in it moves or changes at all.
  var isStill: Bool { !isPending && kinds.delta.isEmpty && oldOffset == newOffset }

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
    if isPending {
      // No delta yet: the visible slots whose card differs.
      let old = oldCards[oldVisible(strip)].map(\.id)
      let new = newCards[newVisible(strip)].map(\.id)
      return (0..<max(old.count, new.count)).count(where: {
        $0 >= old.count || $0 >= new.count || old[$0] != new[$0]
      })
    }
    var count = 0
    for new in newVisible(strip) where kinds.kind(new: new) != .stable || kinds.isReloaded(new: new)
    {
      count += 1
    }
    for old in oldVisible(strip) {
      let new = newOfOld[old]
      if new < 0 || !newVisible(strip).contains(new) { count += 1 }
    }
    return count
  }

  /// The cards on screen at eased progress `progress`, in drawing order.
  ///
  /// Still and moved cards slide from their old column to their new one. Each
  /// gap between two still cards holds, left to right, the deleted cards that
  /// were between them (each closing its slot) and then the inserted ones
  /// (each opening its slot), so a changed card never covers a still one.
  /// The focused card is whole on the strip in every frame and drawn last: an
  /// inserted one stands at its new place throughout.
  ///
  /// - Parameter focusedCard: the focused card's new index, if it is in this row.
  func cards(at progress: Double, strip: StripMetrics, focusedCard: Int?) -> [CardPlacement] {
    if isPending { return stillCards(atEnd: progress >= 1, strip: strip, focusedCard: focusedCard) }
    let width = strip.cardWidth
    let step = TransitionStep(progress)
    let slots = tripSlots(strip: strip, focusedCard: focusedCard)
    func oldX(_ index: Int) -> Int { strip.x(ofCard: slots.old.slot(index), offset: oldOffset) }
    func newX(_ index: Int) -> Int { strip.x(ofCard: slots.new.slot(index), offset: newOffset) }
    func x(old: Int, new: Int) -> Int {
      var from = oldX(old)
      if new == focusedCard {
        // The focused card starts where it showed whole, or from the nearest
        // place where it does: it never leaves the strip, even in part.
        from = max(strip.originX, min(from, strip.originX + strip.cardsWidth - width))
      }
      return Easing.lerp(from, newX(new), step.progress)
    }

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
        face: newCards[new], x: newX(new), width: width, isFocused: new == focusedCard,
        style: faceStyle)
      switch kind {
      case .inserted where card.isFocused:
        // The focus is on a card new to the row (every card it could stay
        // on left): it shows whole at its place from the first frame, over
        // the cards opening and closing around it, never growing from nothing.
        break
      case .inserted:
        card.x = changedX(new, on: .new, step: step, strip: strip, slots: slots)
        card.width = step.opened(width)
      case .stable, .moved, .deleted:
        card.x = x(old: oldOfNew[new], new: new)
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
      let new = newOfOld[old]
      if new < 0 {
        var card = CardPlacement(
          face: oldCards[old], x: oldX(old), width: width, isFocused: false, style: faceStyle)
        card.x = changedX(old, on: .old, step: step, strip: strip, slots: slots)
        card.width = step.closed(width)
        leaving.append(card)
      } else if !drawn.contains(new) {
        drawn.insert(new)
        let card = CardPlacement(
          face: newCards[new], x: x(old: old, new: new), width: width,
          isFocused: new == focusedCard,
          highlight: kinds.isReloaded(new: new) ? 1 - progress : 0, style: faceStyle)
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

  /// The cards as they were (or, `atEnd`, as they are), standing still; the
  /// focused card (a new index) is found among the old ones by its id. If it
  /// does not show among them (it is new to the row, or the focus came to it
  /// from a deleted card), the cards show as they are: the focused card is
  /// never missing while the holder's delta is on its way.
  private func stillCards(atEnd: Bool, strip: StripMetrics, focusedCard: Int?) -> [CardPlacement] {
    let focusedID = focusedCard.flatMap { newCards.indices.contains($0) ? newCards[$0].id : nil }
    let atEnd =
      atEnd
      || focusedID.map { id in !oldVisible(strip).contains { oldCards[$0].id == id } } ?? false
    let cards = atEnd ? newCards : oldCards
    let offset = atEnd ? newOffset : oldOffset
    let visible = atEnd ? newVisible(strip) : oldVisible(strip)
    var placed = visible.map { index in
      CardPlacement(
        face: cards[index], x: strip.x(ofCard: index, offset: offset), width: strip.cardWidth,
        isFocused: cards[index].id == focusedID, style: faceStyle)
    }
    if let focused = placed.firstIndex(where: \.isFocused) {
      placed.append(placed.remove(at: focused))
    }
    return placed
  }

  /// Where inserted card `index` (on the new side) or deleted card `index` (on
  /// the old side) is drawn: in the gap after the nearest still card before it,
  /// past that gap's slots before its own (deleted slots first, then inserted
  /// ones), each as far open or closed as `step` says.
  private func changedX(
    _ index: Int, on side: TransitionSide, step: TransitionStep, strip: StripMetrics,
    slots: (old: TripSlots, new: TripSlots)
  )
    -> Int
  {
    // The still card the gap follows; the start of the strip slides with it.
    guard let anchor = stillNeighbour(before: index, on: side) else {
      return strip.x(ofCard: index, offset: side == .old ? oldOffset : newOffset)
        + shiftOfStrip(on: side, step: step, strip: strip)
    }
    let (old, new) = (slots.old, slots.new)
    let anchorX = Easing.lerp(
      strip.x(ofCard: old.slot(anchor.old), offset: oldOffset),
      strip.x(ofCard: new.slot(anchor.new), offset: newOffset),
      step.progress)
    let closing: Int  // the gap's deleted (and moved-away) slots before this card
    let opening: Int  // the gap's inserted (and moved-in) slots before this card
    if side == .old {
      closing = old.slot(index) - old.slot(anchor.old) - 1
      opening = 0
    } else {
      let end = endOfOldGap(after: anchor.old, oldCount: oldCards.count)
      closing = old.slot(end) - old.slot(anchor.old) - 1
      opening = new.slot(index) - new.slot(anchor.new) - 1
    }
    return anchorX + strip.pitch
      + step.span(closing: closing * strip.pitch, opening: opening * strip.pitch)
  }

  /// The slots every card's trip is measured in, on each side: a card's own
  /// index where the strip shows it, and out of sight a queue just past each
  /// edge. A card that comes into view from far along the row sets off from
  /// just past the edge (behind the others coming from that side, in their
  /// order), and one that leaves the view stops just past it: no trip is much
  /// longer than the strip, so the cards leaving and the cards arriving are
  /// on it together and a reshuffled row never stands empty mid-change.
  ///
  /// Every index a drawn card's place is counted from (its own, the still
  /// card its gap follows, the end of that gap) has a slot of its own, in
  /// order, so the gaps open and close as they do without the queue.
  ///
  /// - Complexity: O(v log v) for v visible cards.
  private func tripSlots(strip: StripMetrics, focusedCard: Int?) -> (
    old: TripSlots, new: TripSlots
  ) {
    var old: [Int] = []
    var new: [Int] = []
    func followed(_ anchor: (old: Int, new: Int)?, closingGap: Bool) {
      guard let anchor else { return }
      old.append(anchor.old)
      new.append(anchor.new)
      if closingGap { old.append(endOfOldGap(after: anchor.old, oldCount: oldCards.count)) }
    }
    for index in newVisible(strip) {
      if oldOfNew[index] >= 0 {
        old.append(oldOfNew[index])
      } else if index != focusedCard {
        followed(stillNeighbour(before: index, on: .new), closingGap: true)
      }
    }
    for index in oldVisible(strip) {
      if newOfOld[index] >= 0 {
        new.append(newOfOld[index])
      } else {
        followed(stillNeighbour(before: index, on: .old), closingGap: false)
      }
    }
    return (
      TripSlots(shown: oldVisible(strip), counted: old),
      TripSlots(shown: newVisible(strip), counted: new)
    )
  }

  /// How far the strip itself has slid from its place on `side`.
  private func shiftOfStrip(on side: TransitionSide, step: TransitionStep, strip: StripMetrics)
    -> Int
  {
    let before = strip.x(ofCard: 0, offset: oldOffset)
    let after = strip.x(ofCard: 0, offset: newOffset)
    return Easing.lerp(before, after, step.progress) - (side == .old ? before : after)
  }
}

extension CarouselTransition: ItemChanges {
  func kind(old index: Int) -> ChangeKind { kinds.kind(old: index) }
  func kind(new index: Int) -> ChangeKind { kinds.kind(new: index) }
  func newIndex(ofOld index: Int) -> Int { newOfOld[index] }
  func oldIndex(ofNew index: Int) -> Int { oldOfNew[index] }
}

/// One side's slots for the cards' trips (see `CarouselTransition.tripSlots`):
/// an index the strip shows is its own slot; the counted indices out of sight
/// queue just past the edge they lie beyond, nearest first.
struct TripSlots: Sendable {
  /// The indices the strip shows.
  let shown: Range<Int>
  /// Counted indices before the shown ones, ascending.
  private let before: [Int]
  /// Counted indices after the shown ones, ascending.
  private let after: [Int]

  /// Slots for a strip showing `shown`, where the indices in `counted` (any
  /// order, repeats allowed) must each keep a slot of their own.
  init(shown: Range<Int>, counted: [Int]) {
    self.shown = shown
    let sorted = Set(counted).sorted()
    before = sorted.filter { $0 < shown.lowerBound }
    after = sorted.filter { $0 >= shown.upperBound }
  }

  /// The slot of `index`: itself when shown, else its place in the queue past
  /// its edge (an index that is not counted shares the next counted one's slot).
  func slot(_ index: Int) -> Int {
    if index >= shown.upperBound {
      return shown.upperBound + after.count { $0 < index }
    }
    if index < shown.lowerBound {
      return shown.lowerBound - 1 - before.count { $0 > index }
    }
    return index
  }
}

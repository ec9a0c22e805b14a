import ShelfDiff
import TestSupport
import Testing

@testable import ShelfUI

// Where cards sit part-way through a carousel's transition: an inserted card
// opens its gap at its new index, a deleted one closes its gap at its old index,
// still cards slide steadily, and nothing but a moved card covers another.

/// The seeds every property below runs over.
private let seeds = 0..<300 as Range<UInt64>

/// Progress values from 0 to 1 in twentieths.
private let progressSteps = (0...20).map { Double($0) / 20 }

/// A random change to a row: some cards deleted, some inserted, sometimes one
/// moved, and the first visible card perhaps scrolled.
private struct RandomCarouselChange {
  let transition: CarouselTransition
  let strip: StripMetrics

  init(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var pool = (0..<40).map { "c\($0)" }.shuffled(using: &rng)
    let old = (0..<Int.random(in: 0...14, using: &rng)).map { _ in pool.removeLast() }
    var new = old.filter { _ in Int.random(in: 0..<4, using: &rng) != 0 }
    for _ in 0..<Int.random(in: 0...5, using: &rng) {
      new.insert(pool.removeLast(), at: Int.random(in: 0...new.count, using: &rng))
    }
    if new.count > 1 && Bool.random(using: &rng) {
      let card = new.remove(at: Int.random(in: new.indices, using: &rng))
      new.insert(card, at: Int.random(in: 0...new.count, using: &rng))
    }
    if Int.random(in: 0..<4, using: &rng) == 0 {
      // A reshuffle, as the massive demo makes: cards travel the whole row.
      new.shuffle(using: &rng)
    }
    let width = [41, 60, 80, 120, 200][Int.random(in: 0..<5, using: &rng)]
    strip = Metrics.strip(forScreenWidth: width)
    let oldOffset = Int.random(in: 0...strip.maximumOffset(count: old.count), using: &rng)
    let newOffset =
      Bool.random(using: &rng)
      ? min(oldOffset, strip.maximumOffset(count: new.count))
      : Int.random(in: 0...strip.maximumOffset(count: new.count), using: &rng)
    func face(_ id: String) -> CardFace { CardFace(id: id, title: "Card \(id)") }
    transition = CarouselTransition(
      rowID: "row", oldCards: old.map(face), oldOffset: oldOffset, newCards: new.map(face),
      newOffset: newOffset)
  }

  /// Each placed card by id, at `progress`.
  func cards(at progress: Double) -> [String: CardPlacement] {
    let cards = transition.cards(at: progress, strip: strip, focusedCard: nil)
    return Dictionary(uniqueKeysWithValues: cards.map { ($0.face.id, $0) })
  }

  var oldIndex: [String: Int] {
    Dictionary(uniqueKeysWithValues: transition.oldCards.enumerated().map { ($1.id, $0) })
  }

  var newIndex: [String: Int] {
    Dictionary(uniqueKeysWithValues: transition.newCards.enumerated().map { ($1.id, $0) })
  }

  /// What happens to card `id`.
  func kind(of id: String) -> ChangeKind {
    if let new = newIndex[id] { return transition.kinds.kind(new: new) }
    return .deleted
  }

  func oldX(_ id: String) -> Int { strip.x(ofCard: oldIndex[id]!, offset: transition.oldOffset) }
  func newX(_ id: String) -> Int { strip.x(ofCard: newIndex[id]!, offset: transition.newOffset) }

  /// Whether a card drawn at `x` is out of sight on the same side of the
  /// strip as `place`, no further than the cards that could queue there.
  func isOutOfSight(_ x: Int, like place: Int) -> Bool {
    let (start, end) = (strip.originX, strip.originX + strip.cardsWidth)
    let queue = 3 * strip.visibleCards * strip.pitch
    if place + strip.cardWidth <= start {
      return x + strip.cardWidth <= start && x >= start - queue
    }
    if place >= end { return x >= end && x <= end + queue }
    return false
  }
}

/// Whether `values` never decrease.
private func isNondecreasing(_ values: [Int]) -> Bool {
  zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }
}

/// Whether `values` only ever move one way.
private func isMonotonic(_ values: [Int]) -> Bool {
  isNondecreasing(values) || isNondecreasing(values.reversed())
}

@Test(arguments: seeds)
func anInsertedCardGrowsFromNothingInItsGapAtItsNewIndex(seed: UInt64) {
  let change = RandomCarouselChange(seed: seed)
  let frames = progressSteps.map(change.cards(at:))
  let fullWidth = change.strip.cardWidth
  for (id, _) in frames[0] where change.kind(of: id) == .inserted {
    let widths = frames.map { $0[id]!.width }
    #expect(widths.first == 0 && widths.last == fullWidth, "seed \(seed) card \(id)")
    #expect(isNondecreasing(widths), "seed \(seed) card \(id): \(widths)")
    #expect(frames.last![id]!.x == change.newX(id), "seed \(seed) card \(id)")
  }
}

@Test(arguments: seeds)
func aDeletedCardShrinksToNothingAtItsOldPlace(seed: UInt64) {
  let change = RandomCarouselChange(seed: seed)
  let frames = progressSteps.map(change.cards(at:))
  let fullWidth = change.strip.cardWidth
  for (id, _) in frames[0] where change.kind(of: id) == .deleted {
    let widths = frames.map { $0[id]!.width }
    #expect(widths.first == fullWidth && widths.last == 0, "seed \(seed) card \(id)")
    #expect(isNondecreasing(widths.reversed()), "seed \(seed) card \(id): \(widths)")
    #expect(frames.first![id]!.x == change.oldX(id), "seed \(seed) card \(id)")
  }
}

@Test(arguments: seeds)
func stillAndMovedCardsTravelSteadilyFromTheirOldPlaceToTheirNewOne(seed: UInt64) {
  let change = RandomCarouselChange(seed: seed)
  let frames = progressSteps.map(change.cards(at:))
  for (id, _) in frames[0] where [.stable, .moved].contains(change.kind(of: id)) {
    let xs = frames.map { $0[id]!.x }
    // Where the strip shows a trip's end, the card is exactly there; a card
    // from far along the row sets off from just out of sight on that side.
    let (first, last) = (xs.first!, xs.last!)
    #expect(
      first == change.oldX(id) || change.isOutOfSight(first, like: change.oldX(id)),
      "seed \(seed) card \(id): starts at \(first), not \(change.oldX(id))")
    #expect(
      last == change.newX(id) || change.isOutOfSight(last, like: change.newX(id)),
      "seed \(seed) card \(id): ends at \(last), not \(change.newX(id))")
    #expect(isMonotonic(xs), "seed \(seed) card \(id): \(xs)")
    #expect(
      frames.allSatisfy { $0[id]!.width == change.strip.cardWidth }, "seed \(seed) card \(id)")
  }
}

@Test(arguments: seeds)
func noCardCoversAnotherExceptAMovedOne(seed: UInt64) {
  let change = RandomCarouselChange(seed: seed)
  for progress in progressSteps {
    let cards = change.cards(at: progress).values.filter {
      change.kind(of: $0.face.id) != .moved && $0.width > 0
    }.sorted { ($0.x, $0.face.id) < ($1.x, $1.face.id) }
    for (left, right) in zip(cards, cards.dropFirst()) {
      #expect(
        left.x + left.width <= right.x,
        "seed \(seed) at \(progress): \(left.face.id) [\(left.x), +\(left.width)) covers \(right.face.id) at \(right.x)"
      )
    }
  }
}

@Test(arguments: seeds)
func cardsKeepTheirOrderOnEachSideOfTheChange(seed: UInt64) {
  let change = RandomCarouselChange(seed: seed)
  for progress in progressSteps {
    let cards = change.cards(at: progress)
    // Before: the surviving still cards and the deleted ones, in old order;
    // after: the still cards and the inserted ones, in new order.
    let oldSide = change.transition.oldCards.map(\.id).filter {
      cards[$0] != nil && [.stable, .deleted].contains(change.kind(of: $0))
    }
    let newSide = change.transition.newCards.map(\.id).filter {
      cards[$0] != nil && [.stable, .inserted].contains(change.kind(of: $0))
    }
    for side in [oldSide, newSide] {
      for (left, right) in zip(side, side.dropFirst()) {
        #expect(
          cards[left]!.x + cards[left]!.width <= cards[right]!.x,
          "seed \(seed) at \(progress): \(left) then \(right)")
      }
    }
  }
}

/// Whether some card shows on the strip at all.
private func showsACard(_ cards: [CardPlacement], on strip: StripMetrics) -> Bool {
  cards.contains {
    $0.width > 0 && $0.x < strip.originX + strip.cardsWidth && $0.x + $0.width > strip.originX
  }
}

@Test(arguments: seeds)
func aRowThatShowsCardsBeforeAndAfterShowsSomeInEveryFrame(seed: UInt64) {
  // A reshuffle sends the cards on screen far along the row and brings others
  // from far along it: they cross the strip together, never leaving it empty.
  let change = RandomCarouselChange(seed: seed)
  let (transition, strip) = (change.transition, change.strip)
  guard !transition.oldVisible(strip).isEmpty, !transition.newVisible(strip).isEmpty else { return }
  for progress in progressSteps.dropFirst().dropLast() {
    let cards = transition.cards(at: progress, strip: strip, focusedCard: nil)
    #expect(showsACard(cards, on: strip), "seed \(seed) at \(progress): \(cards.map(\.x))")
  }
}

@Test func cardsFromFarAlongTheRowSetOffFromJustOutOfSight() {
  // The row is reversed: the cards on screen go to its far end, and those
  // from its far end come to the screen, each from just past the strip's edge.
  let strip = Metrics.strip(forScreenWidth: 120)
  let ids = (0..<30).map { "c\($0)" }
  let change = CarouselTransition(
    rowID: "row", oldCards: ids.map { CardFace(id: $0, title: $0) }, oldOffset: 0,
    newCards: ids.reversed().map { CardFace(id: $0, title: $0) }, newOffset: 0)
  let end = strip.originX + strip.cardsWidth
  let start = change.cards(at: 0, strip: strip, focusedCard: nil)
  let arriving = start.filter { $0.x >= end }
  #expect(arriving.count == strip.visibleCards, "\(start.map { ($0.face.id, $0.x) })")
  #expect(arriving.map(\.x).min() == strip.x(ofCard: strip.visibleCards, offset: 0))
  let finish = change.cards(at: 1, strip: strip, focusedCard: nil)
  let left = finish.filter { $0.x >= end }
  #expect(left.map(\.x).min() == strip.x(ofCard: strip.visibleCards, offset: 0))
  for progress in progressSteps.dropFirst().dropLast() {
    #expect(showsACard(change.cards(at: progress, strip: strip, focusedCard: nil), on: strip))
  }
}

// MARK: - Replaying the holder's delta

private func faces(_ ids: String...) -> [CardFace] { ids.map { CardFace(id: $0, title: $0) } }

@Test func aCarouselReplaysTheDeltaItsHolderComputed() {
  // [a, b, c] -> [b, c, a]: a diff moves a; this (equally valid) delta moves b and c.
  let holderDelta = IndexDelta(moves: [.init(from: 1, to: 0), .init(from: 2, to: 1)])
  let pending = CarouselTransition(
    pendingRowID: "row", oldCards: faces("a", "b", "c"), oldOffset: 0,
    newCards: faces("b", "c", "a"), newOffset: 0)
  #expect(pending.isPending)
  let strip = Metrics.strip(forScreenWidth: 80)
  // Until the delta arrives the cards stand as they were.
  #expect(pending.cards(at: 0.5, strip: strip, focusedCard: nil).map(\.face.id) == ["a", "b", "c"])
  let replayed = pending.resolved(with: holderDelta)
  #expect(!replayed.isPending)
  #expect(replayed.kinds.kind(new: 0) == .moved)  // b
  #expect(replayed.kinds.kind(new: 1) == .moved)  // c
  #expect(replayed.kinds.kind(new: 2) == .stable)  // a
}

@Test func aCarouselAwaitingItsDeltaStillShowsTheFocusedCard() {
  let strip = Metrics.strip(forScreenWidth: 80)
  // The focused card "b" is deleted: the focus goes to "x", new to the row.
  let pending = CarouselTransition(
    pendingRowID: "row", oldCards: faces("a", "b", "c"), oldOffset: 0,
    newCards: faces("a", "x", "c"), newOffset: 0)
  let cards = pending.cards(at: 0.3, strip: strip, focusedCard: 1)
  #expect(cards.filter(\.isFocused).map(\.face.id) == ["x"])
  #expect(cards.last?.isFocused == true, "drawn over the others")
  // A focused card that was there already stands where it was.
  let moved = CarouselTransition(
    pendingRowID: "row", oldCards: faces("a", "b", "c"), oldOffset: 0,
    newCards: faces("b", "a", "c"), newOffset: 0)
  let still = moved.cards(at: 0.3, strip: strip, focusedCard: 0)
  #expect(still.map(\.face.id) == ["a", "c", "b"])
  #expect(still.filter(\.isFocused).map(\.face.id) == ["b"])
}

@Test func aDeltaThatDoesNotDescribeTheCardsIsNotReplayed() {
  let pending = CarouselTransition(
    pendingRowID: "row", oldCards: faces("a", "b", "c"), oldOffset: 0,
    newCards: faces("b", "c", "a"), newOffset: 0)
  // Fits the counts, but would keep "a" where "b" now is.
  let stale = pending.resolved(with: IndexDelta())
  #expect(stale.kinds.kind(new: 2) == .moved)  // the delta computed here: a moves
}

// The properties above check each card of one kind; a seed with none checks
// nothing, so over all the seeds every kind must have been checked.
@Test func everyKindOfCardChangeIsCheckedOverTheSeeds() {
  var checked: [ChangeKind: Int] = [:]
  for seed in seeds {
    let change = RandomCarouselChange(seed: seed)
    for (id, _) in change.cards(at: 0) { checked[change.kind(of: id), default: 0] += 1 }
  }
  for kind in [ChangeKind.inserted, .deleted, .stable, .moved] {
    #expect(checked[kind, default: 0] > 0, "no \(kind) card in any seed")
  }
}

// MARK: - The focused card

/// Whether `card` is drawn whole inside the strip.
private func isWhole(_ card: CardPlacement, on strip: StripMetrics) -> Bool {
  card.width == strip.cardWidth && card.x >= strip.originX
    && card.x + card.width <= strip.originX + strip.cardsWidth
}

@Test func aFocusedCardNewToItsRowShowsWholeWhileItsOldCardsLeave() {
  // The massive demo replaces a row's cards: the focused one is deleted with
  // every other, so the focus lands on a card the delta inserts.
  let strip = Metrics.strip(forScreenWidth: 120)
  let change = CarouselTransition(
    rowID: "row", oldCards: faces("a", "b", "c"), oldOffset: 0,
    newCards: faces("x", "y", "z"), newOffset: 0)
  #expect(change.kinds.kind(new: 0) == .inserted)
  for progress in progressSteps {
    let cards = change.cards(at: progress, strip: strip, focusedCard: 0)
    let focused = cards.filter(\.isFocused)
    #expect(focused.map(\.face.id) == ["x"], "at \(progress)")
    #expect(focused.allSatisfy { isWhole($0, on: strip) }, "at \(progress): \(focused)")
    #expect(cards.last?.isFocused == true, "at \(progress): drawn over the others")
  }
}

@Test(arguments: seeds)
func theFocusedCardIsWholeAndMarkedInEveryFrame(seed: UInt64) {
  let change = RandomCarouselChange(seed: seed)
  let transition = change.transition
  for focus in transition.newVisible(change.strip) {
    for progress in progressSteps {
      let cards = transition.cards(at: progress, strip: change.strip, focusedCard: focus)
      let focused = cards.filter(\.isFocused)
      #expect(
        focused.count == 1 && focused.allSatisfy { isWhole($0, on: change.strip) },
        "card \(focus) at \(progress): \(focused)")
    }
  }
}

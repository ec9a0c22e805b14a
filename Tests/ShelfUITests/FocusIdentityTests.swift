import FrameRules
import Testing

@testable import ShelfUI

private let size = Fixtures.screenSize

@MainActor
@Test func theFocusedCardKeepsTheFocusWhenItMovesWithinItsRow() {
  let screen = screen()
  press(.right, .right, on: screen)  // hyperion
  screen.setContent(
    editing(Fixtures.content) { sections in
      let card = sections[0].rows[0].cards.remove(at: 2)
      sections[0].rows[0].cards.append(card)
    })
  #expect(screen.focusedIDs == ("sci-fi", "hyperion"))
  let text = TextBackend.text(of: screen.render(size: size, now: 1000))
  #expect(text.contains("┃Hyperion"))
  #expect(text.contains("9 / 9"))
}

@MainActor
@Test func theFocusedCardFollowsItsRowWhenTheRowMoves() {
  let screen = screen()
  press(.down, .right, on: screen)  // mystery / moonstone
  screen.setContent(
    editing(Fixtures.content) { sections in
      let row = sections[0].rows.remove(at: 1)
      sections[2].rows.append(row)
    })
  #expect(screen.focusedIDs == ("mystery", "moonstone"))
  #expect(screen.shownRowIDs.last == "mystery")
}

@MainActor
@Test func whenTheFocusedCardMovesToAnotherRowTheFocusStaysInItsRow() {
  let screen = screen()
  press(.down, .right, on: screen)  // mystery / moonstone
  let next = Fixtures.content.sections[0].rows[1].cards[2].id
  screen.setContent(
    editing(Fixtures.content) { sections in
      let card = sections[0].rows[1].cards.remove(at: 1)
      sections[2].rows[0].cards.insert(card, at: 1)
    })
  // The user was browsing Mystery: its nearest card takes the focus.
  #expect(screen.focusedIDs == ("mystery", next))
}

@MainActor
@Test func theFocusFollowsItsRowIntoAnotherSection() {
  let screen = screen()
  press(.down, .right, on: screen)  // mystery / moonstone
  screen.setContent(
    editing(Fixtures.content) { sections in
      let row = sections[0].rows.remove(at: 1)
      sections[2].rows.append(row)
    })
  #expect(screen.focusedIDs == ("mystery", "moonstone"))
}

@MainActor
@Test func whenTheFocusedCardDisappearsTheNearestTakesTheFocus() {
  let screen = screen()
  press(.right, .right, on: screen)  // hyperion
  screen.setContent(
    editing(Fixtures.content) { sections in sections[0].rows[0].cards.remove(at: 2) })
  #expect(screen.focusedIDs == ("sci-fi", "left-hand"))
}

@MainActor
@Test func whenTheFocusedRowDisappearsTheNextRowTakesTheFocus() {
  let screen = screen()
  press(.down, on: screen)  // mystery
  screen.setContent(
    editing(Fixtures.content) { sections in sections[0].rows.remove(at: 1) })
  #expect(screen.focusedIDs.row == "world")
}

@MainActor
@Test func rowOffsetsSurviveRowsMovingAndScrollingAway() {
  let screen = screen()
  press(.down, .down, .down, on: screen)  // films
  for _ in 0..<12 { press(.right, on: screen) }
  let offset = screen.rememberedOffset(ofRow: "films")
  #expect(offset > 0)
  press(.home, on: screen)
  screen.setContent(
    editing(Fixtures.content) { sections in
      let films = sections[1].rows.remove(at: 1)
      sections[0].rows.insert(films, at: 0)
    })
  #expect(screen.rememberedOffset(ofRow: "films") == offset)
  press(.home, on: screen)  // from the fourth visible card of sci-fi
  #expect(screen.focusedIDs.row == "films")
  #expect(screen.focusedIDs.card == "film-\(offset + 4)")
  let text = TextBackend.text(of: screen.render(size: size, now: 1000))
  #expect(text.contains("Film number \(offset + 1) "))
  #expect(text.contains("‹"))
}

@MainActor
@Test func theFocusedRowStaysInPlaceWhenRowsAreInsertedAbove() {
  let screen = screen()
  press(.down, .down, on: screen)  // world
  let before = TextBackend.text(of: screen.render(size: size, now: 0)).split(
    separator: "\n", omittingEmptySubsequences: false)
  let line = before.firstIndex { $0.hasPrefix("▸") }
  screen.setContent(
    editing(Fixtures.content) { sections in
      sections[0].rows.insert(CarouselRow(id: "new", title: "New", cards: []), at: 0)
    })
  let canvas = screen.render(size: size, now: 1000)
  let after = TextBackend.text(of: canvas).split(separator: "\n", omittingEmptySubsequences: false)
  // It stays put, give or take the lines that let the screen start on a whole block.
  let moved = abs((after.firstIndex { $0.hasPrefix("▸") } ?? 0) - (line ?? 0))
  #expect(moved < Metrics.rowHeight / 2)
  #expect(FrameChecker(canvas: canvas).problems(FrameChecker.Expectations(isAtRest: true)) == [])
}

@MainActor
@Test func aScrolledRowKeepsItsFirstCardWhenCardsArriveBeforeIt() {
  let screen = screen()
  press(.down, .down, .down, on: screen)  // films
  for _ in 0..<10 { press(.right, on: screen) }  // film-11 focused, film-8 first visible
  press(.up, on: screen)  // leave the row scrolled
  #expect(screen.rememberedOffset(ofRow: "films") == 7)
  screen.setContent(
    editing(Fixtures.content) { sections in
      sections[1].rows[1].cards.insert(
        contentsOf: [CardFace(id: "x", title: "X"), CardFace(id: "y", title: "Y")], at: 0)
    })
  #expect(screen.rememberedOffset(ofRow: "films") == 9)
  press(.down, on: screen)
  #expect(screen.focusedIDs.card == "film-11")
}

import TestSupport
import Testing

@testable import ShelfUI

// `[` and `]` jump between sections; `s` and `S` sort the cards of the
// focused row and of every row (catalog, title, year, rating).

extension ShelfScreen {
  /// The ids of the cards the row `rowID` shows, in order.
  fileprivate func shownCardIDs(ofRow rowID: String) -> [String] {
    table.model.rows.first { $0.id == rowID }?.cards.map(\.id) ?? []
  }
}

@MainActor
@Test func closingBracketGoesToTheFirstRowOfTheNextSection() {
  let screen = screen()
  press(.character("]"), on: screen)
  #expect(screen.focusedIDs.row == "world")
  press(.character("]"), on: screen)
  #expect(screen.focusedIDs.row == "poetry")
  press(.character("]"), on: screen)
  #expect(screen.focusedIDs.row == "poetry", "nothing after the last section")
}

@MainActor
@Test func openingBracketGoesToTheStartOfTheSectionThenTheOneBefore() {
  let screen = screen()
  press(.character("G"), on: screen)
  #expect(screen.focusedIDs.row == "poetry")
  press(.character("["), on: screen)
  #expect(screen.focusedIDs.row == "world")
  press(.down, .character("["), on: screen)
  #expect(screen.focusedIDs.row == "world", "from inside a section, to its first row")
  press(.character("["), on: screen)
  #expect(screen.focusedIDs.row == "sci-fi")
  press(.character("["), on: screen)
  #expect(screen.focusedIDs.row == "sci-fi", "nothing before the first section")
}

@MainActor
@Test func sCyclesTheFocusedRowsOrderAndTheStatusLineSaysIt() {
  let screen = screen()
  let size = Fixtures.screenSize
  let catalog = Fixtures.sciFi.cards.map(\.id)
  press(.character("s"), on: screen)
  #expect(
    screen.shownCardIDs(ofRow: "sci-fi") == [
      "long", "dune", "foundation", "hyperion", "kindred", "neuromancer", "solaris", "left-hand",
      "ubik",
    ])
  #expect(screen.shownCardIDs(ofRow: "mystery") == Fixtures.mystery.cards.map(\.id))
  #expect(screen.focusedIDs == ("sci-fi", "dune"), "the focus stays on its card")
  var lines = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(lines.split(separator: "\n").first?.contains("by title") == true)
  press(.character("s"), on: screen)
  #expect(
    screen.shownCardIDs(ofRow: "sci-fi") == [
      "long", "hyperion", "neuromancer", "kindred", "left-hand", "ubik", "dune", "solaris",
      "foundation",
    ])
  lines = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(lines.split(separator: "\n").first?.contains("by year, newest first") == true)
  press(.character("s"), on: screen)
  #expect(
    screen.shownCardIDs(ofRow: "sci-fi") == [
      "hyperion", "kindred", "dune", "foundation", "left-hand", "ubik", "solaris", "neuromancer",
      "long",
    ])
  press(.character("s"), on: screen)
  #expect(screen.shownCardIDs(ofRow: "sci-fi") == catalog)
  lines = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(lines.split(separator: "\n").first?.contains("by ") == false)
}

@MainActor
@Test func capitalSSortsEveryRowAndNewContentKeepsTheOrder() {
  let screen = screen()
  press(.character("S"), on: screen)
  #expect(screen.shownCardIDs(ofRow: "mystery") == ["rebecca", "hound", "moonstone"])
  #expect(screen.shownCardIDs(ofRow: "sci-fi").prefix(2) == ["long", "dune"])
  screen.setContent(
    editing(Fixtures.content) {
      $0[0].rows[1].cards.append(CardFace(id: "big-sleep", title: "The Big Sleep"))
    })
  #expect(screen.shownCardIDs(ofRow: "mystery") == ["rebecca", "big-sleep", "hound", "moonstone"])
  press(.character("S"), on: screen)  // by year: cards without one go last
  #expect(screen.shownCardIDs(ofRow: "mystery") == ["rebecca", "hound", "moonstone", "big-sleep"])
}

// A new order, of the focused row (s) or of every row (S), is a change like
// any other: the cards move, animated, under the motion rules, and the
// focused card stays whole.
@MainActor
@Test(arguments: ["s", "S"], [Size(width: 80, height: 24), Size(width: 160, height: 40)])
func aNewOrderAnimatesUnderTheMotionRules(key: Character, size: Size) {
  let screen = ShelfScreen(
    content: Fixtures.content, configuration: ScreenConfiguration(animationDuration: 300),
    updates: .immediate)
  var now: UInt64 = 0
  var frames = [screen.render(size: size, now: now)]
  _ = screen.handle(.character(key), size: size)
  while screen.nextFrameDeadline(now: now) != nil && now < 2000 {
    now += 16
    frames.append(screen.render(size: size, now: now))
  }
  #expect(frames.count > 3, "it animates")
  #expect(screen.shownCardIDs(ofRow: "sci-fi").first == "long")
  let checkers = frames.map(FrameChecker.init(canvas:))
  #expect(
    (FrameChecker.motionProblems(checkers) + FrameChecker.sectionProblems(checkers)).isEmpty)
  for checker in checkers {
    #expect(checker.problems(FrameChecker.Expectations(maximumHole: Metrics.rowHeight + 1)).isEmpty)
  }
}

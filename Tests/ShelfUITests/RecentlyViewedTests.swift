import FrameRules
import ShelfDiff
import TestSupport
import Testing

@testable import ShelfUI

private let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

/// Opens the details of the focused card and closes them again.
@MainActor
private func open(on screen: ShelfScreen, size: Size) {
  for key in [Key.enter, .escape] { _ = screen.handle(key, size: size) }
}

@MainActor
@Test(arguments: sizes)
func twoOpenedCardsShowInRecentlyViewedAtTheTop(size: Size) {
  let screen = screen()
  _ = screen.render(size: size, now: 0)
  open(on: screen, size: size)  // Dune
  for key in [Key.down, .right] { _ = screen.handle(key, size: size) }
  open(on: screen, size: size)  // The Moonstone
  #expect(screen.focusedIDs == ("mystery", "moonstone"))  // the new row above took no focus
  _ = screen.handle(.home, size: size)
  #expect(screen.focusedIDs.row == ReservedID.recentlyViewed)
  let lines = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(lines.contains("Recently viewed"))
  expectGolden(lines, named: "recently-viewed-\(size.width)x\(size.height)")
}

@MainActor
@Test func reopeningACardMovesItToTheFrontAndDetailsOpenFromTheRow() {
  let screen = screen()
  let size = Fixtures.screenSize
  open(on: screen, size: size)  // Dune
  _ = screen.handle(.right, size: size)
  open(on: screen, size: size)  // Foundation
  _ = screen.handle(.home, size: size)
  #expect(screen.shownCardTitles(ofRow: ReservedID.recentlyViewed) == ["Foundation", "Dune"])
  _ = screen.handle(.right, size: size)  // Dune, in the recently viewed row
  _ = screen.handle(.enter, size: size)
  #expect(screen.isShowingDetails)
  let details = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(details.contains("Frank Herbert"))
  _ = screen.handle(.escape, size: size)
  #expect(screen.shownCardTitles(ofRow: ReservedID.recentlyViewed) == ["Dune", "Foundation"])
}

@MainActor
@Test func itsCardsAreTheContentsCardsEditedAndDeletedWithThem() {
  let screen = screen()
  let size = Fixtures.screenSize
  open(on: screen, size: size)  // Dune
  _ = screen.handle(.right, size: size)
  open(on: screen, size: size)  // Foundation
  var content = Fixtures.content
  content.sections[0].rows[0].cards[0].title = "Dune (revised)"
  content.sections[0].rows[0].cards.remove(at: 1)  // Foundation
  screen.setContent(content)
  #expect(screen.shownCardTitles(ofRow: ReservedID.recentlyViewed) == ["Dune (revised)"])
  content.sections[0].rows[0].cards.remove(at: 0)
  screen.setContent(content)
  #expect(!screen.shownRowIDs.contains(ReservedID.recentlyViewed))  // hidden while empty
}

@MainActor
@Test func theFilterAppliesToItLikeAnyRow() {
  let screen = screen()
  let size = Fixtures.screenSize
  open(on: screen, size: size)  // Dune
  for key in [Key.character("/")] + "herbert".map(Key.character) {
    _ = screen.handle(key, size: size)
  }
  #expect(screen.shownRowIDs == [ReservedID.bestMatches, ReservedID.recentlyViewed, "sci-fi"])
  for key in "x".map(Key.character) { _ = screen.handle(key, size: size) }
  #expect(screen.shownRowIDs.isEmpty)
}

@Test func itArrivesAsARowInsertionThenItsCarouselReplaysTheCardsItGains() throws {
  let chain = ContentChain(Fixtures.content)
  var recent = RecentlyViewed()
  recent.open(rowID: "sci-fi", cardID: "dune")
  let arrival = try #require(chain.setRecentlyViewed(recent.entries).first?.delta)
  #expect(arrival.sections.insertions == [0])
  #expect(arrival.items.isEmpty)  // its card arrives with it
  recent.open(rowID: "mystery", cardID: "rebecca")
  let growth = try #require(chain.setRecentlyViewed(recent.entries).first?.delta)
  // The row's card changes, which its carousel replays: the card it gained.
  #expect(growth.sections.isEmpty)
  #expect(growth.items.insertions == [ItemPath(section: 0, item: 0)])
  #expect(growth.items.deletions.isEmpty && growth.items.moves.isEmpty)
  recent.open(rowID: "sci-fi", cardID: "dune")
  let reopened = try #require(chain.setRecentlyViewed(recent.entries).first?.delta)
  #expect(reopened.sections.isEmpty)
  #expect(reopened.items.insertions.isEmpty && reopened.items.deletions.isEmpty)
  #expect(reopened.items.moves.count == 1)  // Dune goes back to the front
}

extension ShelfScreen {
  /// The titles of the cards the row `rowID` shows.
  fileprivate func shownCardTitles(ofRow rowID: String) -> [String] {
    table.model.rows.first { $0.id == rowID }?.cards.map(\.title) ?? []
  }
}

/// The line of the focused row's title (marked `▸`) in `canvas`.
private func focusedRowLine(_ canvas: Canvas) -> Int? {
  TextBackend.text(of: canvas).split(separator: "\n", omittingEmptySubsequences: false)
    .firstIndex { $0.hasPrefix("▸") }
}

// Opened for the first time, the recently viewed row arrives above the
// focused row, which keeps its line in every frame: the row is there for
// Home or ↑ to reach, and nothing the user was looking at moves.
@MainActor
@Test(arguments: sizes)
func recentlyViewedArrivesWithoutMovingTheFocusedRow(size: Size) {
  let screen = ShelfScreen(
    content: Fixtures.content, configuration: ScreenConfiguration(animationDuration: 300),
    updates: .immediate)
  var now: UInt64 = 0
  _ = screen.render(size: size, now: now)
  _ = screen.handle(.down, size: size)
  let before = screen.render(size: size, now: now)
  let focus = screen.focusedIDs
  let line = focusedRowLine(before)
  #expect(line != nil)
  open(on: screen, size: size)
  var frames = [before]
  while screen.nextFrameDeadline(now: now) != nil && now < 2000 {
    now += 16
    frames.append(screen.render(size: size, now: now))
  }
  #expect(screen.focusedIDs == focus, "the focus stays on its card")
  for frame in frames { #expect(focusedRowLine(frame) == line) }
  #expect(screen.shownRowIDs.first == ReservedID.recentlyViewed)
  _ = screen.handle(.home, size: size)
  #expect(screen.focusedIDs.row == ReservedID.recentlyViewed)
  let checkers = frames.map(FrameChecker.init(canvas:))
  #expect(
    (FrameChecker.motionProblems(checkers) + FrameChecker.sectionProblems(checkers)).isEmpty)
}

// With `--no-recent`, opening a card adds no row.
@MainActor
@Test func turnedOffOpeningACardAddsNoRow() {
  let screen = ShelfScreen(
    content: Fixtures.content,
    configuration: ScreenConfiguration(animationDuration: 0, showsRecentlyViewed: false),
    updates: .immediate)
  let size = Fixtures.screenSize
  _ = screen.render(size: size, now: 0)
  open(on: screen, size: size)
  #expect(!screen.shownRowIDs.contains(ReservedID.recentlyViewed))
  #expect(!TextBackend.text(of: screen.render(size: size, now: 0)).contains("Recently viewed"))
}

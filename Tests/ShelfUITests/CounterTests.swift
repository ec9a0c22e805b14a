import TestSupport
import Testing

@testable import ShelfUI

private let sizes = [
  Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 200, height: 60),
]

/// The counter (`3 / 9`) at the end of the title line of the row titled `title`.
@MainActor
private func counter(ofRow title: String, on screen: ShelfScreen, size: Size = Fixtures.screenSize)
  -> String?
{
  let text = TextBackend.text(of: screen.render(size: size, now: 0))
  // The focused row's title line starts with its marker, the others with a blank.
  let lines = text.split(separator: "\n")
  guard let line = lines.first(where: { $0.dropFirst().hasPrefix(title + " ") }) else {
    return nil
  }
  return line.split(separator: " ").suffix(3).joined(separator: " ")
}

/// A screen browsed so that three rows remember three different cards:
/// Science Fiction its third, Mystery its last, Around the World its first.
@MainActor
private func browsedScreen(size: Size) -> ShelfScreen {
  let screen = ShelfScreen(
    content: Fixtures.content, configuration: ScreenConfiguration(animationDuration: 0),
    updates: .immediate)
  _ = screen.render(size: size, now: 0)
  for key in [Key.right, .right, .down, .right, .right, .down] {
    _ = screen.handle(key, size: size)
  }
  return screen
}

@MainActor
@Test(arguments: sizes)
func everyRowsCounterShowsTheCardItRemembers(size: Size) {
  let screen = browsedScreen(size: size)
  #expect(screen.focusedIDs == ("world", "kokoro"))
  #expect(counter(ofRow: "Science Fiction", on: screen, size: size) == "3 / 9")
  #expect(counter(ofRow: "Mystery", on: screen, size: size) == "3 / 3")
  #expect(counter(ofRow: "Around the World 🌍", on: screen, size: size) == "1 / 5")
  expectGolden(
    TextBackend.text(of: screen.render(size: size, now: 0)),
    named: "counters-\(size.width)x\(size.height)")
}

@MainActor
@Test func aRowNeverFocusedCountsItsFirstCardOnScreen() {
  let screen = screen()
  #expect(counter(ofRow: "Mystery", on: screen) == "1 / 3")
  #expect(counter(ofRow: "Around the World 🌍", on: screen) == "1 / 5")
}

@MainActor
@Test func downThenUpReturnsToTheSameCard() {
  let screen = screen()
  press(.character("$"), on: screen)  // long, the last card of Science Fiction
  press(.down, on: screen)
  #expect(screen.focusedIDs == ("mystery", "hound"))  // never focused: its first card on screen
  press(.up, on: screen)
  #expect(screen.focusedIDs == ("sci-fi", "long"))
  press(.down, .right, .right, .up, .down, on: screen)
  #expect(screen.focusedIDs == ("mystery", "rebecca"))
}

@MainActor
@Test func theCounterAndTheFocusAgreeOnEveryRowTheFocusVisits() {
  let screen = browsedScreen(size: Fixtures.screenSize)
  let shown = counter(ofRow: "Science Fiction", on: screen)
  press(.up, .up, on: screen)
  #expect(screen.focusedIDs == ("sci-fi", "hyperion"))
  #expect(counter(ofRow: "Science Fiction", on: screen) == shown)
}

/// A screen on Mystery whose Science Fiction row remembers Hyperion, its
/// third card, after `change` edits the content: Science Fiction's counter,
/// then the card ↑ focuses there.
@MainActor
private func afterScienceFictionRemembersHyperion(_ change: (inout [CardFace]) -> Void)
  -> (counter: String?, focus: String?)
{
  let screen = screen()
  press(.right, .right, .down, on: screen)
  screen.setContent(editing(Fixtures.content) { change(&$0[0].rows[0].cards) })
  let shown = counter(ofRow: "Science Fiction", on: screen)
  press(.up, on: screen)
  return (shown, screen.focusedIDs.row == "sci-fi" ? screen.focusedIDs.card : nil)
}

@MainActor
@Test func theRememberedCardFollowsItsCardWhenItMovesWithinItsRow() {
  let (shown, focus) = afterScienceFictionRemembersHyperion { cards in
    cards.insert(cards.remove(at: 2), at: 6)
  }
  #expect(shown == "7 / 9")
  #expect(focus == "hyperion")
}

@MainActor
@Test func whenTheRememberedCardLeavesItsRowTheNearestCardOfTheRowIsRemembered() {
  let (shown, focus) = afterScienceFictionRemembersHyperion { cards in
    cards.remove(at: 2)  // to another row, or deleted: gone from this one
  }
  #expect(shown == "3 / 8")
  #expect(focus == "left-hand")
}

@MainActor
@Test func aClickFocusesTheCardClickedNotTheRememberedOne() {
  let screen = screen()
  press(.right, .right, .down, on: screen)  // Science Fiction remembers hyperion
  // Foundation, the second card of Science Fiction: columns 21 to 38, lines 3 to 7.
  let click = Key.mouse(MouseEvent(kind: .click, position: Point(x: 25, y: 5)))
  #expect(screen.handle(click, size: Fixtures.screenSize) == .redraw)
  #expect(screen.focusedIDs == ("sci-fi", "foundation"))
  #expect(counter(ofRow: "Science Fiction", on: screen) == "2 / 9")
}

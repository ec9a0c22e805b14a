import ShelfUI
import Testing

private let size = Fixtures.screenSize

@MainActor
private func picking(multi: Bool = false) -> ShelfScreen {
  let screen = screen()
  screen.actions = ScreenActions(isPicking: true, isMultiPick: multi)
  return screen
}

@MainActor
@Test func enterPicksTheFocusedCardWithItsRowAndSection() {
  let screen = picking()
  press(.right, on: screen)
  #expect(screen.handle(.enter, size: size) == .pick)
  #expect(!screen.isShowingDetails)
  let picked = screen.pickedCards
  #expect(picked.map(\.face.id) == ["foundation"])
  #expect(picked.first?.rowTitle == "Science Fiction")
  #expect(picked.first?.sectionTitle == "Featured")
}

@MainActor
@Test func withoutPickingEnterStillOpensTheDetails() {
  let screen = screen()
  #expect(screen.handle(.enter, size: size) == .redraw)
  #expect(screen.isShowingDetails)
}

@MainActor
@Test(arguments: [Key.character("q"), .escape])
func qAndEscCancelAPick(key: Key) {
  #expect(picking().handle(key, size: size) == .cancel)
}

@MainActor
@Test func escClosesAMessageAndThenAFilterBeforeItCancels() {
  let screen = picking()
  screen.message = .error("a watched file broke")
  #expect(screen.handle(.escape, size: size) != .cancel)
  #expect(screen.message == nil)
  #expect(screen.handle(.escape, size: size) == .cancel)
}

@MainActor
@Test func enterInTheFilterPromptPicksTheBestMatchAtOnce() {
  let screen = picking()
  press(.character("/"), .character("x"), on: screen)
  // Nothing matches "x": Enter only closes the prompt, and nothing is picked.
  #expect(screen.handle(.enter, size: size) == .redraw)
  #expect(screen.filter == ("x", false))
  #expect(screen.handle(.enter, size: size) == .none)
  press(.character("/"), .backspace, .character("d"), .character("u"), .character("n"), on: screen)
  #expect(screen.handle(.enter, size: size) == .pick)
  #expect(screen.pickedCards.map(\.face.id) == ["dune"])
  #expect(screen.pickedCards.map(\.rowTitle) == ["Science Fiction"])
}

@MainActor
@Test func marksPickInTheOrderMarkedAndShowOnTheCards() {
  let screen = picking(multi: true)
  press(.right, .character("m"), .left, .character("m"), .down, .character("m"), on: screen)
  press(.character("m"), on: screen)  // unmarked again
  #expect(screen.pickedCards.map(\.face.id) == ["foundation", "dune"])
  let text = screen.render(size: size, now: 0).lines.joined(separator: "\n")
  #expect(text.components(separatedBy: "✓").count - 1 == 2, "\(text)")
  #expect(text.contains("2 cards marked"))
  #expect(screen.handle(.enter, size: size) == .pick)
}

@MainActor
@Test func mMarksNothingWithoutMulti() {
  let screen = picking()
  // Without --multi, `m` opens the message log, as anywhere else.
  #expect(screen.handle(.character("m"), size: size) == .redraw)
  _ = screen.handle(.escape, size: size)
  press(.right, on: screen)
  #expect(screen.pickedCards.map(\.face.id) == ["foundation"])
}

@MainActor
@Test func yAsksToCopyUnlessTheClipboardIsOff() {
  let screen = screen()
  #expect(screen.handle(.character("y"), size: size) == .copy)
  screen.notice = "copied"
  #expect(screen.render(size: size, now: 0).lines[0].contains("copied"))
  // The notice lasts until the next key.
  #expect(screen.handle(.character("z"), size: size) == .redraw)
  #expect(!screen.render(size: size, now: 0).lines[0].contains("copied"))
  screen.actions.canCopy = false
  #expect(screen.handle(.character("y"), size: size) == .none)
}

@MainActor
@Test func aBoundKeyRunsItsBindingAndTheHelpListsIt() {
  let screen = screen()
  screen.actions.bindings = [
    KeyBinding(key: .character("o"), name: "o", command: "xdg-open {url}"),
    KeyBinding(key: .control("e"), name: "ctrl-e", command: "silent: echo {id}"),
  ]
  #expect(screen.handle(.control("e"), size: size) == .runBinding(1))
  #expect(screen.handle(.character("o"), size: size) == .runBinding(0))
  press(.character("?"), on: screen)
  let help = screen.render(size: Size(width: 80, height: 40), now: 0).lines.joined()
  #expect(help.contains("xdg-open {url}"))
  #expect(help.contains("ctrl-e"))
}

@Test func theKeysTheScreenUsesAreReserved() {
  for key in [Key.enter, .escape, .up, .tab, .character("j"), .character("q"), .character(" ")] {
    #expect(ShelfScreen.isReserved(key, isMultiPick: false))
  }
  #expect(ShelfScreen.isReserved(.character("m"), isMultiPick: false))  // the message log
  #expect(ShelfScreen.isReserved(.character("m"), isMultiPick: true))
  #expect(!ShelfScreen.isReserved(.character("o"), isMultiPick: false))
  #expect(!ShelfScreen.isReserved(.function(5), isMultiPick: false))
}

@MainActor
@Test func theDetailsShowTheLink() {
  var content = Fixtures.content
  content.sections[0].rows[0].cards[0].url = "https://example.org/dune"
  let screen = screen(content)
  press(.enter, on: screen)
  let text = screen.render(size: size, now: 0).lines.joined(separator: "\n")
  #expect(text.contains("Link      https://example.org/dune"))
}

@MainActor
@Test func iOpensTheDetailsWhilePickingAndEnterThenClosesThem() {
  let screen = picking()
  let hint = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(hint.contains("i details"))
  #expect(screen.handle(.character("i"), size: size) == .redraw)
  #expect(screen.isShowingDetails)
  #expect(screen.handle(.enter, size: size) == .redraw)  // closes the details, picks nothing
  #expect(!screen.isShowingDetails)
  #expect(screen.handle(.enter, size: size) == .pick)
}

import ShelfUI
import TestSupport
import Testing

@MainActor
@Test(arguments: [(80, 24), (120, 40)])
func firstScreenMatchesItsGolden(width: Int, height: Int) {
  let canvas = ShelfScreen.renderFirstScreen(
    content: Fixtures.content, size: Size(width: width, height: height))
  expectGolden(TextBackend.text(of: canvas), named: "fixture-\(width)x\(height)")
}

@MainActor
@Test func theMinimumSizeStillShowsAWholeRow() {
  let canvas = ShelfScreen.renderFirstScreen(
    content: Fixtures.content, size: ShelfUI.Metrics.minimumSize)
  expectGolden(TextBackend.text(of: canvas), named: "fixture-minimum-40x10")
}

@MainActor
@Test func aTooSmallTerminalShowsTheMinimumSize() {
  let canvas = ShelfScreen.renderFirstScreen(
    content: Fixtures.content, size: Size(width: 30, height: 8))
  expectGolden(TextBackend.text(of: canvas), named: "fixture-too-small-30x8")
}

@MainActor
@Test func theDetailsPanelMatchesItsGolden() {
  let screen = ShelfScreen(content: Fixtures.content)
  _ = screen.handle(.enter, size: Size(width: 80, height: 24))
  expectGolden(
    TextBackend.text(of: screen.render(size: Size(width: 80, height: 24), now: 0)),
    named: "details-80x24")
}

@MainActor
@Test func theHelpOverlayMatchesItsGolden() {
  let screen = ShelfScreen(content: Fixtures.content)
  _ = screen.handle(.character("?"), size: Size(width: 80, height: 24))
  expectGolden(
    TextBackend.text(of: screen.render(size: Size(width: 80, height: 24), now: 0)),
    named: "help-80x24")
}

@MainActor
@Test func theFilterPromptMatchesItsGolden() {
  let size = Size(width: 80, height: 24)
  let screen = ShelfScreen(
    content: Fixtures.content, configuration: ScreenConfiguration(animationDuration: 0),
    updates: .immediate)
  _ = screen.render(size: size, now: 0)
  for key in [Key.character("/"), .character("1"), .character("9"), .character("6")] {
    _ = screen.handle(key, size: size)
  }
  expectGolden(TextBackend.text(of: screen.render(size: size, now: 0)), named: "filter-196-80x24")
}

@MainActor
@Test func theFocusedCardIsMarkedInStyleAsWellAsShape() {
  let canvas = ShelfScreen.renderFirstScreen(
    content: Fixtures.content, size: Size(width: 80, height: 24))
  let styles = TextBackend.styleMap(of: canvas).split(separator: "\n")
  // The focused card's top border, line 3, columns 2...19, is in the focus colour.
  #expect(styles[3].dropFirst(2).prefix(18).allSatisfy { $0 == "F" })
  #expect(canvas[2, 3].style.isBold)
  #expect(canvas[2, 3].text == "┏")
  #expect(!styles[3].dropFirst(21).contains("F"))
}

@MainActor
@Test func theDetailsPanelListsKeptFieldsInOrder() {
  let card = CardFace(
    id: "ls", title: "ls",
    fields: [
      .init(name: "name", value: "ls"), .init(name: "section", value: "1"),
      .init(
        name: "description",
        value:
          "list directory contents, with a value long enough to wrap onto a second line of the panel"
      ),
      .init(name: "bad\u{1b}[31m", value: "x\u{1b}[2Jy"),
    ])
  let content = ShelfContent(
    title: "man",
    sections: [
      ShelfSection(id: "", title: nil, rows: [CarouselRow(id: "1", title: "1", cards: [card])])
    ])
  let screen = ShelfScreen(content: content)
  _ = screen.handle(.enter, size: Size(width: 80, height: 24))
  expectGolden(
    TextBackend.text(of: screen.render(size: Size(width: 80, height: 24), now: 0)),
    named: "details-kept-fields-80x24")
}

import TestSupport
import Testing

@testable import ShelfUI

// MARK: - The command's output

private func preview(_ text: String) -> PreviewText { PreviewText(Array(text.utf8)) }

@Test func sgrColoursAndAttributesAreKeptAndCarryOverLines() {
  let text = preview("a\u{1B}[1;31mb\u{1B}[38;5;208mc\nd\u{1B}[0me\u{1B}[48;2;255;0;0;4mf\u{1B}[m")
  #expect(text.lines.count == 2)
  #expect(
    text.lines[0] == [
      .init(text: "a", style: .plain),
      .init(text: "b", style: Style(foreground: .indexed(1), isBold: true)),
      .init(text: "c", style: Style(foreground: .indexed(208), isBold: true)),
    ])
  #expect(
    text.lines[1] == [
      .init(text: "d", style: Style(foreground: .indexed(208), isBold: true)),
      .init(text: "e", style: .plain),
      // 255, 0, 0 is the cube's pure red.
      .init(text: "f", style: Style(background: .indexed(196), isUnderlined: true)),
    ])
  #expect(
    preview("\u{1B}[94mx\u{1B}[39;7my").lines[0].map(\.style) == [
      Style(foreground: .indexed(12)), Style(isReversed: true),
    ])
}

@Test func everyOtherSequenceIsShownAsCatalogTextIs() {
  let raw = "x\u{1B}[2J\u{1B}]0;title\u{07}\u{1B}[?1049h\u{1B}c\u{08}\u{9B}y"
  let text = preview(raw)
  #expect(text.lines.map { $0.map(\.text).joined() } == [TerminalText.sanitized(raw)])
  for scalar in text.lines[0].flatMap(\.text.unicodeScalars) {
    #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
  }
  #expect(text.lines[0][0].text.hasPrefix("x␛[2J␛]0;title"))
}

@Test func tabsGoToTheNextEighthColumnAndCarriageReturnsBeforeLineFeedsGo() {
  #expect(
    preview("ab\tc\r\n日本\td\r\n").lines.map { $0.map(\.text).joined() } == [
      "ab      c", "日本    d",
    ])
}

@Test func outputIsCutAtItsLineAndByteLimits() {
  let many = PreviewText(Array(repeating: UInt8(ascii: "\n"), count: PreviewText.lineLimit + 3))
  #expect(many.lines.count == PreviewText.lineLimit && many.isCut)
  let exact = PreviewText(Array(repeating: UInt8(ascii: "\n"), count: PreviewText.lineLimit))
  #expect(exact.lines.count == PreviewText.lineLimit && !exact.isCut)
  let long = PreviewText(Array(repeating: UInt8(ascii: "a"), count: PreviewText.byteLimit + 1))
  #expect(long.isCut && long.lines.map { $0.map(\.text.utf8.count) } == [[PreviewText.byteLimit]])
  #expect(!preview("no line feed at the end").isCut)
}

@Test func theWindowIsReadAsFzfWritesIt() {
  #expect(PreviewWindow("right:50%") == .standard)
  #expect(
    PreviewWindow("bottom:30%") == PreviewWindow(position: .bottom, percent: 30, isHidden: false))
  #expect(PreviewWindow("hidden")?.isHidden == true)
  for bad in ["", "left:50%", "right:50", "right:0%", "right:100%", "right:", "bottom:x%"] {
    #expect(PreviewWindow(bad) == nil, "\(bad)")
  }
}

// MARK: - The pane on the screen

@MainActor
private func screenWithPreview(_ window: PreviewWindow = .standard) -> ShelfScreen {
  let screen = ShelfScreen(
    content: Fixtures.content, configuration: ScreenConfiguration(animationDuration: 0),
    updates: .immediate)
  screen.enablePreview(window)
  let lines = (1...40).map { "line \($0)" }.joined(separator: "\n")
  screen.setPreview(
    .finished(preview("\u{1B}[32mgreen\u{1B}[0m title\n" + lines)), for: screen.previewCard!)
  return screen
}

@MainActor
@Test func thePaneStandsOnTheRightOfAWideScreenAndAtTheBottomOfANarrowOne() {
  let screen = screenWithPreview()
  let wide = screen.render(size: Size(width: 150, height: 24), now: 0)
  expectGolden(
    TextBackend.text(of: wide) + "\n\n" + TextBackend.styleMap(of: wide),
    named: "preview-right-150x24")
  let narrow = screen.render(size: Size(width: 80, height: 30), now: 0)
  expectGolden(TextBackend.text(of: narrow), named: "preview-bottom-80x30")
}

@MainActor
@Test func pTogglesThePaneAndPScrollsItWhileFocused() {
  let screen = screenWithPreview()
  let size = Size(width: 150, height: 24)
  let focus = screen.focusedIDs
  #expect(screen.handle(.character("P"), size: size) == .redraw)
  #expect(screen.handle(.pageDown, size: size) == .redraw)
  #expect(screen.preview?.scroll == 19)  // 41 lines, 22 shown
  #expect(screen.handle(.down, size: size) == .none)  // at the end
  #expect(screen.focusedIDs == focus)  // the pane took the keys
  _ = screen.handle(.escape, size: size)
  #expect(screen.preview?.isFocused == false)
  _ = screen.handle(.shiftUp, size: size)
  #expect(screen.preview?.scroll == 18)
  _ = screen.handle(.character("p"), size: size)
  #expect(screen.previewCard == nil)
  #expect(!TextBackend.text(of: screen.render(size: size, now: 0)).contains("line 1"))
  // Without a pane, Shift+↓ is ↓.
  _ = screen.handle(.shiftDown, size: size)
  #expect(screen.focusedIDs != focus)
}

@MainActor
@Test func aFailureShowsItsLineFirstAndANewCardWaitsWithTheLastOutput() {
  let screen = screenWithPreview()
  let size = Size(width: 150, height: 24)
  let card = screen.previewCard!
  screen.setPreview(.failed("it broke", preview("half")), for: card)
  var text = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(text.contains("│it broke") && text.contains("│half"))
  _ = screen.handle(.right, size: size)
  let next = screen.previewCard!
  #expect(next != card)
  screen.setPreview(.running, for: next)
  text = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(text.contains("│it broke") && text.contains(" … "))
}

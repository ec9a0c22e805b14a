import ShelfUI
import TestSupport
import Testing

/// The chrome a newcomer reads: the message area, the status line and key
/// hint, the overlays' keys, the "no matches" message, card fields and widths.
private let sizes = [
  Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 200, height: 60),
]

private func name(_ size: Size) -> String { "\(size.width)x\(size.height)" }

/// The error a bad `--watch` edit gives, as the file watcher words it.
private let watchError =
  "watch.json, line 1, column 100: sections[0].rows[0].title: expected a string, found the number 12"

@MainActor
private func text(of screen: ShelfScreen, at size: Size) -> [String] {
  TextBackend.text(of: screen.render(size: size, now: 0)).split(
    separator: "\n", omittingEmptySubsequences: false
  ).map(String.init)
}

// MARK: - Message area

@MainActor
@Test(arguments: sizes)
func anErrorIsReadWholeInTheMessageAreaAboveTheHint(size: Size) {
  let screen = screen()
  screen.liveStatus = .live
  screen.sources = [.watching("watch.json", isValid: false)]
  screen.message = .error(watchError)
  let lines = text(of: screen, at: size)
  #expect(lines.count == size.height)
  // Every word of the message is on screen, in the lines above the hint.
  let area = lines[(size.height - 4)..<(size.height - 1)].joined(separator: " ")
  for word in watchError.split(separator: " ") { #expect(area.contains(word)) }
  #expect(lines[size.height - 1].hasPrefix(" Esc dismiss · "))
  expectGolden(lines.joined(separator: "\n"), named: "message-\(name(size))")
}

@MainActor
@Test func aMessageTooLongForThreeLinesEndsWithAnEllipsis() {
  let screen = screen()
  screen.message = .error(String(repeating: "reason ", count: 60))
  let lines = text(of: screen, at: Size(width: 80, height: 24))
  #expect(lines[20].hasPrefix(" ⚠ reason"))
  #expect(lines[22].hasSuffix("…"))
  // The line above the three is the table's, not the message's.
  #expect(!lines[19].contains("reason"))
}

@MainActor
@Test func escapeDismissesTheMessageBeforeItClearsOrQuits() {
  let screen = screen()
  screen.message = .warning("warning: shelf.json: duplicate row id 'x'")
  #expect(text(of: screen, at: Fixtures.screenSize)[22].contains("duplicate row id"))
  #expect(screen.handle(.escape, size: Fixtures.screenSize) == .redraw)
  #expect(screen.message == nil)
  #expect(!text(of: screen, at: Fixtures.screenSize).joined().contains("duplicate"))
  #expect(screen.handle(.escape, size: Fixtures.screenSize) == .quit)
}

@MainActor
@Test func theMessageAreaKeepsTheFocusedRowInView() {
  let screen = screen()
  press(.end, on: screen)
  screen.message = .error(watchError)
  let lines = text(of: screen, at: Fixtures.screenSize)
  #expect(lines.contains { $0.hasPrefix("▸Poetry") })
  let focusedLine = lines.firstIndex { $0.hasPrefix("▸Poetry") } ?? 0
  #expect(focusedLine + 5 < 21, "the focused row's cards end above the message area")
}

// MARK: - Overlays

@MainActor
@Test(arguments: [Key.character("q"), .escape, .character("x")])
func anyKeyClosesTheHelpAndQDoesNotQuit(key: Key) {
  let screen = screen()
  press(.character("?"), on: screen)
  #expect(screen.isShowingHelp)
  #expect(screen.handle(key, size: Fixtures.screenSize) == .redraw)
  #expect(!screen.isShowingHelp)
  #expect(screen.handle(.character("q"), size: Fixtures.screenSize) == .quit)
}

@MainActor
@Test(arguments: [Key.character("q"), .escape, .enter])
func qEscapeAndEnterCloseTheDetailsWithoutQuitting(key: Key) {
  let screen = screen()
  press(.enter, on: screen)
  #expect(screen.isShowingDetails)
  #expect(screen.handle(key, size: Fixtures.screenSize) == .redraw)
  #expect(!screen.isShowingDetails)
}

@MainActor
@Test func theHelpListsEveryKeyTheScreenObeys() {
  let screen = screen()
  press(.character("?"), on: screen)
  let help = text(of: screen, at: Size(width: 120, height: 40)).joined(separator: "\n")
  for key in [
    "← → h l", "↑ ↓ k j", "Home g", "End G", "0  $", "PgUp", "PgDn", "Enter", "Esc", "/",
    "Ctrl-U", "'a ^a a$", "Tab  Shift-Tab", "space", ".", "?  F1", "q ", "Ctrl-L", "Ctrl-Z",
    "mouse",
  ] {
    #expect(help.contains(key), "the help does not list \(key)")
  }
  #expect(help.contains("q, Esc or any other key closes this help"))
  expectGolden(help, named: "help-120x40")
}

// MARK: - No matches

@MainActor
@Test(arguments: sizes)
func aFilterWithNoMatchesSaysSoInTheBody(size: Size) {
  let screen = screen()
  _ = screen.render(size: size, now: 0)
  for key in [Key.character("/")] + "zzqx".map(Key.character) + [.enter] {
    _ = screen.handle(key, size: size)
  }
  let lines = text(of: screen, at: size)
  #expect(lines.contains { $0.contains("No matches for “zzqx”") })
  #expect(!lines.contains { $0.contains("▸") || $0.contains("0 / 0") })
  expectGolden(lines.joined(separator: "\n"), named: "no-matches-\(name(size))")
}

// MARK: - Status line

@MainActor
@Test(arguments: sizes)
func theStatusLineAndHintOfAPausedDemo(size: Size) {
  let screen = screen()
  screen.liveStatus = .paused
  screen.sources = [.demo]
  expectGolden(
    text(of: screen, at: size).joined(separator: "\n"), named: "paused-demo-\(name(size))")
}

// MARK: - Too small

@MainActor
@Test func aTinyTerminalShowsTheWholeTooSmallMessageWrapped() {
  let lines = text(of: screen(), at: Size(width: 10, height: 5))
  #expect(
    lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
      == "terminal too small (needs 40 x 10)")
  expectGolden(lines.joined(separator: "\n"), named: "too-small-10x5")
}

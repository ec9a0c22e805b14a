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
@Test func escapeDismissesTheMessageAndThenDoesNothing() {
  let screen = screen()
  screen.message = .warning("warning: shelf.json: duplicate row id 'x'")
  #expect(text(of: screen, at: Fixtures.screenSize)[22].contains("duplicate row id"))
  #expect(screen.handle(.escape, size: Fixtures.screenSize) == .redraw)
  #expect(screen.message == nil)
  #expect(!text(of: screen, at: Fixtures.screenSize).joined().contains("duplicate"))
  #expect(screen.handle(.escape, size: Fixtures.screenSize) == .none)  // never quits
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
  screen.liveStatus = .live
  screen.sources = [.demo, .watching("a.json", isValid: true)]
  screen.canSwitchSources = true
  press(.character("?"), on: screen)
  let help = text(of: screen, at: Size(width: 120, height: 40)).joined(separator: "\n")
  for key in [
    "← → h l", "↑ ↓ k j", "Home g", "End G", "0  $", "PgUp", "PgDn", "Enter", "Esc", "/",
    "Ctrl-U", "'a ^a a$", "Tab  Shift-Tab", "space", ".", "?  F1", "q ", "Ctrl-L", "Ctrl-Z",
    "mouse", "y  ",
  ] {
    #expect(help.contains(key), "the help does not list \(key)")
  }
  #expect(help.contains("any other key closes"))
  // What the counter and the marks mean.
  for note in ["3 / 24", "●", "‖", "⚠", "■", "Recently"] {
    #expect(help.contains(note), "the help does not explain \(note)")
  }
  expectGolden(help, named: "help-120x40")
}

@MainActor
@Test func withOneStillSourceTheHelpListsNoSourceOrPauseKeys() {
  let screen = screen()
  press(.character("?"), on: screen)
  let lines = text(of: screen, at: Size(width: 80, height: 40))
  let help = lines.joined(separator: "\n")
  #expect(!help.contains("Tab  Shift-Tab"))
  #expect(!help.contains("pause / resume"))
  #expect(!help.contains("apply one update"))
  #expect(help.contains("previous / next card"))
  expectGolden(help, named: "help-one-source-80x40")
}

@MainActor
@Test func atFortyFourByTwelveTheHelpScrollsWithAMoreMark() {
  let screen = screen()
  let size = Size(width: 44, height: 12)
  _ = screen.handle(.character("?"), size: size)
  let first = text(of: screen, at: size)
  #expect(first.joined().contains("↓ more"))
  #expect(!first.joined().contains("↑ more"))
  #expect(first.joined().contains("previous / next card"))
  _ = screen.handle(.down, size: size)
  let second = text(of: screen, at: size)
  #expect(second.joined().contains("↑ more") && second.joined().contains("↓ more"))
  #expect(screen.isShowingHelp, "a scrolling key keeps the help open")
  for _ in 0..<10 { _ = screen.handle(.pageDown, size: size) }
  let last = text(of: screen, at: size)
  #expect(last.joined().contains("any other key closes"))
  #expect(!last.joined().contains("↓ more"))
  expectGolden(last.joined(separator: "\n"), named: "help-44x12-scrolled")
  _ = screen.handle(.pageUp, size: size)
  _ = screen.handle(.character("x"), size: size)
  #expect(!screen.isShowingHelp)
  _ = screen.handle(.character("?"), size: size)
  #expect(text(of: screen, at: size) == first, "the help opens at its top again")
}

@MainActor
@Test func whileTheDetailsAreOpenTheHintShowsTheirKeys() {
  let screen = screen()
  press(.enter, on: screen)
  let hint = text(of: screen, at: Size(width: 80, height: 24)).last ?? ""
  #expect(hint == " Esc close · ← → browse · q close · ? help")
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

// MARK: - Several sources

/// The status line's cells from the first to the last of `text`'s, as style letters.
@MainActor
private func statusStyles(of screen: ShelfScreen, text: String, size: Size) -> Substring? {
  let canvas = screen.render(size: size, now: 0)
  let line = TextBackend.text(of: canvas).split(separator: "\n", omittingEmptySubsequences: false)[
    0]
  guard let range = line.range(of: text) else { return nil }
  let start = line.distance(from: line.startIndex, to: range.lowerBound)
  let map = TextBackend.styleMap(of: canvas).split(separator: "\n")[0]
  let from = map.index(map.startIndex, offsetBy: start)
  return map[from..<map.index(from, offsetBy: TerminalText.width(of: text))]
}

@MainActor
@Test func eachSourceHasItsOwnMarkAndColour() {
  let screen = screen()
  screen.liveStatus = .live
  screen.sources = [
    .watching("a.json", isValid: true), .running("false", isValid: false),
    .streaming("stdin", isOpen: false),
  ]
  let size = Size(width: 120, height: 40)
  let line = text(of: screen, at: size)[0]
  #expect(line.contains(" · a.json ● false ⚠ stdin ■ 1 failing · "))
  // The healthy source stays in the calm colour; only the failing one is loud.
  #expect(statusStyles(of: screen, text: "a.json ●", size: size) == "AAAAAAAA")
  #expect(statusStyles(of: screen, text: "false ⚠", size: size) == "EEEEEEE")
  #expect(statusStyles(of: screen, text: "stdin ■", size: size) == "MMMMMMM")
  #expect(statusStyles(of: screen, text: "1 failing", size: size) == "EEEEEEEEE")
  screen.liveStatus = .paused
  #expect(statusStyles(of: screen, text: "a.json ‖", size: size) == "WWWWWWWW")
  #expect(statusStyles(of: screen, text: "false ⚠", size: size) == "EEEEEEE")
}

/// Twenty sources fill the line: the failing count still shows, at every count.
@MainActor
@Test(arguments: [1, 2, 7, 20])
func howManySourcesFailShowsHoweverManyThereAre(failing: Int) {
  let screen = screen()
  screen.liveStatus = .live
  screen.sources = (0..<20).map {
    .fetching("http://127.0.0.1:18103/catalog\($0)", isValid: $0 >= failing)
  }
  let line = text(of: screen, at: Size(width: 80, height: 24))[0]
  #expect(line.contains(" \(failing) failing "), "\(line)")
  #expect(line.hasSuffix(" ? help"))
  #expect(
    statusStyles(of: screen, text: "\(failing) failing", size: Size(width: 80, height: 24))?
      .allSatisfy { $0 == "E" } == true)
}

@MainActor
@Test func noSourceFailingCountsNothing() {
  let screen = screen()
  screen.liveStatus = .live
  screen.sources = [.demo, .watching("a.json", isValid: true)]
  let line = text(of: screen, at: Size(width: 120, height: 40))[0]
  #expect(line.contains(" · demo ● a.json ● · "))
  #expect(!line.contains("failing"))
}

// MARK: - Focused card in the status line

/// One row whose first card has `title`.
private func focused(title: String) -> ShelfContent {
  Fixtures.oneRow(
    title: "Bookstore", rowTitle: "Row",
    cards: [CardFace(id: "c", title: title, subtitle: "Someone Long-Named", year: 1999)])
}

@MainActor
@Test(arguments: 1...45)
func atEightyColumnsTheFocusedTitleIsNeverCutInside(length: Int) {
  let title = String(String(repeating: "Abcdefghi ", count: 5).prefix(length))
    .trimmingCharacters(in: .whitespaces)
  let screen = screen(focused(title: title))
  screen.liveStatus = .live
  screen.sources = [
    .watching("books.json", isValid: true), .running("cat films.json", isValid: false),
  ]
  let line = text(of: screen, at: Size(width: 80, height: 24))[0]
  // The whole title, or none of it: never a cut one; up to 40 columns of it
  // fit beside the failing count, which always shows.
  #expect(line.contains(" · " + title) || (length > 40 && !line.contains("Abc")), "\(line)")
  #expect(!line.contains(String(title.prefix(max(1, title.count - 1))) + "…"), "\(line)")
  #expect(line.contains(" 1 failing "), "\(line)")
}

@MainActor
@Test func aTitleTooLongForTheStatusLineIsLeftOutRatherThanCut() {
  let title = String(repeating: "Long ", count: 20)
  let screen = screen(focused(title: title))
  let line = text(of: screen, at: Size(width: 80, height: 24))[0]
  #expect(line == " Bookstore · 1 row" + String(repeating: " ", count: 55) + "? help")
}

// MARK: - Per-source colours at three sizes

@MainActor
@Test(arguments: sizes)
func severalSourcesAtEverySizeShowCardWidthsAndColours(size: Size) {
  let screen = screen()
  screen.liveStatus = .live
  screen.sourceScope = "all sources"
  screen.canSwitchSources = true
  screen.sources = [
    .watching("books.json", isValid: true), .running("cat films.json", isValid: false),
    .demo,
  ]
  let canvas = screen.render(size: size, now: 0)
  expectGolden(
    TextBackend.text(of: canvas) + "\n\n" + TextBackend.styleMap(of: canvas),
    named: "sources-styled-\(name(size))")
}

// MARK: - Message log

@MainActor
@Test func theMessageLogListsEverySourceAndItsMessagesNewestFirst() throws {
  let screen = screen()
  screen.liveStatus = .live
  screen.sources = [
    .watching("books.json", isValid: true), .running("false", isValid: false),
    .fetching("http://x/c.json", isValid: false),
  ]
  screen.show(.error("false: exited with status 1"), from: "false", at: "10:00:01")
  screen.show(.error("http://x/c.json: cannot connect"), from: "http://x/c.json", at: "10:00:05")
  // The same failure again is the same entry, from when it began.
  screen.show(.error("http://x/c.json: cannot connect"), from: "http://x/c.json", at: "10:00:09")
  let size = Size(width: 80, height: 24)
  #expect(text(of: screen, at: size).last?.contains("m messages") == true)
  _ = screen.handle(.character("m"), size: size)
  #expect(screen.isShowingMessageLog)
  let lines = text(of: screen, at: size)
  let shown = lines.joined(separator: "\n")
  #expect(shown.contains("═ 2 messages "))
  for expected in [
    "books.json: watching ●", "false: failed ⚠", "http://x/c.json: failed ⚠",
    "10:00:05  http://x/c.json", "10:00:01  false", "exited with status 1", "cannot connect",
  ] {
    #expect(shown.contains(expected), "no \(expected)")
  }
  #expect(!shown.contains("10:00:09"))
  let newer = try #require(lines.firstIndex { $0.contains("10:00:05") })
  let older = try #require(lines.firstIndex { $0.contains("10:00:01") })
  #expect(newer < older, "newest first")
  expectGolden(shown, named: "message-log-80x24")
  _ = screen.handle(.escape, size: size)
  #expect(!screen.isShowingMessageLog)
  #expect(screen.message != nil, "closing the log leaves the message")
}

@MainActor
@Test func aLongMessageLogScrollsAndKeepsTheNewestTwoHundred() {
  let screen = screen()
  for index in 0..<250 {
    screen.log(.warning("warning number \(index)"), from: "a.json", at: "10:00:00")
  }
  #expect(screen.messageLog.count == 200)
  #expect(screen.messageLog.first?.message.text == "warning number 50")
  let size = Size(width: 60, height: 15)
  _ = screen.handle(.character("m"), size: size)
  let first = text(of: screen, at: size).joined(separator: "\n")
  #expect(first.contains("warning number 249") && first.contains("↓ more"))
  _ = screen.handle(.pageDown, size: size)
  let next = text(of: screen, at: size).joined(separator: "\n")
  #expect(!next.contains("warning number 249") && next.contains("↑ more"))
}

// A warning leaves the message area by itself 8 s after it was first drawn
// (the frame loop is woken for it); an error stays until dismissed.
@MainActor
@Test func aWarningLeavesAfterEightSecondsAndAnErrorStays() {
  let screen = screen()
  let size = Fixtures.screenSize
  screen.message = .warning("warning: shelf.json: 3 ids occur more than once")
  _ = screen.render(size: size, now: 1000)
  #expect(screen.nextFrameDeadline(now: 1000) == 1000 + ShelfScreen.warningLifetime)
  #expect(TextBackend.text(of: screen.render(size: size, now: 8999)).contains("3 ids occur"))
  #expect(!TextBackend.text(of: screen.render(size: size, now: 9000)).contains("3 ids occur"))
  #expect(screen.message == nil)
  #expect(screen.nextFrameDeadline(now: 9000) == nil, "nothing left to wake for")
  screen.message = .error("shelf.json, line 1, column 2: expected a value")
  _ = screen.render(size: size, now: 10_000)
  #expect(screen.nextFrameDeadline(now: 10_000) == nil)
  _ = screen.render(size: size, now: 60_000)
  #expect(screen.message != nil)
}

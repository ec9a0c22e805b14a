import ShelfUI
import Testing

private let bestMatches = "\u{0}best-matches"

private let size = Fixtures.screenSize

@MainActor
@Test(arguments: [Key.right, .character("l")])
func rightAndLMoveToTheNextCard(key: Key) {
  let screen = screen()
  #expect(screen.handle(key, size: size) == .redraw)
  #expect(screen.focusedIDs.card == "foundation")
}

@MainActor
@Test(arguments: [Key.left, .character("h")])
func leftAndHMoveToThePreviousCardAndStopAtTheFirst(key: Key) {
  let screen = screen()
  press(.right, .right, on: screen)
  #expect(screen.handle(key, size: size) == .redraw)
  #expect(screen.focusedIDs.card == "foundation")
  press(key, on: screen)
  #expect(screen.handle(key, size: size) == .none)
  #expect(screen.focusedIDs.card == "dune")
}

@MainActor
@Test(arguments: [Key.down, .character("j")])
func downAndJMoveToTheNextRowsRememberedCard(key: Key) {
  let screen = screen()
  press(.down, .right, .up, .right, on: screen)  // Mystery remembers moonstone
  #expect(screen.handle(key, size: size) == .redraw)
  #expect(screen.focusedIDs.row == "mystery")
  #expect(screen.focusedIDs.card == "moonstone")
}

@MainActor
@Test(arguments: [Key.up, .character("k")])
func upAndKMoveToThePreviousRowAndStopAtTheTop(key: Key) {
  let screen = screen()
  press(.down, .down, on: screen)
  #expect(screen.handle(key, size: size) == .redraw)
  #expect(screen.focusedIDs.row == "mystery")
  press(key, on: screen)
  #expect(screen.handle(key, size: size) == .none)
  #expect(screen.focusedIDs.row == "sci-fi")
}

@MainActor
@Test func movingDownIntoARowNeverFocusedFocusesItsFirstCardOnScreen() {
  let screen = screen()
  press(.character("$"), .down, on: screen)
  #expect(screen.focusedIDs.row == "mystery")
  #expect(screen.focusedIDs.card == "hound")
}

@MainActor
@Test(arguments: [Key.end, .character("G")])
func endAndCapitalGGoToTheLastRow(key: Key) {
  let screen = screen()
  press(key, on: screen)
  #expect(screen.focusedIDs.row == "poetry")
}

@MainActor
@Test(arguments: [Key.home, .character("g")])
func homeAndGGoToTheFirstRow(key: Key) {
  let screen = screen()
  press(.end, on: screen)
  press(key, on: screen)
  #expect(screen.focusedIDs.row == "sci-fi")
  #expect(screen.scrollLine == 0)
}

@MainActor
@Test func zeroAndDollarGoToTheFirstAndLastCard() {
  let screen = screen()
  press(.character("$"), on: screen)
  #expect(screen.focusedIDs.card == "long")
  #expect(screen.rememberedOffset(ofRow: "sci-fi") == 5)
  press(.character("0"), on: screen)
  #expect(screen.focusedIDs.card == "dune")
  #expect(screen.rememberedOffset(ofRow: "sci-fi") == 0)
}

@MainActor
@Test func pageDownAndPageUpMoveByAScreenfulOfRows() {
  let screen = screen()
  press(.pageDown, on: screen)  // 22 body lines hold 3 rows
  #expect(screen.focusedIDs.row == "films")
  press(.pageUp, on: screen)
  #expect(screen.focusedIDs.row == "sci-fi")
}

@MainActor
@Test func enterOpensTheDetailsAndEscapeClosesThem() {
  let screen = screen()
  #expect(screen.handle(.enter, size: size) == .redraw)
  #expect(screen.isShowingDetails)
  let text = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(text.contains("Frank Herbert"))
  #expect(text.contains("classic, desert"))
  #expect(text.contains("Paul Atreides"))
  #expect(screen.handle(.escape, size: size) == .redraw)
  #expect(!screen.isShowingDetails)
}

@MainActor
@Test func enterOnAnEmptyRowOpensNothing() {
  let screen = screen()
  press(.end, .up, on: screen)
  #expect(screen.focusedIDs.row == "coming-soon")
  #expect(screen.handle(.enter, size: size) == .none)
  #expect(!screen.isShowingDetails)
}

@MainActor
@Test func questionMarkShowsHelpListingEveryKeyAndAnyKeyClosesIt() {
  let screen = screen()
  screen.liveStatus = .live
  screen.sources = [.demo]  // space and . do something: the help lists them
  #expect(screen.handle(.character("?"), size: size) == .redraw)
  #expect(screen.isShowingHelp)
  let text = TextBackend.text(of: screen.render(size: size, now: 0))
  for keys in [
    "h l", "k j", "Home g", "End G", "0  $", "PgUp", "PgDn", "Enter", "Esc", "/", "space", ".", "q",
    "mouse", "Ctrl-L", "Ctrl-Z", "Ctrl-U/E",
  ] {
    #expect(text.contains(keys), "help lacks \(keys)")
  }
  #expect(screen.handle(.character("x"), size: size) == .redraw)
  #expect(!screen.isShowingHelp)
}

@MainActor
@Test func qQuitsAndEscapeWithNothingOpenDoesNothing() {
  let screen = screen()
  let before = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(screen.handle(.escape, size: size) == .none)
  #expect(TextBackend.text(of: screen.render(size: size, now: 0)) == before)
  #expect(screen.handle(.character("q"), size: size) == .quit)
}

@MainActor
@Test func escapeClosesOneLayerAtATimeFromTheTop() {
  let screen = screen()
  // A kept filter, the prompt open again, a message, the details on top.
  press(.character("/"), on: screen)
  for character in "moon" { press(.character(character), on: screen) }
  press(.enter, .character("/"), on: screen)
  screen.message = .warning("a warning")
  #expect(screen.filter == ("moon", true))
  press(.function(1), on: screen)  // F1 is no filter key: the help opens over the prompt
  #expect(screen.isShowingHelp)
  var layers: [String] = []
  for _ in 0..<5 {
    let command = screen.handle(.escape, size: size)
    layers.append(
      "\(command) help:\(screen.isShowingHelp) message:\(screen.message != nil) "
        + "prompt:\(screen.filter.isEditing) query:\(screen.filter.query)")
  }
  #expect(
    layers == [
      "redraw help:false message:true prompt:true query:moon",
      "redraw help:false message:false prompt:true query:moon",
      "redraw help:false message:false prompt:false query:",
      "none help:false message:false prompt:false query:",
      "none help:false message:false prompt:false query:",
    ])
}

@MainActor
@Test func escapeClearsAKeptFilterAfterTheDetailsClose() {
  let screen = screen()
  press(.character("/"), on: screen)
  for character in "moon" { press(.character(character), on: screen) }
  press(.enter, on: screen)  // one Enter opens the best match
  #expect(screen.isShowingDetails && screen.filter == ("moon", false))
  press(.escape, on: screen)
  #expect(!screen.isShowingDetails && screen.filter == ("moon", false))
  press(.escape, on: screen)
  #expect(screen.filter == ("", false))
  #expect(screen.handle(.escape, size: size) == .none)
}

@MainActor
@Test func slashOverTheDetailsClosesThemAndOpensThePrompt() {
  let screen = screen()
  press(.enter, on: screen)
  #expect(screen.isShowingDetails)
  #expect(screen.handle(.character("/"), size: size) == .redraw)
  #expect(!screen.isShowingDetails)
  #expect(screen.filter == ("", true))
  press(.character("m"), on: screen)
  #expect(!screen.isShowingDetails)
  #expect(screen.filter == ("m", true))
}

@MainActor
@Test func pastedTextGoesIntoThePromptAndIsIgnoredElsewhere() {
  let screen = screen()
  let before = TextBackend.text(of: screen.render(size: size, now: 0))
  // Outside the prompt a paste is no key: not q, not j, not /.
  #expect(screen.handle(.paste("qj/x"), size: size) == .none)
  #expect(TextBackend.text(of: screen.render(size: size, now: 0)) == before)
  press(.enter, on: screen)
  #expect(screen.handle(.paste("q"), size: size) == .none)
  #expect(screen.isShowingDetails)
  press(.escape, .character("/"), on: screen)
  #expect(screen.handle(.paste("mo\u{7}on\u{1B}"), size: size) == .redraw)
  #expect(screen.filter == ("moon", true))
  #expect(screen.shownRowIDs == [bestMatches, "mystery"])
  let prompt = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(prompt.contains("Filter: moon"))
}

@MainActor
@Test func spaceAndDotAreReturnedAsLiveCommandsWhileASourceIsLive() {
  let screen = screen()
  #expect(screen.handle(.character(" "), size: size) == .none)  // nothing to pause
  #expect(screen.handle(.character("."), size: size) == .none)
  screen.liveStatus = .live
  screen.sources = [.demo]
  #expect(screen.handle(.character(" "), size: size) == .togglePause)
  #expect(screen.handle(.character("."), size: size) == .stepOnce)
  screen.sources = [.streaming("stdin", isOpen: false)]
  #expect(screen.handle(.character(" "), size: size) == .none)  // the stream has ended
}

@MainActor
@Test func theStatusLineSaysWhatEachSourceIsDoing() {
  let screen = screen()
  func status() -> String {
    String(TextBackend.text(of: screen.render(size: size, now: 0)).split(separator: "\n")[0])
  }
  func hint() -> String {
    String(TextBackend.text(of: screen.render(size: size, now: 0)).split(separator: "\n").last!)
  }
  #expect(status().hasPrefix(" Bookstore · 6 rows · Dune — Frank Herbert (1965)"))
  #expect(!hint().contains("space"))
  screen.liveStatus = .live
  screen.sources = [.demo]
  #expect(status().hasPrefix(" Bookstore · 6 rows · demo running ● · Dune"))
  #expect(hint().hasSuffix("q quit · space pause · . step"))
  screen.liveStatus = .paused
  #expect(status().hasPrefix(" Bookstore · 6 rows · demo paused ‖ · Dune"))
  #expect(hint().hasSuffix("q quit · space resume · . step"))
  screen.liveStatus = .live
  screen.sources = [.watching("shelf.json", isValid: true)]
  #expect(status().hasPrefix(" Bookstore · 6 rows · watching shelf.json ● · Dune"))
  screen.sources = [.watching("shelf.json", isValid: false)]
  #expect(status().hasPrefix(" Bookstore · 6 rows · watching shelf.json: invalid ⚠ · Dune"))
  screen.sources = [.streaming("stdin", isOpen: true)]
  #expect(status().hasPrefix(" Bookstore · 6 rows · stdin open ● · Dune"))
  screen.sources = [.streaming("stdin", isOpen: false)]
  #expect(status().hasPrefix(" Bookstore · 6 rows · stdin ended ■ · Dune"))
  #expect(!hint().contains("space"))
  screen.sources = [.demo, .watching("a.json", isValid: false), .streaming("stdin", isOpen: false)]
  #expect(status().hasPrefix(" Bookstore · 6 rows · demo ● a.json ⚠ stdin ■ 1 failing · Dune"))
  #expect(hint().contains("space pause"))
}

@MainActor
@Test func theStatusLineAndThePromptCountTheCardsFoundAndTheirRows() {
  let screen = screen()
  func hint() -> String {
    TextBackend.text(of: screen.render(size: size, now: 0)).split(separator: "\n").last.map(
      String.init) ?? ""
  }
  press(.character("/"), on: screen)
  for character in "moon" { press(.character(character), on: screen) }
  let one = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(one.hasPrefix(" Bookstore · 1 card in 1 row matches “moon” · "))
  #expect(hint().hasPrefix(" Filter: moon▏  1 card in 1 row · Enter take"))
  press(.backspace, .backspace, .backspace, .character("a"), on: screen)
  let shown = screen.tableSections.flatMap(\.rows).filter { $0.id != bestMatches }
  let cards = shown.map(\.cards.count).reduce(0, +)
  let rows = shown.count
  #expect(rows > 1 && cards >= rows)
  let many = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(many.hasPrefix(" Bookstore · \(cards) cards in \(rows) rows match “ma” · "))
  #expect(hint().hasPrefix(" Filter: ma▏  \(cards) cards in \(rows) rows · Enter take"))
  press(.character("z"), .character("z"), on: screen)
  #expect(hint().hasPrefix(" Filter: mazz▏  no matches · Enter take"))
  #expect(
    TextBackend.text(of: screen.render(size: size, now: 0)).hasPrefix(
      " Bookstore · no matches for “mazz” "))
}

// MARK: - Filter

@MainActor
@Test func typingAFilterHidesRowsWithoutMatches() {
  let screen = screen()
  let before = screen.focusedIDs
  #expect(screen.handle(.character("/"), size: size) == .redraw)
  for character in "moon" { press(.character(character), on: screen) }
  #expect(screen.shownRowIDs == [bestMatches, "mystery"])
  #expect(screen.focusedPick?.face.id == "moonstone")
  press(.tab, on: screen)
  #expect(screen.filter == ("moon", false))
  #expect(screen.focusedPick?.face.id == "moonstone")  // Tab keeps the view and the focus in it
  #expect(screen.handle(.escape, size: size) == .redraw)  // clears the filter, does not quit
  #expect(screen.shownRowIDs.count == 6)
  #expect(screen.focusedIDs == before)  // and gives the focus back
}

@MainActor
@Test func contentThatArrivesWhileTheFilterPromptIsOpenIsWhatGetsFiltered() {
  let screen = screen()
  press(.character("/"), on: screen)  // the chain is built for the first character
  var moved = Fixtures.content
  moved.sections[0].rows.removeAll { $0.id == Fixtures.mystery.id }
  moved.sections[2].rows.append(Fixtures.mystery)
  screen.setContent(moved)
  #expect(screen.shownRowIDs == moved.sections.flatMap { $0.rows.map(\.id) })
  for character in "moon" { press(.character(character), on: screen) }
  #expect(screen.shownRowIDs == [bestMatches, "mystery"])
  press(.escape, on: screen)  // closes the prompt and clears the filter
  #expect(screen.shownRowIDs == moved.sections.flatMap { $0.rows.map(\.id) })
  // With the prompt closed, content passes straight to the table again.
  screen.setContent(Fixtures.content)
  #expect(screen.shownRowIDs == Fixtures.content.sections.flatMap { $0.rows.map(\.id) })
}

@MainActor
@Test func aFilterWithNoMatchSaysSoInTheBodyAndClearingItGivesTheFocusBack() {
  let screen = screen()
  press(.right, .down, on: screen)
  let focus = screen.focusedIDs
  press(.character("/"), on: screen)
  for character in "zzzz" { press(.character(character), on: screen) }
  #expect(screen.shownRowIDs.isEmpty)
  let text = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(text.contains("No matches for “zzzz”"))
  #expect(text.hasPrefix(" Bookstore · no matches for “zzzz” "))
  #expect(!text.contains("0 / 0"))  // no row, so no counter
  #expect(!text.contains("no rows"))
  press(.backspace, .backspace, .backspace, .backspace, on: screen)
  #expect(screen.shownRowIDs.count == 6)
  #expect(screen.focusedIDs == focus)
  press(.backspace, on: screen)
  #expect(screen.filter == ("", false))
  press(.character("/"), .character("z"), .character("q"), .escape, on: screen)
  #expect(screen.focusedIDs == focus)
}

@MainActor
@Test func filterKeysAreTypedNotObeyed() {
  let screen = screen()
  press(.character("/"), on: screen)
  #expect(screen.handle(.character("q"), size: size) == .redraw)
  #expect(screen.filter.query == "q")
}

// MARK: - Mouse

@MainActor
@Test func aClickFocusesTheCardUnderThePointer() {
  let screen = screen()
  // Mystery's third card: row header at line 8, cards from line 9, x = 1 + 2 × 19.
  #expect(
    screen.handle(.mouse(MouseEvent(kind: .click, position: Point(x: 45, y: 11))), size: size)
      == .redraw)
  #expect(screen.focusedIDs.row == "mystery")
  #expect(screen.focusedIDs.card == "rebecca")
}

@MainActor
@Test func theWheelOffTheFocusedRowsCardsScrollsRowByRow() {
  let screen = screen()
  // The status line; then Mystery's cards (line 9 on), not the focused row's.
  press(.mouse(MouseEvent(kind: .wheelDown, position: Point(x: 0, y: 0))), on: screen)
  #expect(screen.focusedIDs.row == "mystery")
  press(.mouse(MouseEvent(kind: .wheelUp, position: Point(x: 0, y: 0))), on: screen)
  #expect(screen.focusedIDs.row == "sci-fi")
  press(.mouse(MouseEvent(kind: .wheelDown, position: Point(x: 10, y: 10))), on: screen)
  #expect(screen.focusedIDs.row == "mystery")
}

/// Terminals keep Shift+wheel for their own selection, so the plain wheel
/// over the focused row's cards is what scrolls them.
@MainActor
@Test func theWheelOverTheFocusedRowsCardsScrollsThem() {
  let screen = screen()
  let onCards = Point(x: 10, y: 5)  // Science Fiction's cards: lines 3 to 7
  press(.mouse(MouseEvent(kind: .wheelDown, position: onCards)), on: screen)
  press(.mouse(MouseEvent(kind: .wheelDown, position: onCards)), on: screen)
  #expect(screen.focusedIDs.row == "sci-fi")
  #expect(screen.rememberedOffset(ofRow: "sci-fi") == 2)
  press(.mouse(MouseEvent(kind: .wheelUp, position: onCards)), on: screen)
  #expect(screen.focusedIDs.row == "sci-fi")
  #expect(screen.rememberedOffset(ofRow: "sci-fi") == 1)
}

// MARK: - Scrolling

@MainActor
@Test func verticalScrollingKeepsTheFocusedRowWhole() {
  let screen = screen()
  for step in 0..<6 {
    let lines = TextBackend.text(of: screen.render(size: size, now: 0)).split(
      separator: "\n", omittingEmptySubsequences: false)
    let header = lines.firstIndex { $0.hasPrefix("▸") }
    #expect(header != nil, "step \(step): focused row header not drawn")
    if let header {
      #expect(header >= 1 && header + 5 <= 22, "step \(step): focused row cut at line \(header)")
      #expect(lines[header + 1].contains("┏") || lines[header + 3].contains("no cards"))
    }
    press(.down, on: screen)
  }
}

@MainActor
@Test func eachRowRemembersItsOwnHorizontalOffset() {
  let screen = screen()
  press(.down, .down, .down, on: screen)  // films
  for _ in 0..<10 { press(.right, on: screen) }
  #expect(screen.rememberedOffset(ofRow: "films") == 7)
  press(.home, on: screen)
  #expect(screen.rememberedOffset(ofRow: "sci-fi") == 0)
  press(.end, on: screen)  // films scrolled out of view and back
  press(.up, .up, on: screen)
  #expect(screen.focusedIDs.row == "films")
  #expect(screen.rememberedOffset(ofRow: "films") == 7)
  #expect(screen.focusedIDs.card == "film-11")  // the card last focused there
}

@MainActor
@Test func theRowHeaderShowsTheFocusedPosition() {
  let screen = screen()
  press(.right, .right, on: screen)
  let text = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(text.contains("3 / 9"))
}

// MARK: - Size

@MainActor
@Test func belowTheMinimumSizeTheScreenSaysWhatItNeeds() {
  let screen = screen()
  let needs = ShelfUI.Metrics.minimumSize
  let small = TextBackend.text(
    of: screen.render(size: Size(width: needs.width - 1, height: 30), now: 0))
  #expect(small.contains("terminal too small"))
  let fits = TextBackend.text(of: screen.render(size: needs, now: 0))
  #expect(!fits.contains("terminal too small"))
  #expect(fits.contains("Dune"))
}

@MainActor
@Test func aResizeFirstSeenByAKeyStillBringsTheFocusIntoView() {
  let screen = screen()
  press(.end, on: screen)  // the last row, scrolled into view at 80x24
  let small = Size(width: 80, height: 12)
  // The key reaches the screen before any frame at the new size.
  _ = screen.handle(.control("l"), size: small)
  let text = TextBackend.text(of: screen.render(size: small, now: 0))
  #expect(text.contains("▸"), "the focused row is off screen:\n\(text)")
}

import Foundation
import Testing

extension InTmux {
  /// A person browsing: keys, details, help, resizes, quitting.
  @Suite struct Navigation {
    @Test func keysMoveTheFocusAndTheStatusLineFollowsIt() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--catalog \(fixtures)/small.json")
      session.expectScreen(containing: "Small Shelf · 3 rows · Emma — Jane Austen (1815)")
      // A row never focused gives its first card on screen; ↑ ↓ land on the
      // card each row remembers, the one its counter shows.
      let steps: [(keys: [String], status: String)] = [
        (["Right"], "Middlemarch — George Eliot (1871)"),
        (["Down"], "Metropolis — Fritz Lang (1927)"),
        (["Right"], "Casablanca — Michael Curtiz (1942)"),
        (["Up"], "Middlemarch — George Eliot (1871)"),
        (["Down"], "Casablanca — Michael Curtiz (1942)"),
        (["End"], "Leaves of Grass — Walt Whitman (1855)"),
        (["g"], "Middlemarch — George Eliot (1871)"),
        (["$"], "Candide — Voltaire"),
        (["0"], "Emma — Jane Austen"),
        (["l", "l"], "Dracula — Bram Stoker"),
        (["j"], "Casablanca — Michael Curtiz (1942)"),
      ]
      for step in steps {
        for key in step.keys { try session.send(key) }
        session.expectScreen(containing: step.status)
      }
      try session.quitAndExpectRestored()
    }

    @Test func enterOpensTheDetailsAndEscapeClosesThem() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--catalog \(fixtures)/small.json")
      session.expectScreen(containing: "Emma — Jane Austen")
      try session.send("Enter")
      // The panel's hint and its summary, on one screen (a frame can reach
      // tmux in more than one read).
      session.expectScreen("the details with the summary") {
        $0.contains("Esc or q close") && $0.contains("A clever young woman")
      }
      try session.send("Escape")
      session.expectScreen("the details closed") { !$0.contains("Esc or q close") }
      #expect(session.paneValue("alternate_on") == "1", "Escape over details must not quit")
      try session.send("?")
      session.expectScreen(containing: "any other key closes")
      try session.send("Escape")
      session.expectScreen("the help closed") { !$0.contains("any other key closes") }
      #expect(session.paneValue("alternate_on") == "1")
      try session.quitAndExpectRestored()
    }

    /// An opened card joins Recently viewed, above the view (Home reaches
    /// it), unless `--no-recent`; `s` sorts the row and the status line says so.
    @Test(arguments: [false, true])
    func recentlyViewedFollowsTheFlagAndSSortsTheRow(isOff: Bool) throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--catalog \(fixtures)/small.json" + (isOff ? " --no-recent" : ""))
      session.expectScreen(containing: "Emma — Jane Austen")
      try session.send("Enter")
      session.expectScreen(containing: "Esc or q close")
      try session.send("Escape")
      session.expectScreen("the details closed") { !$0.contains("Esc or q close") }
      try session.send("s")
      session.expectScreen(containing: "by title")
      try session.send("g")
      if isOff {
        let still = session.expectStillScreen("after Home")
        #expect(still?.contains("Recently viewed") == false)
      } else {
        session.expectScreen(containing: "Recently viewed")
      }
      try session.quitAndExpectRestored()
    }

    @Test func qClosesAnOverlayAndQuitsOnlyFromTheTable() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--catalog \(fixtures)/small.json")
      session.expectScreen(containing: "Emma — Jane Austen")
      try session.send("?")
      session.expectScreen(containing: "Ctrl-U")
      try session.send("q")
      session.expectScreen("the help closed") { !$0.contains("any other key closes") }
      #expect(session.paneValue("alternate_on") == "1", "q over the help must not quit")
      try session.send("Enter")
      session.expectScreen(containing: "Esc or q close")
      try session.send("q")
      session.expectScreen("the details closed") { !$0.contains("Esc or q close") }
      #expect(session.paneValue("alternate_on") == "1", "q over the details must not quit")
      try session.quitAndExpectRestored()
    }

    @Test func resizingRelayoutsAtOnceAndATinyWindowSaysSo() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--catalog \(fixtures)/small.json")
      // The status line across the whole 120 columns, hint and all.
      session.expectScreen("the status line at 120 columns") { screen in
        let first = screen.split(separator: "\n").first ?? ""
        return first.contains("Small Shelf") && first.hasSuffix("? help") && first.count > 100
      }
      try session.resize(width: 80, height: 24)
      session.expectScreen("a relayout at 80x24") { screen in
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        return lines.count == 24 && lines[0].contains("Small Shelf") && lines[0].hasSuffix("? help")
          && screen.contains("q quit")
      }
      try session.resize(width: 30, height: 8)
      session.expectScreen(containing: "terminal too small")
      try session.resize(width: 120, height: 40)
      session.expectScreen("the full screen again") { screen in
        screen.contains("Small Shelf") && screen.contains("Poetry") && !screen.contains("too small")
      }
      try session.quitAndExpectRestored()
    }

    /// An X10 mouse report (what ncurses asks a `screen` terminal for) of
    /// `button` at the 0-based cell `x`, `y`.
    private func mouseReport(button: Int, x: Int, y: Int) -> String {
      let bytes = [32 + button, 33 + x, 33 + y].compactMap(Unicode.Scalar.init).map(String.init)
      return "\u{1B}[M" + bytes.joined()
    }

    @Test func aClickFocusesACardAndTheWheelScrolls() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--catalog \(fixtures)/small.json")
      session.expectScreen(containing: "Emma — Jane Austen")
      // Middlemarch is the second card of the first row: columns 25 to 46, lines 3 to 7.
      try session.type(mouseReport(button: 0, x: 30, y: 4))
      try session.type(mouseReport(button: 3, x: 30, y: 4))
      session.expectScreen(containing: "Middlemarch — George Eliot")
      // The wheel off the focused row's cards (over the films') moves rows.
      try session.type(mouseReport(button: 65, x: 30, y: 11))
      session.expectScreen("the wheel moved on to the next row") { screen in
        !String(screen.split(separator: "\n").first ?? "").contains("Middlemarch")
      }
      try session.quitAndExpectRestored()
    }

    /// An SGR mouse report (what ncurses asks an xterm for) of `button` at
    /// the 0-based cell `x`, `y`; `isRelease` ends it with `m`.
    private func sgrReport(button: Int, x: Int, y: Int, isRelease: Bool = false) -> String {
      "\u{1B}[<\(button);\(x + 1);\(y + 1)" + (isRelease ? "m" : "M")
    }

    @Test func clicksOnTheArrowsPageARowAndTheWheelOverItsCardsScrollsThem() throws {
      let session = try TmuxSession(width: 80, height: 24)
      defer { session.close() }
      try session.startShelf(
        "--catalog \(fixtures)/small.json", environment: "TERM=xterm-256color")
      session.expectScreen(containing: "Emma — Jane Austen")
      // Novels: its title on line 2, its cards on lines 3 to 7, › at column 79 of line 5.
      try session.type(sgrReport(button: 0, x: 79, y: 5))
      try session.type(sgrReport(button: 0, x: 79, y: 5, isRelease: true))
      session.expectScreen("a screenful on: the third card focused") { screen in
        screen.contains("Dracula — Bram Stoker") && screen.contains("3 / 6")
      }
      try session.type(sgrReport(button: 0, x: 0, y: 5))
      try session.type(sgrReport(button: 0, x: 0, y: 5, isRelease: true))
      session.expectScreen("back to the first screenful") { screen in
        screen.contains("Emma — Jane Austen") && screen.contains("1 / 6")
      }
      // Shift + wheel down (64 + 1, Shift 4) over the films: their cards scroll by one.
      try session.type(sgrReport(button: 69, x: 10, y: 11))
      session.expectScreen("the films scrolled one card") { screen in
        screen.contains("Casablanca — Michael Curtiz") && screen.contains("2 / 5")
          && !screen.contains("Metropolis")
      }
      // The plain wheel over the focused row's cards scrolls them too (terminals
      // keep Shift + wheel for their own selection)...
      try session.type(sgrReport(button: 64, x: 10, y: 11))
      session.expectScreen("the films scrolled back one card") { screen in
        screen.contains("Metropolis") && screen.contains("2 / 5")
      }
      // ... and anywhere else moves between rows.
      try session.type(sgrReport(button: 65, x: 10, y: 4))
      session.expectScreen("the wheel moved to the next row") { screen in
        (screen.split(separator: "\n").first ?? "").contains("Leaves of Grass — Walt Whitman")
      }
      try session.quitAndExpectRestored()
    }

    @Test func escapeWithNothingOpenDoesNotQuit() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--catalog \(fixtures)/small.json")
      session.expectScreen(containing: "Small Shelf")
      try session.send("Escape")
      // A person's next key comes well after the escape delay (25 ms): once
      // the app has read the Escape and gone idle (on a loaded machine a
      // fixed pause could end before it even read it, and the two would
      // arrive together as Alt-Right).
      session.expectStillScreen("after Escape")
      try session.send("Right")
      session.expectScreen(containing: "Middlemarch — George Eliot")
      #expect(session.paneValue("alternate_on") == "1", "Escape at the top level must not quit")
      try session.quitAndExpectRestored()
    }
  }
}

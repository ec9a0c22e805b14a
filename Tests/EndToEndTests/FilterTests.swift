import Foundation
import Testing

extension InTmux {
  /// The `/` filter on a large catalog: it filters off the main thread, so
  /// keys are read and drawn while it works.
  @Suite struct Filter {
    /// A catalog of `rows` rows of `cardsPerRow` cards whose titles are drawn
    /// from a few words, so that short queries match many cards.
    static func largeCatalog(rows: Int, cardsPerRow: Int, in folder: URL) throws -> URL {
      let words = ["the", "sea", "night", "other", "garden", "stone", "river", "winter", "glass"]
      var json = #"{"title": "Large", "rows": ["#
      for r in 0..<rows {
        json += (r == 0 ? "" : ",") + #"{"id": "r\#(r)", "title": "Row \#(r)", "items": ["#
        for c in 0..<cardsPerRow {
          let title = "\(words[(r + c) % words.count]) \(words[(r * 7 + c * 3) % words.count])"
          json +=
            (c == 0 ? "" : ",")
            + #"{"id": "c\#(c)", "title": "\#(title)", "year": \#(1900 + c % 120)}"#
        }
        json += "]}"
      }
      json += "]}"
      let file = folder.appendingPathComponent("large.json")
      try json.write(to: file, atomically: true, encoding: .utf8)
      return file
    }

    @Test func typingIntoTheFilterOfALargeCatalogNeverHoldsUpKeysOrQuitting() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let catalog = try Self.largeCatalog(rows: 200, cardsPerRow: 500, in: session.scratch)
      try session.startShelf("--catalog \(catalog.path)")
      session.expectScreen(containing: "Large · 200 rows", timeout: 60)
      try session.send("/")
      try session.type("the")
      session.expectScreen(containing: "Filter: the▏")
      session.expectScreen(containing: "rows match “the”", timeout: 60)
      // Each key starts another pass over the 100,000 cards; none waits for it.
      try session.type("sea")
      session.expectScreen(containing: "Filter: thesea▏")
      try session.send("BSpace", "BSpace", "BSpace", "Space")
      try session.type("sea")
      session.expectScreen(containing: "Filter: the sea▏")
      try session.send("Tab")  // keeps the filter to browse it
      try session.quitAndExpectRestored()
    }

    /// The focused card's part of the status line.
    private static func focusedCard(_ session: TmuxSession) -> String {
      let parts = session.statusLine.components(separatedBy: " · ")
      return parts.last?.replacingOccurrences(of: "? help", with: "")
        .trimmingCharacters(in: .whitespaces) ?? ""
    }

    @Test func searchFoldsAccentsMatchesEveryWordCountsCardsAndGivesTheFocusBack() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--no-live")
      // Each key's focus shows in the status line before the next is sent,
      // so the focus taken is the one after all three. The first is read
      // from the whole first screen (its status line can arrive in parts).
      session.expectStillScreen(containing: "Books & Films · ")
      var focus = Self.focusedCard(session)
      #expect(!focus.isEmpty, "\(session.statusLine)")
      for key in ["Down", "Down", "Right"] {
        let before = focus
        try session.send(key)
        _ = session.waitForScreen { _ in Self.focusedCard(session) != before }
        focus = Self.focusedCard(session)
        #expect(focus != before, "\(key) moved the focus: \(session.statusLine)")
      }
      #expect(focus.contains(" — "), "\(session.statusLine)")
      // Each query: what it finds, counted, and the focus given back by Esc.
      let queries = [
        ("miserables", "2 cards in 2 rows", "Les Misérables"),
        ("soseki", "4 cards in 2 rows", "Natsume Sōseki"),
        ("kurosawa 1954", "2 cards in 2 rows", "七人の侍"),
        ("zzqx", "no matches", "No matches for “zzqx”"),
      ]
      for (query, count, shown) in queries {
        try session.send("/")
        try session.type(query)
        // Once the filter's animation ends only the cards found stay on
        // screen, each in its row and again in the best matches row: card
        // boxes (a top corner each) for no more than twice as many.
        let cards = Int(count.prefix(while: \.isNumber)) ?? 0
        session.expectScreen("\(query): \(count), \(cards) cards on screen", timeout: 30) {
          screen in
          let boxes =
            screen.components(separatedBy: "┌").count + screen.components(separatedBy: "┏").count
            - 2
          return screen.contains("Filter: \(query)▏  \(count) ·") && screen.contains(shown)
            && boxes >= cards && boxes <= 2 * cards
            && (cards == 0) != screen.contains("Best matches")
        }
        try session.send("Escape")
        session.expectScreen("the focus back after \(query)") { _ in
          session.statusLine.contains(" · 22 rows · ") && Self.focusedCard(session) == focus
        }
      }
      try session.quitAndExpectRestored()
    }
  }
}

import Foundation
import Testing

extension InTmux {
  /// Keys as terminals send them, in the terminal types people run Shelf
  /// under in tmux: nothing but q ends the app.
  @Suite struct KeyEncodings {
    /// Home and End as tmux sends them (`send-keys Home`), then raw, in the
    /// encodings of xterm (normal and application mode, with Ctrl), VT220 /
    /// tmux / screen / the Linux console, and rxvt.
    static let homeAndEnd: [(home: String, end: String)] = [
      ("\u{1B}[H", "\u{1B}[F"), ("\u{1B}OH", "\u{1B}OF"), ("\u{1B}[1~", "\u{1B}[4~"),
      ("\u{1B}[7~", "\u{1B}[8~"), ("\u{1B}[1;5H", "\u{1B}[1;5F"), ("\u{1B}[7^", "\u{1B}[8^"),
    ]

    /// Shift with ←, →, ↑, ↓, Home, End as each terminal sends them: its
    /// terminfo's kLFT, kRIT, kUP, kDN, kHOM, kEND (`infocmp -x`; kitty's
    /// entry, from ncurses-term, is named `kitty`).
    static let shiftedKeys: [String: [String]] = [
      "xterm-256color": [
        "\u{1B}[1;2C", "\u{1B}[1;2D", "\u{1B}[1;2B", "\u{1B}[1;2A", "\u{1B}[1;2F", "\u{1B}[1;2H",
      ],
      "rxvt-unicode-256color": [
        "\u{1B}[c", "\u{1B}[d", "\u{1B}[b", "\u{1B}[a", "\u{1B}[8$", "\u{1B}[7$",
      ],
      "kitty": [
        "\u{1B}[1;2C", "\u{1B}[1;2D", "\u{1B}[1;2B", "\u{1B}[1;2A", "\u{1B}[1;2F", "\u{1B}[1;2H",
      ],
    ]

    /// ncurses decodes them by the TERM's terminfo; each does what its plain key does.
    @Test(arguments: ["xterm-256color", "rxvt-unicode-256color", "kitty"])
    func shiftedKeysDoWhatTheirPlainKeysDo(term: String) throws {
      let session = try TmuxSession()
      defer { session.close() }
      let keys = try #require(Self.shiftedKeys[term])
      try session.startShelf("--catalog \(fixtures)/small.json", environment: "TERM=\(term)")
      let status = "Small Shelf · 3 rows · "
      let focused = [
        "Middlemarch — George Eliot", "Emma — Jane Austen", "Metropolis — Fritz Lang",
        "Emma — Jane Austen", "Leaves of Grass — Walt Whitman", "Emma — Jane Austen",
      ]
      session.expectScreen(containing: status + "Emma — Jane Austen")
      for (key, card) in zip(keys, focused) {
        try session.type(key)
        session.expectScreen("\(term): \(card) after \(key.debugDescription)") {
          $0.contains(status + card)
        }
      }
      try session.quitAndExpectRestored()
    }

    @Test(arguments: ["xterm-256color", "tmux-256color", "screen-256color"])
    func keysReadWholeAndNothingButQQuits(term: String) throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--catalog \(fixtures)/small.json", environment: "TERM=\(term)")
      let first = "Small Shelf · 3 rows · Emma — Jane Austen"
      let last = "Small Shelf · 3 rows · Leaves of Grass — Walt Whitman"
      session.expectScreen(containing: first)

      // Home and End reach the first and last row, every way they come.
      try session.send("End")
      session.expectScreen(containing: last)
      try session.send("Home")
      session.expectScreen(containing: first)
      for (home, end) in Self.homeAndEnd {
        try session.type(end)
        session.expectScreen("\(term): the last row after \(end.debugDescription)") {
          $0.contains(last)
        }
        try session.type(home)
        session.expectScreen("\(term): the first row after \(home.debugDescription)") {
          $0.contains(first)
        }
      }

      // What is not a key of Shelf's leaves it running and unchanged: the
      // key after it does what it does on the screen as it was. Both screens
      // compared against are taken whole and at rest (the status line can
      // show before the rest of a frame, and a move can scroll).
      let still = try #require(session.expectStillScreen(containing: first))
      try session.send("Right")
      let moved = try #require(session.expectStillScreen(containing: "Middlemarch — George Eliot"))
      try session.send("Left")
      session.expectScreen("\(term): back on Emma") { $0 == still }
      let junk: [(String, () throws -> Void)] = [
        ("Alt-j", { try session.send("M-j") }),
        ("an X10 mouse report", { try session.type("\u{1B}[M !!") }),
        ("an unknown CSI", { try session.type("\u{1B}[99;5~") }),
        ("a paste outside the prompt", { try session.paste("qj/") }),
        (
          "Esc at the top level",
          {
            try session.send("Escape")
            // A person's next key comes well after the escape delay (25 ms):
            // once the app has read the Escape and gone idle.
            session.expectStillScreen("\(term): after Escape")
          }
        ),
      ]
      for (what, send) in junk {
        try send()
        try session.send("Right")
        session.expectScreen("\(term): \(what) changed nothing") { $0 == moved }
        try session.send("Left")
        session.expectScreen("\(term): back on Emma after \(what)") { $0 == still }
      }
      #expect(session.paneValue("alternate_on") == "1")

      // A bracketed paste after / goes into the prompt, its tab a space and
      // its escape sequence dropped whole.
      try session.send("/")
      session.expectScreen(containing: "Filter: ▏")
      try session.paste("George\t\u{1B}[31mEliot")
      session.expectScreen(containing: "Filter: George Eliot▏")
      try session.send("Tab")  // keeps the filter (Enter would open the best match)
      try session.quitAndExpectRestored()
    }
  }
}

import Foundation
import Testing

/// Keys typed while Shelf asks the terminal about itself (its background,
/// whether it shows pictures), before the screen is up, are the user's:
/// they reach the app, in order, and the answers never do.
@Suite struct TypedAhead {
  @Test func aKeyTypedBeforeTheTerminalAnswersReachesTheApp() async throws {
    let status = try await offThePool { () throws -> Int32? in
      let app = try PseudoTerminalShelf(["--catalog", "\(fixtures)/small.json"])
      // The questions end with DA1's, "what are you?"; this terminal answers
      // after the user has typed q.
      guard app.read(until: "\u{1B}[c", timeout: 30) else { return nil }
      app.type(Array("q".utf8))
      app.type(Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[?62;22c".utf8))
      return app.wait(timeout: 15)
    }
    #expect(status == 0, "q typed while the terminal was asked quits the app")
  }
}

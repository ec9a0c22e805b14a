import Foundation
import Testing

extension InTmux {
  /// What tmux shows is what `shelf render` prints: ncurses and the terminal
  /// agree on every column, hostile text included.
  @Suite struct ScreenMatchesRender {
    @Test(arguments: ["small.json", "wide.json"])
    func theLiveScreenEqualsTheHeadlessRender(fixture: String) throws {
      let render = try runShelf([
        "render", "--catalog", "\(fixtures)/\(fixture)", "--width", "120", "--height", "40",
      ])
      #expect(render.status == 0)
      let expected = render.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.replacing(/\ +$/, with: "") }
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--catalog \(fixtures)/\(fixture)")
      func lines(of screen: String) -> [String] {
        Array(
          screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(40)
            .map { String($0).replacing(/\ +$/, with: "") })
      }
      let want = Array(expected.prefix(40).map(String.init))
      // A frame may reach tmux in more than one read: wait for the whole screen.
      let screen = session.waitForScreen(timeout: 10) { lines(of: $0) == want }
      let got = lines(of: screen ?? session.screen())
      for (number, line) in want.enumerated() {
        #expect(number < got.count && got[number] == line, "line \(number + 1) differs")
      }
      try session.quitAndExpectRestored()
    }
  }
}

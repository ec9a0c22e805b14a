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
      let screen = session.expectScreen("the first screen of \(fixture)") { screen in
        screen.split(separator: "\n", omittingEmptySubsequences: false).first.map {
          String($0).replacing(/\ +$/, with: "") == expected[0]
        } ?? false
      }
      let lines = (screen ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        .map { String($0).replacing(/\ +$/, with: "") }
      for (number, line) in expected.prefix(40).enumerated() {
        #expect(number < lines.count && lines[number] == String(line), "line \(number + 1) differs")
      }
      try session.quitAndExpectRestored()
    }
  }
}

import Foundation
import Testing

extension InTmux {
  /// Terminals that cannot be drawn on, or have no alternate screen.
  @Suite struct TerminalTypes {
    @Test func aTerminalThatCannotMoveTheCursorIsRefusedAndLeftAlone() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--catalog \(fixtures)/small.json", environment: "TERM=dumb")
      let exit = session.waitForExit()
      #expect(exit?.status == 74)
      #expect(exit?.isTTYRestored == true)
      // One line naming the problem, then the shell's report: nothing drawn.
      let lines = (exit?.screen ?? "").split(separator: "\n").map(String.init)
      #expect(
        lines.first
          == "shelf: no usable terminal: 'dumb' cannot move the cursor (set TERM to your terminal's type)"
      )
      #expect(lines.dropFirst().first?.hasPrefix("EXIT=74") == true)
      #expect(session.paneValue("alternate_on") == "0")
      #expect(session.paneValue("cursor_flag") == "1")
      #expect(session.paneValue("mouse_any_flag") == "0")
    }

    @Test func withoutAnAlternateScreenQuittingClearsTheScreenAndHomesTheCursor() throws {
      let session = try TmuxSession()
      defer { session.close() }
      // The Linux console's description has no smcup/rmcup.
      try session.startShelf("--catalog \(fixtures)/small.json", environment: "TERM=linux")
      session.expectScreen(containing: "Emma — Jane Austen")
      #expect(session.paneValue("alternate_on") == "0")
      try session.send("q")
      let exit = session.waitForExit()
      #expect(exit?.status == 0)
      #expect(exit?.isTTYRestored == true)
      let screen = exit?.screen ?? ""
      #expect(
        !screen.contains("Small Shelf") && !screen.contains("Emma"), "left on screen:\n\(screen)")
      // The cursor was at the top-left: the shell's report starts the screen.
      #expect(screen.split(separator: "\n").first?.hasPrefix("EXIT=0") == true)
      #expect(session.paneValue("cursor_flag") == "1")
    }
  }
}

import Foundation
import Testing

/// Every tmux test runs one at a time: they share two cores with the build.
@Suite(.serialized) struct InTmux {}

extension InTmux {
  /// The terminal is given back however `shelf` ends.
  @Suite struct TerminalRestore {
    /// Waits until `shelf` has taken over the screen (alternate screen on).
    private func waitUntilRunning(_ session: TmuxSession) -> Bool {
      let deadline = Date().addingTimeInterval(15)
      while Date() < deadline {
        if session.paneValue("alternate_on") == "1" && !session.screen().contains("EXIT=") {
          return true
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
      return false
    }

    /// The shell is back exactly as it was: settings, prompt, cursor, screen, mouse.
    private func expectRestored(
      _ exit: InteractiveExit?, status: Int, in session: TmuxSession,
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      guard let exit else {
        Issue.record("the shell never came back", sourceLocation: sourceLocation)
        return
      }
      #expect(exit.status == status, sourceLocation: sourceLocation)
      #expect(exit.isTTYRestored, "stty -g differs after the run", sourceLocation: sourceLocation)
      let lastLine = exit.screen.split(separator: "\n").last.map(String.init) ?? ""
      #expect(lastLine == TmuxSession.prompt, sourceLocation: sourceLocation)
      #expect(session.paneValue("alternate_on") == "0", sourceLocation: sourceLocation)
      #expect(session.paneValue("cursor_flag") == "1", sourceLocation: sourceLocation)
      #expect(session.paneValue("mouse_any_flag") == "0", sourceLocation: sourceLocation)
      #expect(session.paneValue("mouse_standard_flag") == "0", sourceLocation: sourceLocation)
    }

    @Test func quittingWithQGivesTheShellBackAsItWas() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--no-live")
      #expect(waitUntilRunning(session))
      try session.send("q")
      expectRestored(session.waitForExit(), status: 0, in: session)
    }

    @Test func controlCEndsCleanlyAndGivesTheShellBack() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--no-live")
      #expect(waitUntilRunning(session))
      try session.send("C-c")
      expectRestored(session.waitForExit(), status: 130, in: session)
    }

    @Test(arguments: [("TERM", SIGTERM), ("HUP", SIGHUP), ("INT", SIGINT), ("SEGV", SIGSEGV), ("ABRT", SIGABRT)])
    func aSignalFromOutsideGivesTheShellBack(name: String, signal: Int32) throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--no-live")
      #expect(waitUntilRunning(session))
      let pid = try #require(session.foregroundProcess())
      #expect(kill(pid, signal) == 0)
      expectRestored(session.waitForExit(timeout: 20), status: 128 + Int(signal), in: session)
    }
  }
}

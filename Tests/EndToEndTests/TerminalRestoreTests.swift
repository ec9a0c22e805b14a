import Foundation
import Testing

/// Every tmux test runs one at a time: they share two cores with the build.
@Suite(.serialized) struct InTmux {}

extension InTmux {
  /// The terminal is given back however `shelf` ends.
  @Suite struct TerminalRestore {
    @Test func quittingWithQGivesTheShellBackAsItWas() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--no-live")
      #expect(session.waitUntilRunning())
      try session.send("q")
      session.expectRestored(session.waitForExit(), status: 0)
    }

    @Test func controlCEndsCleanlyAndGivesTheShellBack() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--no-live")
      #expect(session.waitUntilRunning())
      try session.send("C-c")
      session.expectRestored(session.waitForExit(), status: 130)
    }

    @Test func controlZStopsAndFgTakesTheScreenBackWithWorkingKeys() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let before = session.scratch.appendingPathComponent("before").path
      try session.run(
        "clear; stty -g > \(before); \(shelfBinary.path) --catalog \(fixtures)/small.json")
      session.expectScreen(containing: "Emma — Jane Austen")
      try session.send("C-z")
      session.expectScreen(containing: "Stopped")
      #expect(session.paneValue("alternate_on") == "0")
      #expect(session.paneValue("cursor_flag") == "1")
      try session.run("fg")
      session.expectScreen(containing: "Emma — Jane Austen")
      try session.send("Right")
      session.expectScreen(containing: "Middlemarch — George Eliot")
      try session.send("q")
      session.expectScreen("the shell back") { screen in
        screen.split(separator: "\n").last.map(String.init) == TmuxSession.prompt
      }
      try session.run("stty -g | cmp -s - \(before) && echo \"TTY\"=same || echo \"TTY\"=changed")
      session.expectScreen(containing: "TTY=same")
      #expect(session.paneValue("alternate_on") == "0")
      #expect(session.paneValue("cursor_flag") == "1")
    }

    @Test(arguments: [
      ("TERM", SIGTERM), ("HUP", SIGHUP), ("INT", SIGINT), ("SEGV", SIGSEGV), ("ABRT", SIGABRT),
    ])
    func aSignalFromOutsideGivesTheShellBack(name: String, signal: Int32) throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--no-live")
      #expect(session.waitUntilRunning())
      let pid = try #require(session.foregroundProcess())
      #expect(kill(pid, signal) == 0)
      session.expectRestored(session.waitForExit(timeout: 20), status: 128 + Int(signal))
    }
  }
}

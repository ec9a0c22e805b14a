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

    @Test(arguments: [("TERM", SIGTERM), ("HUP", SIGHUP), ("INT", SIGINT), ("SEGV", SIGSEGV), ("ABRT", SIGABRT)])
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

import Foundation
import Testing

extension InTmux {
  /// Ctrl-S and Ctrl-Q are keys: the terminal's flow control is off while
  /// Shelf runs, so neither stops nor starts its output.
  @Suite struct FlowControl {
    @Test func controlSNeitherStopsTheScreenNorTheKeys() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--catalog \(fixtures)/small.json")
      session.expectScreen(containing: "Small Shelf · 3 rows · Emma — Jane Austen")
      // 0x13 is Ctrl-S: with IXON on, the tty would stop Shelf's output here.
      try session.send("-H", "13")
      try session.send("Right")
      session.expectScreen(containing: "Small Shelf · 3 rows · Middlemarch — George Eliot")
      try session.send("-H", "13", "13", "11")
      try session.send("End")
      session.expectScreen(containing: "Small Shelf · 3 rows · Leaves of Grass — Walt Whitman")
      // Quitting gives the shell its own modes back, flow control included.
      try session.quitAndExpectRestored()
    }
  }
}

/// A terminal that stops reading blocks the app's writes; signals still end it.
@Suite struct StalledTerminal {
  /// The run loop is stuck in a frame's `write()`, so the first SIGTERM
  /// waits in its pipe; the second ends the app from the signal handler,
  /// 128 + 15, with the shell's tty modes set back without waiting for the
  /// terminal.
  @Test func aSecondSigtermEndsTheAppWhileItsOutputIsBlocked() async throws {
    let run = try await offThePool { () throws -> StalledRun in
      let app = try PseudoTerminalShelf(
        ["--rate", "ludicrous", "--churn", "massive"], columns: 240, lines: 70)
      var run = StalledRun()
      var shellModes = termios()
      _ = tcgetattr(app.slave, &shellModes)
      run.sawFirstFrame = app.read(until: "? help")
      // Stop reading; Ctrl-L asks for whole repaints until the pty's buffer is
      // full and a write() stays blocked.
      run.blocked = waitFor(timeout: 60) {
        app.type([0x0C])
        return waitFor(timeout: 0.5) { app.isWriting } && !waitFor(timeout: 1) { !app.isWriting }
      }
      guard run.blocked else { return run }
      kill(app.pid, SIGTERM)
      run.firstArrived = waitFor(timeout: 10) { !app.isPending(SIGTERM) }
      run.aliveAfterFirst = app.status() == nil
      kill(app.pid, SIGTERM)
      run.status = app.wait(timeout: 10)
      var modes = termios()
      _ = tcgetattr(app.slave, &modes)
      run.inputModesBack = modes.c_iflag == shellModes.c_iflag
      run.localModesBack = modes.c_lflag == shellModes.c_lflag
      return run
    }
    #expect(run.sawFirstFrame, "the first frame never came")
    try #require(run.blocked, "the app's writes never blocked")
    #expect(run.firstArrived, "the first SIGTERM never arrived")
    #expect(run.aliveAfterFirst, "one SIGTERM cannot end a run loop that is stuck")
    #expect(run.status == 128 + SIGTERM)
    #expect(run.inputModesBack, "input modes (IXON) given back")
    #expect(run.localModesBack, "local modes (ICANON, ECHO) given back")
  }

  /// What the stalled run showed, checked on the test's own task.
  private struct StalledRun: Sendable {
    var sawFirstFrame = false
    var blocked = false
    var firstArrived = false
    var aliveAfterFirst = false
    var status: Int32?
    var inputModesBack = false
    var localModesBack = false
  }
}

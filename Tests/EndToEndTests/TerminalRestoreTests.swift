import Foundation
import Testing

/// SIGRTMIN...SIGRTMAX, which glibc decides at run time.
private let realTimeSignals: ClosedRange<Int32> =
  __libc_current_sigrtmin()...__libc_current_sigrtmax()

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

    /// Every signal whose default action ends the process: the terminal is
    /// given back and the shell sees 128 + its number. One session for all,
    /// under a plain `sh`, which restores nothing itself.
    @Test func everyEndingSignalGivesTheShellBackAndExitsWith128PlusItsNumber() throws {
      let signals: [(String, Int32)] = [
        ("SIGHUP", SIGHUP), ("SIGINT", SIGINT), ("SIGQUIT", SIGQUIT), ("SIGUSR1", SIGUSR1),
        ("SIGUSR2", SIGUSR2), ("SIGPIPE", SIGPIPE), ("SIGALRM", SIGALRM), ("SIGTERM", SIGTERM),
        ("SIGSTKFLT", SIGSTKFLT), ("SIGXCPU", SIGXCPU), ("SIGXFSZ", SIGXFSZ),
        ("SIGVTALRM", SIGVTALRM), ("SIGPROF", SIGPROF), ("SIGIO", SIGIO), ("SIGPWR", SIGPWR),
        ("SIGRTMIN", realTimeSignals.lowerBound), ("SIGRTMAX", realTimeSignals.upperBound),
      ]
      try expectEachRestores(signals, statusFor: { 128 + Int($0) })
    }

    /// A crash signal (a fault, a trap, an abort; here sent from outside)
    /// gives the terminal back first, then the process dies of the signal.
    @Test func aCrashSignalGivesTheShellBackAndDiesOfIt() throws {
      let signals: [(String, Int32)] = [
        ("SIGSEGV", SIGSEGV), ("SIGBUS", SIGBUS), ("SIGILL", SIGILL), ("SIGTRAP", SIGTRAP),
        ("SIGABRT", SIGABRT), ("SIGFPE", SIGFPE), ("SIGSYS", SIGSYS),
      ]
      try expectEachRestores(signals, statusFor: { 128 + Int($0) })
    }

    private func expectEachRestores(
      _ signals: [(name: String, number: Int32)], statusFor: (Int32) -> Int,
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let session = try TmuxSession(shell: .posix)
      defer { session.close() }
      for (name, number) in signals {
        try session.startShelf("--no-live")
        guard session.waitUntilRunning(), let pid = session.foregroundProcess() else {
          Issue.record("shelf did not start before \(name)", sourceLocation: sourceLocation)
          return
        }
        #expect(kill(pid, number) == 0, sourceLocation: sourceLocation)
        session.expectRestored(
          session.waitForExit(timeout: 20), status: statusFor(number), after: name,
          sourceLocation: sourceLocation)
      }
    }

    /// Continued in the background (as `bg` does), the app stops again at once
    /// instead of taking the terminal from the shell; `fg` brings it back.
    @Test func continuedInTheBackgroundItStopsAgainUntilFg() throws {
      let session = try TmuxSession(shell: .posix)
      defer { session.close() }
      try session.run("clear; \(shelfBinary.path) --no-live")
      #expect(session.waitUntilRunning())
      let pid = try #require(session.foregroundProcess())
      try session.send("C-z")
      session.expectScreen(containing: "Stopped")
      #expect(processState(pid) == "T")
      // SIGCONT sets the process running before kill() returns: a stop seen
      // after it is a new one.
      #expect(kill(pid, SIGCONT) == 0)
      let deadline = Date().addingTimeInterval(10)
      while processState(pid) != "T" && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.02)
      }
      #expect(processState(pid) == "T", "the app should stop again in the background")
      #expect(session.modeFlags == "0100")
      try session.run("clear; fg")
      session.expectScreen("the app repainted") { $0.hasPrefix(" Shelf · ") }
      try session.send("q")
      session.expectScreen("the shell back") { screen in
        screen.split(separator: "\n").last.map(String.init) == TmuxSession.prompt
      }
      #expect(session.modeFlags == "0100")
    }

    /// The state letter of process `pid` (`S`, `R`, `T` for stopped).
    private func processState(_ pid: Int32) -> String? {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return nil }
      return stat[stat.index(after: end)...].split(separator: " ").first.map(String.init)
    }

    /// Ctrl-Z twenty times in a row, still and at full churn: while stopped the
    /// shell has its terminal exactly as it expects, and after `fg` the app
    /// repaints and takes keys again. A plain `sh` restores nothing itself.
    @Test(arguments: ["--no-live", "--rate ludicrous --churn massive"])
    func controlZTwentyTimesLeavesTheShellItsTerminalEveryTime(mode: String) throws {
      let session = try TmuxSession(shell: .posix)
      defer { session.close() }
      let before = session.scratch.appendingPathComponent("before").path
      try session.run("clear; stty -g > \(before); \(shelfBinary.path) \(mode)")
      for round in 1...20 {
        // The first line is the status line, drawn afresh: the shell cleared
        // the screen before `fg`, and the alternate screen starts empty.
        let repainted = session.expectScreen("the app repainted (round \(round))") { screen in
          screen.hasPrefix(" Shelf · ") && screen.contains("? help")
        }
        guard repainted != nil, session.paneValue("alternate_on") == "1" else { return }
        try session.send("?")
        session.expectScreen(containing: "any other key closes")
        try session.send("?")
        session.expectScreen("the help closed (round \(round))") {
          !$0.contains("any other key closes")
        }
        try session.send("C-z")
        let stopped = session.expectScreen("the shell's report of the stop (round \(round))") {
          screen in
          screen.contains("Stopped")
            && screen.split(separator: "\n").last.map(String.init) == TmuxSession.prompt
        }
        guard stopped != nil else { return }
        #expect(session.modeFlags == "0100", "modes while stopped (round \(round))")
        try session.run("stty -g | cmp -s - \(before) && echo \"TTY\"=same || echo \"TTY\"=changed")
        session.expectScreen(containing: "TTY=same")
        try session.run("clear; fg")
      }
      try session.send("q")
      session.expectScreen("the shell back") { screen in
        screen.split(separator: "\n").last.map(String.init) == TmuxSession.prompt
      }
      #expect(session.modeFlags == "0100")
    }
  }
}

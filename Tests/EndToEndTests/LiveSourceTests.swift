import Foundation
import TestSupport
import Testing

extension InTmux {
  /// The demo, `--watch` and `--stream` as a person sees them.
  @Suite struct LiveSources {
    /// A screen is well-formed when the status line and the key hint are in
    /// place and no line is wider than the window.
    private func isWellFormed(_ screen: String, width: Int) -> Bool {
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      guard let first = lines.first, first.contains("? help") else { return false }
      guard lines.contains(where: { $0.contains("q quit") }) else { return false }
      return !screen.contains("\u{1B}") && lines.allSatisfy { $0.count <= width }
    }

    @Test func theDemoAtTheLudicrousRateStaysWellFormedAndPauses() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--rate ludicrous --churn massive --seed 7")
      session.expectScreen(containing: "demo running ●")
      session.expectScreen(containing: "space pause · . step")
      // Every screen seen until six different ones have shown is well-formed.
      var screens: Set<String> = []
      session.waitForScreen(timeout: 30) { screen in
        #expect(isWellFormed(screen, width: 120), "malformed screen:\n\(screen)")
        screens.insert(screen)
        return screens.count > 5
      }
      #expect(screens.count > 5, "the demo should keep changing the screen")
      #expect(session.waitForStillScreen(timeout: 1) == nil, "running, the demo never holds still")
      try session.send("Space")
      session.expectScreen(containing: "demo paused ‖")
      session.expectScreen(containing: "space resume · . step")
      // Paused, the screen holds still once the last animation has ended.
      let still = session.expectStillScreen("paused")
      // An update may change only rows below the screen: step until one shows.
      var changed = false
      for _ in 0..<5 where !changed {
        try session.send(".")
        changed = session.waitForScreen(timeout: 2) { $0 != still } != nil
      }
      #expect(changed, "a step while paused should change the screen")
      try session.send("Space")
      session.expectScreen(containing: "demo running ●")
      try session.quitAndExpectRestored()
    }

    /// The watched path becomes a FIFO: reported above the key hint, the last
    /// good data stays, keys still work, and a good file renamed over the
    /// FIFO is picked up. A FIFO at start is refused at once, not waited on.
    @Test func watchReportsAFIFOAndPicksUpAFileRenamedOverIt() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let (file, _, next) = try watchSmallShelf(in: session)
      try FileManager.default.removeItem(at: file)
      #expect(mkfifo(file.path, 0o600) == 0)
      session.expectScreen(containing: "watched.json: not a regular file (a FIFO)")
      #expect(session.screen().contains("Emma"), "the last good data stays on screen")
      // Keys still work: the focus box moves to the next card.
      try session.send("Right")
      session.expectScreen(containing: "┃Middlemarch")
      try next.write(to: file, options: .atomic)
      session.expectScreen(containing: "Classic Films")
      session.expectScreen("the message gone") { !$0.contains("not a regular file") }
      try session.quitAndExpectRestored()

      try FileManager.default.removeItem(at: file)
      #expect(mkfifo(file.path, 0o600) == 0)
      try session.startShelf("--watch \(file.path)")
      let exit = session.waitForExit()
      #expect(exit?.status == 66)
      #expect(exit?.screen.contains("shelf: \(file.path): not a regular file (a FIFO)") == true)
    }

    @Test func watchPicksUpAnEditAndSurvivesABadVersion() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let (file, small, next) = try watchSmallShelf(in: session)
      #expect(!session.screen().contains("Classic Films"))
      try next.write(to: file, options: .atomic)
      session.expectScreen(containing: "Classic Films")
      session.expectScreen(containing: "Persuasion")
      session.expectScreen(containing: "watching watched.json ●")
      try Data("{\"sections\": [".utf8).write(to: file, options: .atomic)
      session.expectScreen(containing: "watching watched.json: invalid ⚠")
      session.expectScreen(containing: "⚠ \(file.path), line 1, column 15: sections[0]:")
      #expect(session.screen().contains("Classic Films"), "the last good data stays on screen")
      try small.write(to: file, options: .atomic)
      session.expectScreen("the good version back") { screen in
        !screen.contains("Classic Films") && !screen.contains("⚠")
          && screen.contains("watching watched.json ●")
      }
      try session.quitAndExpectRestored()
    }

    @Test func aBadWatchEditIsReadWholeAndEscapeDismissesIt() throws {
      let session = try TmuxSession(width: 100, height: 30)
      defer { session.close() }
      let file = session.scratch.appendingPathComponent("watch.json")
      try Data(
        contentsOf: repositoryRoot.appendingPathComponent("\(fixtures)/small.json")
      ).write(to: file)
      try session.startShelf("--watch \(file.path)")
      session.expectScreen(containing: "watching watch.json ●")
      let bad = """
        {"title": "Small Shelf", "sections": [{"id": "s", "title": "Section", "rows": [
        {"id": "r", "title": 12, "items": []}]}]}
        """
      try Data(bad.utf8).write(to: file, options: .atomic)
      let expected =
        "⚠ \(file.path), line 2, column 22: sections[0].rows[0].title: expected a string,"
        + " found the number 12"
      // The error, the hint under it and the status line, on one screen (a
      // frame can reach tmux in more than one read).
      session.expectScreen("the whole error, the hint that dismisses it, the status") { screen in
        let words = screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let hint = screen.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }
        return words.contains(expected) && hint?.hasPrefix(" Esc dismiss · ") == true
          && (screen.split(separator: "\n").first ?? "").contains("watching watch.json: invalid ⚠")
      }
      try session.send("Escape")
      session.expectScreen("the message dismissed, the status line kept") {
        !$0.contains("Esc dismiss") && !$0.contains("expected a string")
          && ($0.split(separator: "\n").first ?? "").contains("watching watch.json: invalid ⚠")
      }
      #expect(session.paneValue("alternate_on") == "1", "Escape on a message must not quit")
      try session.quitAndExpectRestored()
    }

    @Test func aBadStreamLineIsReportedAndSkipped() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let lines = "\(fixtures)/stream.ndjson"
      // Line 1 is good, line 2 is not JSON, line 3 (the fixture's last) is good;
      // each is sent once the test has seen the one before on screen.
      let gate = session.scratch.appendingPathComponent("gate").path
      let feed =
        "head -1 \(lines); \(waitForFile(gate + "2")); echo '{\"sections\": ['; "
        + "\(waitForFile(gate + "3")); tail -1 \(lines)"
      try session.run("clear; (\(feed)) | \(shelfBinary.path) --stream")
      session.expectScreen(containing: "Emma")
      _ = FileManager.default.createFile(atPath: gate + "2", contents: nil)
      session.expectScreen(containing: "stdin, line 2")
      _ = FileManager.default.createFile(atPath: gate + "3", contents: nil)
      session.expectScreen(containing: "Hamlet")
      session.expectScreen("the error replaced") { !$0.contains("stdin, line 2") }
      try session.send("q")
      session.expectScreen("the shell back") { screen in
        screen.split(separator: "\n").last.map(String.init) == TmuxSession.prompt
      }
      #expect(session.paneValue("alternate_on") == "0")
    }

    @Test func streamWithATerminalOnStdinIsAUsageError() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--stream")
      let exit = session.waitForExit()
      #expect(exit?.status == 64)
      #expect(
        exit?.screen.contains("shelf: --stream reads catalogs from stdin: pipe them in") == true)
      #expect(exit?.isTTYRestored == true)
    }

    @Test func streamAnimatesPipedSnapshotsAndKeysComeFromTheTerminal() throws {
      let session = try TmuxSession()
      defer { session.close() }
      // One snapshot each time the test opens the gate, then the input ends.
      let gate = session.scratch.appendingPathComponent("gate").path
      let feed =
        "n=0; while IFS= read -r line; do n=$((n+1)); \(waitForFile(gate + "$n")); "
        + "printf '%s\\n' \"$line\"; done < \(fixtures)/stream.ndjson"
      try session.run(
        "clear; stty -g > \(session.scratch.path)/before; (\(feed)) | \(shelfBinary.path) --stream; "
          + "echo \"EXIT\"=$?; stty -g > \(session.scratch.path)/after; "
          + "cmp -s \(session.scratch.path)/before \(session.scratch.path)/after && echo \"TTY\"=same || echo \"TTY\"=changed"
      )
      let release = { (n: Int) in
        _ = FileManager.default.createFile(atPath: gate + "\(n)", contents: nil)
      }
      release(1)
      session.expectScreen(containing: "Emma")
      for n in 2...5 { release(n) }  // the last snapshot adds Plays with Hamlet
      session.expectScreen(containing: "Plays", timeout: 15)
      session.expectScreen(containing: "Hamlet")
      // Nothing left to pause: the hint loses it with the status line's change.
      session.expectScreen("the stream ended, nothing left to pause") {
        $0.contains("stdin ended ■") && $0.contains("q quit") && !$0.contains("space pause")
      }
      // Follow the row marker: the status line is busy with the stream.
      try session.send("Home")
      session.expectScreen(containing: "▸Films")
      try session.send("Down")
      session.expectScreen(containing: "▸Novels")
      try session.quitAndExpectRestored()
    }
  }
}

/// Starts `shelf --watch` on a copy of small.json in `session`'s scratch
/// folder and waits for it: the watched file, small.json's bytes and those of
/// the version after it.
private func watchSmallShelf(in session: TmuxSession) throws -> (
  file: URL, small: Data, next: Data
) {
  let file = session.scratch.appendingPathComponent("watched.json")
  let small = try Data(contentsOf: repositoryRoot.appendingPathComponent("\(fixtures)/small.json"))
  let next = try Data(
    contentsOf: repositoryRoot.appendingPathComponent("\(fixtures)/small-next.json"))
  try small.write(to: file)
  try session.startShelf("--watch \(file.path)")
  session.expectScreen(containing: "Small Shelf")
  return (file, small, next)
}

/// A shell command that waits until `path` exists: a gate the test opens once
/// it has seen what it waits for, however slowly the machine draws.
private func waitForFile(_ path: String) -> String {
  "until [ -e \(path) ]; do sleep 0.05; done"
}

import Foundation
import TestSupport
import Testing

extension InTmux {
  /// Several live sources on one screen, `--exec`, `--url` and Tab, as a
  /// person sees them.
  @Suite struct SeveralSources {
    @Test func twoWatchedFilesChangeOnTheirOwnAndAFailureTakesNothingDown() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let books = session.scratch.appendingPathComponent("books.json")
      let films = session.scratch.appendingPathComponent("films.json")
      try catalogJSON(title: "Books", rows: [("r1", ["Emma", "Kim"])]).write(to: books)
      try catalogJSON(title: "Films", rows: [("r1", ["Metropolis"])]).write(to: films)
      try session.startShelf("--watch \(books.path) --watch \(films.path)")
      session.expectScreen("both sources shown and watched") { screen in
        let status = screen.split(separator: "\n").first ?? ""
        return status.contains("Books + Films · all sources · 2 rows")
          && status.contains("books.json ● films.json ●")
      }
      // Both row ids "r1" are kept apart by source: no warning, no message,
      // on the whole first screen once it holds still.
      let first = session.expectStillScreen("the first screen") ?? ""
      #expect(first.contains("Metropolis") && first.contains("Kim"))
      #expect(!first.contains("warning"))
      #expect(!first.contains("Esc dismiss"))

      try catalogJSON(title: "Films", rows: [("r1", ["Metropolis", "Sunrise"]), ("r2", ["M"])])
        .write(to: films, options: .atomic)
      session.expectScreen("the films' new row") { $0.contains("Sunrise") && $0.contains("Row r2") }
      #expect(session.screen().contains("Emma"), "the books are still there")

      // A broken films file: named in the message and its status; the books go on.
      try Data("{\"sections\": [".utf8).write(to: films, options: .atomic)
      session.expectScreen(containing: "films.json ⚠")
      session.expectScreen(containing: "⚠ \(films.path), line 1, column 15")
      try catalogJSON(title: "Books", rows: [("r1", ["Emma", "Kim", "Ivanhoe"])])
        .write(to: books, options: .atomic)
      session.expectScreen(containing: "Ivanhoe")
      #expect(session.screen().contains("Sunrise"), "the films' last good data stays")
      try session.quitAndExpectRestored()
    }

    /// At start, a missing watched file and a missing catalog are named in
    /// the message area and the status line while the other source shows; the
    /// watched file, once written, shows like any edit.
    @Test func sourcesThatFailAtStartTakeNothingDownAndAWatchedFileRecovers() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let books = session.scratch.appendingPathComponent("books.json")
      let gone = session.scratch.appendingPathComponent("gone.json")
      try session.startShelf(
        "--watch \(books.path) --catalog \(fixtures)/small.json --catalog \(gone.path)")
      session.expectScreen(containing: "Emma")
      session.expectScreen(containing: "⚠ \(books.path): no such file")
      // Each failure reaches the status line in its own time.
      session.expectScreen("both failures in the status line") { screen in
        (screen.split(separator: "\n").first ?? "").contains("books.json ⚠ gone.json ⚠")
      }

      try catalogJSON(title: "Books", rows: [("r1", ["Ivanhoe"])]).write(
        to: books, options: .atomic)
      session.expectScreen("the watched file recovered") { screen in
        screen.contains("Ivanhoe") && !screen.contains("no such file")
          && screen.contains("books.json ● gone.json ⚠")
      }
      #expect(session.screen().contains("Emma"), "small.json stays")
      try session.quitAndExpectRestored()
    }

    @Test func whenEverySourceFailsAtStartTheAppExitsWithTheFirstError() throws {
      let result = try runShelf([
        "--watch", "/nonexistent-shelf-dir/a.json", "--catalog", "/nonexistent-shelf-dir/b.json",
      ])
      #expect(result.status == 66)
      #expect(result.standardError == "shelf: /nonexistent-shelf-dir/a.json: no such file\n")
    }

    @Test func aCommandThatFailsKeepsTheLastGoodDataThenRecovers() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let file = session.scratch.appendingPathComponent("out.json")
      try catalogJSON(title: "Output", rows: [("r1", ["First"])]).write(to: file)
      // The stderr line, "no catalog-file", is not in the command's own text.
      let command =
        "cat \(file.path) 2>/dev/null || { printf \"no %s\\\\n\" catalog-file >&2; exit 3; }"
      try session.startShelf("--exec '\(command)' --every 300ms")
      session.expectScreen(containing: "First")
      session.expectScreen(containing: "running cat /")
      try FileManager.default.removeItem(at: file)
      session.expectScreen(containing: "failed ⚠")
      session.expectScreen("the command's error and its last stderr line") { screen in
        let text = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
          .joined(separator: " ")
        return text.contains("exited with status 3: no catalog-file")
      }
      #expect(session.screen().contains("First"), "the last good data stays on screen")
      try catalogJSON(title: "Output", rows: [("r1", ["Second"])]).write(
        to: file, options: .atomic)
      session.expectScreen("the command recovered") { screen in
        screen.contains("Second") && !screen.contains("⚠")
      }
      try session.quitAndExpectRestored()
    }

    @Test func quittingWhileACommandRunsEndsItAndTheAppAtOnce() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let marker = session.scratch.appendingPathComponent("still-running")
      // The command outlives the test unless the app kills its process group.
      try session.startShelf("--exec 'sleep 20; touch \(marker.path)' --every 1m")
      #expect(session.waitUntilRunning())
      session.expectScreen(containing: "running sleep 20")
      let quit = ContinuousClock.now
      try session.send("q")
      session.expectRestored(session.waitForExit(timeout: 5), status: 0)
      #expect(ContinuousClock.now - quit < .seconds(5), "the app exits promptly")
      #expect(
        (try? runPgrep("sleep 20; touch \(marker.path)")) == false,
        "the command's shell was killed with the app")
    }

    @Test func aURLIsPolledConditionallyAndAChangeOrAFailureShows() throws {
      let server = try LocalCatalogServer()
      defer { server.stop() }
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--url \(server.url("/catalog")) --every 500ms")
      session.expectScreen(containing: "v1 · 1 row")
      session.expectScreen(containing: "fetching \(server.url("/catalog")) ●")
      // Unchanged: further requests get 304s and the screen holds still. The
      // screen compared against is the whole one: the same in two captures
      // in a row (the app polls every 500 ms, too often for the idle
      // threads expectStillScreen asks for on a loaded machine).
      var previous = ""
      let screen =
        session.expectScreen("the first screen, settled") { screen in
          defer { previous = screen }
          return screen == previous && screen.contains("v1 · 1 row") && screen.contains("no cards")
        } ?? ""
      let deadline = ContinuousClock.now + .seconds(10)
      while server.count("/catalog") < 4 && ContinuousClock.now < deadline {
        _ = session.waitForScreen(timeout: 0.2) { $0 != screen }
      }
      #expect(server.count("/catalog") >= 4)
      #expect(session.screen() == screen, "304s change nothing on screen")
      server.get("/set?title=v2")
      session.expectScreen(containing: "v2 · 1 row")
      server.get("/set?title=!bad")
      session.expectScreen(containing: "failed ⚠")
      session.expectScreen(containing: "⚠ \(server.url("/catalog")), line 1")
      #expect(session.statusLine.contains("v2"), "the last good data stays")
      server.get("/set?title=v3")
      session.expectScreen("the good version back") {
        $0.contains("v3 · 1 row") && !$0.contains("⚠")
      }
      try session.quitAndExpectRestored()
    }

    @Test func tabShowsEachSourceAloneAndShiftTabGoesBack() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf(
        "--catalog \(fixtures)/small.json --catalog \(fixtures)/wide.json --no-live")
      session.expectScreen(containing: "· all sources ·")
      session.expectScreen(containing: "Tab sources")
      try session.send("Tab")
      session.expectScreen("small.json alone") { $0.contains("· small.json (1/2) ·") }
      try session.send("Tab")
      session.expectScreen("wide.json alone") { $0.contains("· wide.json (2/2) ·") }
      session.expectScreen("small.json's cards gone") { !$0.contains("Emma") }
      try session.send("BTab")
      session.expectScreen("small.json alone again") { $0.contains("· small.json (1/2) ·") }
      try session.send("BTab")
      session.expectScreen(containing: "· all sources ·")
      try session.send("?")
      session.expectScreen(containing: "Tab  Shift-Tab  all sources / each source alone")
      try session.send("Escape")
      // q within the escape delay would be Alt-q: quit once the help has closed.
      session.expectScreen("the help closed") { !$0.contains("each source alone") }
      try session.quitAndExpectRestored()
    }

    @Test func withOneSourceTabDoesNothingAndIsNotOffered() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--catalog \(fixtures)/small.json")
      // No Tab anywhere on the whole first screen, hint included.
      let first = session.expectStillScreen(containing: "Small Shelf · 3 rows")
      #expect(first?.contains("q quit") == true)
      #expect(first?.contains("Tab") == false)
      try session.send("Tab")
      try session.send("Right")
      session.expectScreen("the focus moved, the same source shown") { screen in
        screen.contains("┃Middlemarch") && screen.hasPrefix(" Small Shelf · 3 rows")
      }
      try session.quitAndExpectRestored()
    }
  }
}

/// Whether a process whose command line holds `pattern` runs (pgrep -f).
private func runPgrep(_ pattern: String) throws -> Bool {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
  process.arguments = ["-f", pattern]
  process.standardOutput = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  return process.terminationStatus == 0
}

extension InTmux.SeveralSources {
  /// Two failing sources: the newer error replaces the older in the message
  /// area, and the message log (m) still shows both, newest first.
  @Test func theMessageLogKeepsEveryFailingSourcesMessage() throws {
    let session = try TmuxSession()
    defer { session.close() }
    // The second command gives a catalog once, then fails: after the first.
    let marker = session.scratch.appendingPathComponent("ran").path
    let failingLater =
      "if [ -e \(marker) ]; then printf \"%s-%s\\\\n\" beta broke >&2; exit 4; fi;"
      + " touch \(marker); cat \(fixtures)/small.json"
    try session.startShelf(
      "--catalog \(fixtures)/small.json --exec 'printf \"%s-%s\\\\n\" alpha broke >&2; exit 3'"
        + " --exec '\(failingLater)' --every 1s")
    session.expectScreen(containing: "Emma")
    session.expectScreen("both sources failed") { $0.contains("2 failing") }
    try session.send("m")
    let log = session.expectScreen("the log with both messages") { screen in
      screen.contains("Messages, newest first") && screen.contains("alpha-broke")
        && screen.contains("beta-broke")
    }
    let lines = (log ?? "").split(separator: "\n")
    // The source names hold the commands' text, not the words they print.
    let second = try #require(lines.firstIndex { $0.contains("beta-broke") })
    let first = try #require(lines.firstIndex { $0.contains("alpha-broke") })
    #expect(second < first, "newest first")
    try session.send("Escape")
    session.expectScreen("the log closed") { !$0.contains("Messages, newest first") }
    try session.quitAndExpectRestored()
  }
}

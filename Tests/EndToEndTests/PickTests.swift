import Foundation
import TestSupport
import Testing

extension TmuxSession {
  /// Runs `shelf arguments | cat > out` from the shell (the screen on the
  /// terminal, stdout a pipe), `input` (if any) piped into shelf; with
  /// `isPiped` false, `shelf arguments > out` (Ctrl-C would end `cat` too,
  /// and the shell the rest of the line).
  func startPick(_ arguments: String, input: String? = nil, isPiped: Bool = true) throws {
    let out = scratch.appendingPathComponent("out").path
    let done = scratch.appendingPathComponent("done").path
    try? FileManager.default.removeItem(atPath: done)
    let feed = input.map { "\($0) | " } ?? ""
    let status = isPiped ? "${PIPESTATUS[\(input == nil ? 0 : 1)]}" : "$?"
    try run(
      "clear; \(feed)\(shelfBinary.path) \(arguments) \(isPiped ? "| cat " : "")> \(out);"
        + " echo \"EXIT\"=\(status) | tee \(done)")
  }

  /// Waits for the run `startPick` started to end: its exit status and what
  /// it printed; nil after `timeout` seconds.
  func waitForPick(timeout: Double = 10) -> (status: Int, output: String)? {
    let done = scratch.appendingPathComponent("done")
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let report = try? String(contentsOf: done, encoding: .utf8),
        let status = report.firstMatch(of: /EXIT=(\d+)/).flatMap({ Int($0.1) })
      {
        let output =
          (try? String(contentsOf: scratch.appendingPathComponent("out"), encoding: .utf8)) ?? ""
        return (status, output)
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return nil
  }
}

/// `shelf --pick`: a chooser in a pipeline. The screen is on the terminal,
/// the pick on stdout.
@Suite(.serialized) struct Pick {
  /// Starts a pick of the bundled catalog, still, and waits for its first screen.
  private func startBundled(
    _ session: TmuxSession, _ options: String = "", isPiped: Bool = true
  ) throws {
    try session.startPick("--no-live --pick \(options)", isPiped: isPiped)
    session.expectScreen(containing: "Heart of Darkne")
  }

  @Test func enterPrintsTheFormatOfTheFocusedCard() throws {
    let session = try TmuxSession()
    defer { session.close() }
    try startBundled(session, "--print '{title}|{year}'")
    try session.send("j", "l")
    session.expectScreen("the focus on Heart of Darkness") {
      $0.split(separator: "\n").first?.contains("Heart of Darkness — Joseph Conrad") ?? false
    }
    try session.send("Enter")
    let pick = try #require(session.waitForPick())
    #expect(pick.status == 0)
    #expect(pick.output == "Heart of Darkness|1899\n")
  }

  @Test func theDefaultPrintsTheID() throws {
    let session = try TmuxSession()
    defer { session.close() }
    try startBundled(session)
    try session.send("j", "l")
    session.expectScreen(containing: "Heart of Darkness — Joseph Conrad")
    try session.send("Enter")
    let pick = try #require(session.waitForPick())
    #expect(pick.status == 0)
    #expect(pick.output == "heart-of-darkness\n")
  }

  @Test(arguments: ["q", "Escape"])
  func qAndEscCancelPrintingNothing(key: String) throws {
    let session = try TmuxSession()
    defer { session.close() }
    try startBundled(session)
    try session.send("j", "l")
    session.expectScreen(containing: "Heart of Darkness — Joseph Conrad")
    try session.send(key)
    let pick = try #require(session.waitForPick())
    #expect(pick.status == 1)
    #expect(pick.output.isEmpty)
    #expect(session.modeFlags == "0100", "the terminal given back")
  }

  @Test func ctrlCCancelsWith130() throws {
    let session = try TmuxSession()
    defer { session.close() }
    try startBundled(session, isPiped: false)
    try session.send("C-c")
    let pick = try #require(session.waitForPick())
    #expect(pick.status == 130)
    #expect(pick.output.isEmpty)
  }

  @Test func multiPrintsTheMarkedCardsInTheOrderMarked() throws {
    let session = try TmuxSession()
    defer { session.close() }
    try startBundled(session, "--multi --print '{title}'")
    // Die Verwandlung's neighbour first, then the row's first card, then one
    // marked and unmarked again.
    try session.send("j", "l", "m", "h", "m", "l", "l", "m", "m")
    // Two marks drawn on the cards' top borders, under the row, with the
    // count (on one screen: a frame can reach tmux in more than one read).
    session.expectScreen("two cards marked, two marks drawn") { screen in
      screen.contains("2 cards marked") && screen.components(separatedBy: "✓").count - 1 == 2
    }
    try session.send("Enter")
    let pick = try #require(session.waitForPick())
    #expect(pick.status == 0)
    #expect(pick.output == "Heart of Darkness\nDie Verwandlung\n")
  }

  @Test func enterInTheFilterPromptPicksTheBestMatchAtOnce() throws {
    let session = try TmuxSession()
    defer { session.close() }
    try startBundled(session)
    try session.send("/")
    try session.type("Conrad")
    session.expectScreen(containing: "Filter: Conrad▏")
    // One Enter, sent as soon as the query is typed: the best match of what
    // was typed, whether or not the screen shows it yet.
    try session.send("Enter")
    let pick = try #require(session.waitForPick())
    #expect(pick.status == 0)
    #expect(pick.output == "heart-of-darkness\n")
  }

  @Test func tabInTheFilterPromptKeepsTheFilterAndEnterThenPicks() throws {
    let session = try TmuxSession()
    defer { session.close() }
    try startBundled(session, "--print '{title}'")
    try session.send("/")
    try session.type("Conrad")
    session.expectScreen(containing: "match “Conrad”")
    try session.send("Tab")
    session.expectScreen(containing: "Enter pick")
    try session.send("Enter")
    let pick = try #require(session.waitForPick())
    #expect(pick.status == 0)
    #expect(pick.output == "Heart of Darkness\n")
  }

  @Test func queryStartsWithTheQueryTypedAndEnterPicksItsBestMatch() throws {
    let session = try TmuxSession()
    defer { session.close() }
    try session.startPick("--no-live --pick --query 'heart dark'")
    session.expectScreen(containing: "Filter: heart dark▏")
    try session.send("Enter")
    let pick = try #require(session.waitForPick())
    #expect(pick.status == 0)
    #expect(pick.output == "heart-of-darkness\n")
  }

  @Test func selectOnePicksTheOnlyMatchWithNoScreenAndExitZeroEndsOnNone() throws {
    let session = try TmuxSession()
    defer { session.close() }
    try session.startPick("--no-live --pick --select-1 --query \"'Conrad\" --print '{title}'")
    let one = try #require(session.waitForPick())
    #expect(one.status == 0)
    #expect(one.output == "Heart of Darkness\n")
    try session.startPick("--no-live --pick --exit-0 --query zzqxzzqx")
    let none = try #require(session.waitForPick())
    #expect(none.status == 1)
    #expect(none.output.isEmpty)
  }

  /// Every kind of source, read from a file of one row: Enter picks its first card.
  @Test(arguments: ["--catalog F", "--watch F", "--exec 'cat F'", "--stream", "--catalog -"])
  func everySourcePicks(source: String) throws {
    let session = try TmuxSession()
    defer { session.close() }
    let file = "\(fixtures)/small.json"
    let isStdin = source == "--stream" || source == "--catalog -"
    let input = source == "--stream" ? "{ tr -d '\\n' < \(file); echo; }" : "cat \(file)"
    try session.startPick(
      "--pick --print '{title} ({row}, {section})' "
        + source.replacingOccurrences(of: "F", with: file),
      input: isStdin ? input : nil)
    session.expectScreen(containing: "Emma — Jane Austen")
    try session.send("Enter")
    let pick = try #require(session.waitForPick())
    #expect(pick.status == 0)
    #expect(pick.output == "Emma (Novels, Library)\n")
  }

  /// Controls are escaped, but for a tab, which a line keeps as fzf's does
  /// (a record's id is its values, tabs between); `{json}` is JSON.
  @Test func controlCharactersInAFieldAreEscapedAsDiffWritesThem() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let catalog = session.scratch.appendingPathComponent("controls.json")
    try #"""
    {"rows": [{"id": "r", "title": "Row", "items": [
      {"id": "a\u001b[31mb", "title": "two\nlines\tand\u0007bell", "url": "https://example.org/x"}]}]}
    """#.write(to: catalog, atomically: true, encoding: .utf8)
    try session.startPick(
      "--catalog \(catalog.path) --pick --print '{id} {title} {url} {json}'")
    session.expectScreen(containing: "Row")
    try session.send("Enter")
    let pick = try #require(session.waitForPick())
    #expect(pick.status == 0)
    #expect(
      pick.output
        == #"a\u001b[31mb two\nlines"# + "\t" + #"and\u0007bell https://example.org/x "#
        + #"{"id":"a\u001b[31mb","title":"two\nlines\tand\u0007bell","url":"https://example.org/x"}"#
        + "\n")
  }

  /// A reader that went away ends a pick as it ends `render`: 141, as SIGPIPE
  /// would, with nothing on stderr.
  @Test func aPickWhoseReaderWentAwayExits141() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let closed = session.scratch.appendingPathComponent("closed").path
    let done = session.scratch.appendingPathComponent("done").path
    // The reader closes its end of the pipe, says so, and leaves.
    try session.run(
      "clear; \(shelfBinary.path) --no-live --pick | sh -c 'exec 0<&-; touch \(closed)';"
        + " echo \"EXIT\"=${PIPESTATUS[0]} | tee \(done)")
    session.expectScreen(containing: "Heart of Darkne")
    #expect(waitFor(timeout: 10) { FileManager.default.fileExists(atPath: closed) })
    try session.send("Enter")
    let pick = try #require(session.waitForPick())
    #expect(pick.status == 141)
    // The shell's report comes after anything shelf wrote to stderr.
    let report = session.expectScreen(containing: "EXIT=141")
    #expect(report?.contains("shelf:") == false, "nothing on stderr")
  }

  @Test func multiWithoutPickIsAUsageError() throws {
    let result = try runShelf(["--multi"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("--pick"))
  }
}

import Foundation
import ShelfUI
import TestSupport
import Testing

@testable import shelf

/// `--bind KEY:COMMAND`: a command on the focused card, whose fields reach it
/// as literal strings whatever they hold.
@Suite(.serialized) struct Bind {
  /// An id that runs three commands if it is ever read by a shell as code.
  static let hostileID = #"x$(touch P)`touch Q`'y"z;touch R"#

  /// A catalog of one card with the hostile id, in `session`'s scratch folder.
  private func hostileCatalog(in session: TmuxSession) throws -> String {
    let path = session.scratch.appendingPathComponent("hostile.json")
    let id = Self.hostileID.replacingOccurrences(of: "\"", with: "\\\"")
    try """
    {"rows": [{"id": "r", "title": "Hostile", "items": [{"id": "\(id)", "title": "Trap"}]}]}
    """.write(to: path, atomically: true, encoding: .utf8)
    return path.path
  }

  @Test func aHostileIDReachesTheCommandLiterallyAndRunsNothing() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let catalog = try hostileCatalog(in: session)
    try session.run("cd \(session.scratch.path)")
    try session.startShelf("--catalog \(catalog) --bind 'w:printf %s {id} > out.txt'")
    session.expectScreen(containing: "Trap")
    try session.send("w")
    let out = session.scratch.appendingPathComponent("out.txt")
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, (try? String(contentsOf: out, encoding: .utf8)) != Self.hostileID {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect((try? String(contentsOf: out, encoding: .utf8)) == Self.hostileID)
    for name in ["P", "Q", "R"] {
      let path = session.scratch.appendingPathComponent(name).path
      #expect(!FileManager.default.fileExists(atPath: path), "the id ran 'touch \(name)'")
    }
    // The screen is taken again and still answers keys.
    #expect(session.waitUntilRunning())
    try session.send("?")
    session.expectScreen(containing: "printf %s {id} > out.txt")
    try session.send("q")
    session.expectScreen(containing: "Trap")
    try session.quitAndExpectRestored()
  }

  @Test(arguments: ["", "silent:"])
  func aFailingCommandShowsItsLastErrorLine(mode: String) throws {
    let session = try TmuxSession()
    defer { session.close() }
    try session.startShelf(
      "--no-live --catalog \(fixtures)/small.json"
        + " --bind 'x:\(mode)echo first >&2; echo it broke on {title} >&2; exit 3'")
    session.expectScreen(containing: "Emma — Jane Austen")
    try session.send("x")
    // The message names the command and gives its last error line.
    session.expectScreen(containing: "⚠ echo first >&2; echo it broke on {title…: it broke on Emma")
    #expect(session.waitUntilRunning())
    try session.send("l")
    session.expectScreen(containing: "Middlemarch — George Eliot")
    try session.quitAndExpectRestored()
  }

  @Test(arguments: ["j", "q", "enter", "space", "/", "y", "ctrl-c", "f1", "tab"])
  func aKeyTheScreenUsesIsRefused(key: String) throws {
    let result = try runShelf(["--bind", "\(key):echo {id}"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("'\(key)' is taken"), "\(result.standardError)")
  }

  @Test func theMarkAndMessagesKeyIsTaken() throws {
    // `m` opens the message log, and marks cards with --multi.
    #expect(throws: Error.self) { try PickOptions.binding("m:echo", isMultiPick: true) }
    #expect(throws: Error.self) { try PickOptions.binding("m:echo", isMultiPick: false) }
    let binding = try PickOptions.binding("o:echo {id}", isMultiPick: false)
    #expect(binding.key == .character("o"))
    #expect(!binding.isSilent)
  }

  @Test func keysAreNamedAsTheHelpSays() throws {
    #expect(try PickOptions.key(named: "o") == .character("o"))
    #expect(try PickOptions.key(named: "ctrl-o") == .control("o"))
    #expect(try PickOptions.key(named: "F5") == .function(5))
    #expect(try PickOptions.key(named: "ctrl-m") == .enter)
    // Flow control is off: the terminal leaves Ctrl-S and Ctrl-Q to the app.
    #expect(try PickOptions.key(named: "ctrl-s") == .control("s"))
    #expect(try PickOptions.key(named: "ctrl-q") == .control("q"))
    #expect(throws: Error.self) { try PickOptions.key(named: "alt-x") }
    #expect(throws: Error.self) { try PickOptions.key(named: "f13") }
    let silent = try PickOptions.binding("::silent:echo {url}", isMultiPick: false)
    #expect(silent.key == .character(":"))
    #expect(silent.isSilent)
    #expect(silent.text == "echo {url}")
  }

  @Test(arguments: [
    ("echo '{title}'", String?.some("title")), ("echo \"by {subtitle}\"", "subtitle"),
    ("open {url} 'x'", nil), ("echo \\'{id}", nil), ("echo \"it's\" {id}", nil),
    ("echo 'a \\' {row}", nil), ("echo \"a \\\" {row}\"", "row"), ("echo {id}", nil),
  ])
  func aFieldInsideTheCommandsOwnQuotesIsFound(command: String, field: String?) {
    #expect(CardTemplate(command).fieldInsideQuotes == field, "\(command)")
  }

  /// Shelf quotes every field: quotes around one in the command undo that,
  /// which the message log says once.
  @Test func aFieldInsideQuotesIsWarnedOfOnceInTheMessageLog() throws {
    let session = try TmuxSession()
    defer { session.close() }
    try session.startShelf(
      "--catalog \(fixtures)/small.json --bind \"o:echo '{title}'\" --bind 'p:echo {id}'")
    session.expectScreen(containing: "Emma — Jane Austen")
    try session.send("m")
    // One warning on the whole log, once it holds still.
    let log = session.expectStillScreen(containing: "{title} stands inside quotes")
    #expect(log?.components(separatedBy: "inside quotes").count == 2, "one warning")
    try session.send("q")
    try session.quitAndExpectRestored()
  }
}

/// Fields reach a shell as one literal word each: checked by the shell itself.
@Suite struct ShellQuotingCorpus {
  static let corpus = [
    "", " ", "plain", "two words", Bind.hostileID, "'", "''", "'\\''", "\"", "\\", "\\'",
    "$HOME", "${HOME}", "$(id)", "`id`", "a;b", "a|b", "a&b", "a&&b", "a>b", "<b", "*", "?",
    "[a]", "~", "~root", "#comment", "!!", "-n", "--", "%s%d", "\n", "a\nb", "\t", "\r\n",
    "\u{1B}[31mred", "日本語", "👩‍🔬", "é", "$'\\x41'", "{id}", "a b  c", "'\"'\"'", "\u{7F}",
  ]

  @Test(arguments: corpus)
  func aQuotedStringIsReadBackAsItself(text: String) throws {
    let result = try spawnAndWait(
      ["/bin/sh", "-c", "printf %s " + ShellQuoting.quoted(text)], capturingOutput: true)
    #expect(result.status == 0)
    #expect(result.output == text)
  }

  @Test func aNULIsWrittenAsAnEscape() throws {
    let result = try spawnAndWait(
      ["/bin/sh", "-c", "printf %s " + ShellQuoting.quoted("a\0b")], capturingOutput: true)
    #expect(result.output == "a\\u0000b")
  }

  @Test func everyFieldOfATemplateIsOneWord() throws {
    let card = PickedCard(
      face: CardFace(id: Bind.hostileID, title: "a'b", subtitle: "$(id)", year: 1899),
      rowTitle: "`id`", sectionTitle: "x;y")
    let template = CardTemplate(
      "printf '%s|' {id} {title} {subtitle} {year} {row} {section} ${HOME+set}")
    let result = try spawnAndWait(
      ["/bin/sh", "-c", template.command(for: card)], capturingOutput: true)
    #expect(result.output == "\(Bind.hostileID)|a'b|$(id)|1899|`id`|x;y|set|")
  }
}

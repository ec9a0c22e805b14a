import Foundation
import TestSupport
import Testing

/// Records on the command line: a file given alone, stdin, every field kept
/// through `--print` and `--bind`, bad input, live sources and the
/// upserting stream.
@Suite(.serialized) struct Records {
  private static let books =
    "isbn,title,author,shelf\n978-1,Dune,Herbert,sf\n978-2,Emma,Austen,classic\n"

  private func write(_ text: String, to name: String, in session: TmuxSession) throws -> URL {
    let file = session.scratch.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file
  }

  @Test func aPickedCardPrintsAnyKeptFieldAndNothingForAMissingOne() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let file = try write(Self.books, to: "books.csv", in: session)
    try session.startPick(
      "\(file.path) --group-by shelf --pick --print '{isbn}|{title}|{author}|{row}|{nope}'")
    session.expectScreen(containing: "Dune")
    try session.send("Enter")
    let pick = try #require(session.waitForPick())
    #expect(pick.status == 0)
    #expect(pick.output == "978-1|Dune|Herbert|sf|\n")
  }

  @Test func aBoundKeyRunsWithKeptFieldsQuoted() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let file = try write(
      "isbn,title\n\"97'8; $(id)\",Dune\n", to: "books.csv", in: session)
    let out = session.scratch.appendingPathComponent("bound").path
    try session.startShelf("\(file.path) --bind 'x:silent:printf %s {isbn} {HOME} > \(out)'")
    session.expectScreen(containing: "Dune")
    try session.send("x")
    session.expectScreen("the command's output") { _ in
      (try? String(contentsOfFile: out, encoding: .utf8)) != nil
    }
    // The field is one quoted word; a name no card has stays as written.
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "97'8; $(id){HOME}")
    try session.quitAndExpectRestored()
  }

  @Test func recordsFromAPipeAreGroupedAndTheChoiceIsSaid() throws {
    let result = try runShelf(
      ["render", "--group-by", "shelf", "--verbose", "--height", "12"], input: Data(Self.books.utf8)
    )
    #expect(result.status == 0)
    #expect(result.standardError == "shelf: stdin: read as csv (from the content), 2 cards\n")
    #expect(result.standardOutput.contains("▸sf "))
    #expect(result.standardOutput.contains(" classic "))
    #expect(result.standardOutput.contains("Emma"))
  }

  @Test func filterSaysTheFormatWithVerboseAsTheScreenDoes() throws {
    let result = try runShelf(
      ["--group-by", "shelf", "--verbose", "--filter", "emma", "--print", "{title}"],
      input: Data(Self.books.utf8))
    #expect(result.status == 0)
    #expect(result.standardError == "shelf: stdin: read as csv (from the content), 2 cards\n")
    #expect(result.standardOutput == "Emma\n")
  }

  @Test func oneRecordIsOneCardNotOneCards() throws {
    let result = try runShelf(["--filter", "lph", "--verbose"], input: Data("alpha\n".utf8))
    #expect(result.status == 0)
    #expect(result.standardError == "shelf: stdin: read as lines (from the content), 1 card\n")
  }

  @Test func plainTextOnAPipeIsSearchedLineByLineAsFzfDoes() throws {
    let lines = "alpha\nbeta\ngamma, delta\n"
    let result = try runShelf(["--filter", "lph", "--verbose"], input: Data(lines.utf8))
    #expect(result.status == 0)
    #expect(result.standardOutput == "alpha\n")
    #expect(result.standardError == "shelf: stdin: read as lines (from the content), 3 cards\n")
    // A comma is no column without a record option; nothing matching is 1.
    #expect(
      try runShelf(["--filter", "delta"], input: Data(lines.utf8)).standardOutput
        == "gamma, delta\n")
    #expect(try runShelf(["--filter", "zzz"], input: Data(lines.utf8)).status == 1)
  }

  @Test func aWordThatIsNoOptionIsAFileToShow() throws {
    let result = try runShelf(["stray"])
    #expect(result.status == 66)
    #expect(result.standardError == "shelf: stray: no such file\n")
  }

  @Test func aBadRecordFileIsOneLineAndExit65() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shelf-bad-\(UUID().uuidString).csv")
    try Data("a,b\n1,2\n3\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try runShelf(["render", file.path])
    #expect(result.status == 65)
    #expect(
      result.standardError
        == "shelf: \(file.path), line 3, column 1: 1 field, but the header names 2 (a CSV line has one per name)\n"
    )
  }

  @Test func aGroupFieldNoRecordHasIsAUsageErrorListingTheFields() throws {
    let result = try runShelf(
      ["render", "--group-by", "shelve"], input: Data(Self.books.utf8))
    #expect(result.status == 64)
    #expect(
      result.standardError
        == "shelf: stdin: --group-by \"shelve\": no record has that field (fields: \"isbn\", \"title\", \"author\", \"shelf\") (see 'shelf --help')\n"
    )
  }

  @Test func aWatchedCSVAnimatesEditsAndKeepsTheLastGoodVersion() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let file = try write(Self.books, to: "books.csv", in: session)
    try session.startShelf("--watch \(file.path) --group-by shelf")
    session.expectScreen(containing: "Emma")
    try Data((Self.books + "978-3,Solaris,Lem,sf\n").utf8).write(to: file, options: .atomic)
    session.expectScreen(containing: "Solaris")
    try Data((Self.books + "978-4,\"Bad\n").utf8).write(to: file, options: .atomic)
    session.expectScreen(containing: "line 4, column 7: unterminated quoted field")
    #expect(session.screen().contains("Solaris"), "the last good version stays")
    try session.quitAndExpectRestored()
  }

  @Test func aRecordStreamUpsertsByIDNewestFirst() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let gate = session.scratch.appendingPathComponent("gate").path
    let lines = [
      #"{"id": 1, "unit": "cron", "msg": "first"}"#, #"{"id": 2, "unit": "ssh", "msg": "login"}"#,
      #"{"id": 3, "unit": "cron", "msg": "second"}"#,
      #"{"id": 1, "unit": "cron", "msg": "first again"}"#,
      #"{"id": 4, "unit": "cron", "msg": "third"}"#,
    ]
    let feed = lines.map { "echo '\($0)'" }.joined(separator: "; ")
    try session.run(
      "clear; (\(feed); until [ -e \(gate) ]; do sleep 0.05; done) | \(shelfBinary.path)"
        + " --stream --records --group-by unit --title '{msg}' --keep 2")
    session.expectScreen("the newest two of cron, newest first") { screen in
      // The rows, below the status line (which names the focused card).
      let rows = screen.split(separator: "\n").dropFirst().joined(separator: "\n")
      guard let third = rows.range(of: "third"), let again = rows.range(of: "first again")
      else { return false }
      return third.lowerBound < again.lowerBound && !rows.contains("second")
        && rows.contains("login")
    }
    #expect(FileManager.default.createFile(atPath: gate, contents: nil))
    session.expectScreen(containing: "stdin ended")
    try session.send("q")
    session.expectScreen(containing: TmuxSession.prompt)
  }
}

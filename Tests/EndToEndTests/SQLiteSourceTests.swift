import Foundation
import TestSupport
import Testing

/// `--sqlite FILE --query SQL` (or `--sql SQL`) at start: what a missing
/// file and a bad query end with (one line, a sysexits code), and the first
/// screen.
@Suite struct SQLiteSourceTests {
  @Test func aMissingDatabaseOrABadQueryEndsWithOneLineAndItsCode() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shelf-sqlite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("shop.db").path
    try makeBooksDatabase(at: path)
    let missing = try runShelf(["render", "--sqlite", path + ".gone", "--query", "select 1"])
    #expect(missing.status == 66)
    #expect(
      missing.standardError
        == "shelf: \(path).gone: cannot open the database (unable to open database file)\n")
    let bad = try runShelf(["--sqlite", path, "--sql", "select missing from books"])
    #expect(bad.status == 65)
    #expect(bad.standardError == "shelf: \(path): the query failed: no such column: missing\n")
    let unpaired = try runShelf(["render", "--sqlite", path])
    #expect(unpaired.status == 64)
    #expect(unpaired.standardError.contains("--sqlite FILE --query SQL"))
    // A --query anywhere but right after --sqlite FILE is the search's.
    let apart = try runShelf(
      ["--sqlite", path, "--filter", "emma", "--query", "select id, title from books"])
    #expect(apart.status == 64)
    #expect(apart.standardError.contains("needs its query, right after it"))
    // Right after it, it is the database's, and the search still has its own.
    let found = try runShelf(
      [
        "--sqlite", path, "--query=select id, title, author from books", "--filter", "emma",
        "--print", "{title}",
      ])
    #expect(found.status == 0, "\(found.standardError)")
    #expect(found.standardOutput == "Emma\n")
    let shown = try runShelf(
      [
        "render", "--sqlite", path, "--sql", "select id, title, author from books",
        "--subtitle", "{author}",
      ])
    #expect(shown.status == 0, "\(shown.standardError)")
    #expect(shown.standardOutput.contains("Emma"))
    #expect(shown.standardOutput.contains("Herbert"))
    // A field no column has: one warning naming the columns, the shelf still shown.
    let misspelt = try runShelf(
      [
        "render", "--sqlite", path, "--sql", "select id, title, author from books",
        "--subtitle", "{autor}",
      ])
    #expect(misspelt.status == 0)
    #expect(
      misspelt.standardError
        == #"shelf: warning: \#(path): no record has the field {autor} in --subtitle, left blank (fields: "id", "title", "author")"#
        + "\n")
  }
}

extension InTmux {
  /// A database written by another process while Shelf shows it.
  @Suite struct SQLiteLive {
    @Test func aWriteByAnotherProcessShowsOnTheScreen() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let path = session.scratch.appendingPathComponent("shop.db").path
      try makeBooksDatabase(at: path)
      try session.startShelf(
        "--sqlite \(path) --query 'select id, title, author from books order by id'")
      session.expectScreen(containing: "Emma")
      session.expectScreen(containing: "querying shop.db ●")
      try runPython(
        """
        import sqlite3
        db = sqlite3.connect('\(path)')
        db.execute("update books set title = 'Persuasion' where id = 'b1'")
        db.commit()
        """)
      session.expectScreen(containing: "Persuasion")
      try session.quitAndExpectRestored()
    }
  }
}

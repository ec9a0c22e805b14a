import Foundation
import ShelfCatalog
import ShelfSources
import TestSupport
import Testing

/// A delivery as `file: title/subtitle, ...` or `error <code> <problem>`.
private func cards() -> SourceDeliveries {
  SourceDeliveries {
    switch $0 {
    case .success(let loaded):
      "\(loaded.catalog.title): "
        + loaded.catalog.rows.flatMap(\.items).map { "\($0.id)=\($0.title)/\($0.subtitle ?? "-")" }
        .joined(separator: ", ")
    case .failure(let error): "error \(error.exitCode) \(error.problem)"
    }
  }
}

@Suite(.timeLimit(.minutes(3))) struct SQLiteSourceConcurrencyTests {
  @Test func aQuerysRowsAreCardsAndAnotherProcesssWriteIsShownAgain() async throws {
    let folder = try ScratchFolder()
    let path = folder.path + "/shop.db"
    try makeBooksDatabase(at: path)
    let source = SQLiteSource(
      path: path, query: "select id, title, author from books order by id",
      interval: .milliseconds(20), mapping: RecordMapping(subtitle: FieldTemplate("{author}")))
    let deliveries = cards()
    source.start(queue: .global(), handler: deliveries.handler)
    let first = await deliveries.next()
    #expect(first == "shop.db: b1=Emma/Austen, b2=Dune/Herbert")
    try runPython(
      """
      import sqlite3
      db = sqlite3.connect('\(path)')
      db.execute("update books set title = 'Persuasion' where id = 'b1'")
      db.commit()
      """)
    #expect(await deliveries.next() == "shop.db: b1=Persuasion/Austen, b2=Dune/Herbert")
    // A schema the query no longer fits: a message, the last good result kept.
    try runPython(
      """
      import sqlite3
      db = sqlite3.connect('\(path)')
      db.execute('alter table books rename column author to writer')
      db.commit()
      """)
    #expect(await deliveries.next() == "error 65 the query failed: no such column: author")
    #expect(source.latestCatalog?.catalog.rows.first?.items.first?.title == "Persuasion")
    if case .failing = source.status {} else { Issue.record("status \(source.status)") }
    source.stop()
    source.waitUntilIdle()
  }

  @Test func aQuerysColumnsAreMappedAsRecordsAre() throws {
    let folder = try ScratchFolder()
    let path = folder.path + "/shop.db"
    try makeBooksDatabase(at: path)
    // Without a mapping: a name column is the title, every card in one row,
    // every column kept as a field.
    let plain = try SQLiteSource.loadOnce(
      path: path, query: "select author, title as name from books order by title")
    #expect(plain.catalog.rows.map(\.title) == ["shop.db"])
    let items = plain.catalog.rows.flatMap(\.items)
    #expect(items.map(\.title) == ["Dune", "Emma"])
    #expect(items.map { $0.fields.map(\.name) } == [["author", "name"], ["author", "name"]])
    // With one: a row per author, titles and ids from templates.
    let grouped = try SQLiteSource.loadOnce(
      path: path, query: "select id, title, author from books order by id",
      mapping: RecordMapping(
        groupBy: "author", title: FieldTemplate("{title} ({id})"), id: FieldTemplate("{id}")))
    #expect(grouped.catalog.rows.map(\.title) == ["Austen", "Herbert"])
    #expect(grouped.catalog.rows.map { $0.items.map(\.title) } == [["Emma (b1)"], ["Dune (b2)"]])
    // A group field no column has is a usage error naming the columns.
    let error = #expect(throws: CatalogError.self) {
      try SQLiteSource.loadOnce(
        path: path, query: "select id, title from books", mapping: RecordMapping(groupBy: "shelf"))
    }
    #expect(error?.exitCode == 64)
  }

  @Test func aTemplateFieldNoColumnHasIsWarnedOfNamingTheColumns() throws {
    let folder = try ScratchFolder()
    let path = folder.path + "/shop.db"
    try makeBooksDatabase(at: path)
    let mapping = RecordMapping(
      title: FieldTemplate("{titel}"), subtitle: FieldTemplate("{author}"), year: "published")
    let expected =
      #"\#(path): no record has the fields {titel} in --title, {published} in --year, left blank (fields: "id", "title", "author")"#
    let loaded = try SQLiteSource.loadOnce(
      path: path, query: "select id, title, author from books", mapping: mapping)
    #expect(loaded.warnings.map(\.description) == [expected])
    // No row came back: the columns are known still.
    let empty = try SQLiteSource.loadOnce(
      path: path, query: "select id, title, author from books where 0", mapping: mapping)
    #expect(empty.warnings.map(\.description) == [expected])
    // Every field named is a column, though one is NULL in every row: no warning.
    let nulls = try SQLiteSource.loadOnce(
      path: path, query: "select id, title, author, null as published from books",
      mapping: RecordMapping(title: FieldTemplate("{title}"), year: "published"))
    #expect(nulls.warnings.isEmpty)
  }

  @Test(arguments: [
    ("missing.db", "select 1", 66, "cannot open the database (unable to open database file)"),
    ("shop.db", "select missing from books", 65, "the query failed: no such column: missing"),
    (
      "shop.db", "delete from books", 65,
      "the query failed: the query would write; only reading is allowed"
    ),
    ("shop.db", "select 1; select 2", 65, "the query failed: give one statement, not several"),
  ])
  func aMissingFileOrABadQueryIsAClearError(
    file: String, query: String, code: Int32, problem: String
  ) throws {
    let folder = try ScratchFolder()
    try makeBooksDatabase(at: folder.path + "/shop.db")
    let error = #expect(throws: CatalogError.self) {
      try SQLiteSource.loadOnce(path: folder.path + "/" + file, query: query)
    }
    #expect(error?.exitCode == code)
    #expect(error?.problem == problem)
  }
}

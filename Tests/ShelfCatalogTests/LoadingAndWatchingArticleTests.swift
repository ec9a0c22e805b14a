import Foundation
import ShelfCatalog
import ShelfSources
import TestSupport
import Testing

/// The code of ShelfCatalog.docc/LoadingAndWatching.md, compiled and run.
@Suite struct LoadingAndWatchingArticle {
  @Test func theArticlesCodeIsThisTestsCode() {
    expectArticleCodeIsCompiled(
      article: "Sources/ShelfCatalog/ShelfCatalog.docc/LoadingAndWatching.md")
  }

  @Test func loading() throws {
    let json = """
      { "title": "Bookstore",
        "rows": [ { "id": "novels", "title": "Novels",
                    "items": [ { "id": "emma", "title": "Emma", "year": 1815 } ] } ] }
      """
    let loaded = try CatalogLoader.load(bytes: Array(json.utf8), source: .named("inline"))
    let catalog = loaded.catalog
    #expect(catalog.rows.map(\.id) == ["novels"])
    #expect(catalog.cardCount == 1)
    for line in loaded.warningLines { print("warning: \(line)") }
    #expect(loaded.warningLines.isEmpty)
  }

  @Test func whenItGoesWrong() {
    do {
      _ = try CatalogLoader.load(
        bytes: Array(#"{"rows": [{"id": "novels"}]}"#.utf8), source: .named("broken"))
      Issue.record("a row without a title loaded")
    } catch {
      print(error.description)
      #expect(error.description == #"broken, line 1, column 11: rows[0]: missing "title""#)
      #expect(error.exitCode == 65)
    }
  }

  @Test(.timeLimit(.minutes(3))) func watchingAFile() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-article-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("catalog.json").path
    func write(cards: Int) throws {
      let items = (0..<cards).map { #"{"id": "c\#($0)", "title": "Card \#($0)"}"# }
      let json =
        #"{"rows": [{"id": "r", "title": "Row", "items": [\#(items.joined(separator: ","))]}]}"#
      try Data(json.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
    try write(cards: 1)
    let (counts, delivered) = AsyncStream.makeStream(of: Int.self)
    var next = counts.makeAsyncIterator()

    // Not `.main`: in a test process, the main thread runs the @MainActor
    // tests of every suite one after the other, and under load a version
    // delivered there waited behind them past this test's time limit.
    let updates = DispatchQueue(label: "catalog updates")
    let watcher = CatalogFileWatcher(path: path)
    watcher.start(queue: updates) { result in
      switch result {
      case .success(let loaded):
        print("\(loaded.catalog.cardCount) cards")
        delivered.yield(loaded.catalog.cardCount)
      case .failure(let error):
        print("not a catalog: \(error)")
        delivered.yield(-1)
      }
    }
    #expect(await next.next() == 1)
    try write(cards: 3)
    #expect(await next.next() == 3)
    watcher.stop()
  }
}

import ShelfDiff
import TestSupport
import Testing

/// The code of ShelfDiff.docc/GettingStarted.md, compiled and run: the
/// article's blocks, in order, with the checks its comments promise.
@Suite struct GettingStartedArticle {
  @Test func theArticlesCodeIsThisTestsCode() {
    expectArticleCodeIsCompiled(article: "Sources/ShelfDiff/ShelfDiff.docc/GettingStarted.md")
  }

  @Test func theArticlesCodeDoesWhatItSays() {
    struct Book: Identifiable, Equatable {
      var id: String
      var edition = 1
    }

    let old = [Book(id: "dune"), Book(id: "emma"), Book(id: "kim")]
    let new = [Book(id: "kim"), Book(id: "dune", edition: 2), Book(id: "ulysses")]
    let delta = IndexDelta(from: old, to: new)
    #expect(delta.deletions == [1])
    #expect(delta.insertions == [2])
    #expect(delta.moves == [.init(from: 0, to: 1)])
    #expect(delta.reloads == [.init(from: 0, to: 1)])

    let numbers = IndexDelta(from: [1, 2, 3], to: [3, 1, 2], id: \.self)
    #expect(numbers.moves == [.init(from: 2, to: 0)])

    let shown = delta.applied(to: old, with: new)
    #expect(shown == new)

    struct BookShelf: DiffableSection {
      var id: String
      var title: String
      var items: [Book]

      func hasSameHeader(as other: BookShelf) -> Bool { title == other.title }
    }

    let before = [
      BookShelf(id: "classics", title: "Classics", items: [Book(id: "emma"), Book(id: "kim")]),
      BookShelf(id: "new", title: "New", items: [Book(id: "dune")]),
    ]
    let after = [
      BookShelf(id: "classics", title: "Old favourites", items: [Book(id: "emma")]),
      BookShelf(id: "new", title: "New", items: [Book(id: "dune"), Book(id: "kim")]),
    ]
    let sectionDelta = SectionDelta(from: before, to: after)
    #expect(sectionDelta.sections.reloads.count == 1)
    #expect(sectionDelta.items.moves.count == 1)
    let replayed = sectionDelta.applied(to: before, with: after, items: \.items)
    #expect(replayed == after)

    struct Shelf: Equatable {
      var name: String
      var isbns: [String]
    }

    let shelves = SectionDelta(
      from: [Shelf(name: "a", isbns: ["1", "2"])], to: [Shelf(name: "a", isbns: ["2", "1"])],
      sectionID: \.name, items: \.isbns, itemID: \.self, hasSameHeader: { _, _ in true })
    #expect(shelves.items.moves.count == 1)
  }
}

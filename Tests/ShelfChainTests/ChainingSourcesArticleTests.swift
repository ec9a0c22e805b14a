import ShelfChain
import ShelfDiff
import TestSupport
import Testing

/// The code of ShelfChain.docc/ChainingSources.md, compiled and run: the
/// article's blocks, in order, with the checks its comments promise.
@Suite struct ChainingSourcesArticle {
  @Test func theArticlesCodeIsThisTestsCode() {
    expectArticleCodeIsCompiled(article: "Sources/ShelfChain/ShelfChain.docc/ChainingSources.md")
  }

  @MainActor @Test func theArticlesCodeDoesWhatItSays() async {
    struct Book: Identifiable, Equatable, Sendable {
      var id: String
      var rating: Int
    }

    struct Shelf: ChainableSection {
      var id: String
      var title: String
      var items: [Book]
      func hasSameHeader(as other: Shelf) -> Bool { id == other.id && title == other.title }
    }

    let store = SectionStore([
      Shelf(
        id: "sf", title: "Science Fiction",
        items: [Book(id: "dune", rating: 5), Book(id: "solaris", rating: 3)]),
      Shelf(id: "classics", title: "Classics", items: [Book(id: "emma", rating: 4)]),
    ])
    let liked = ItemFilter(store) { $0.rating >= 4 }
    let shown = EmptySectionFilter(liked)
    var changes: [SourceChange] = []
    shown.observe { changes.append($0) }
    #expect(shown.sections.map(\.id) == ["sf", "classics"])
    #expect(shown.sections[0].items.map(\.id) == ["dune"])

    var next = store.sections
    next[1].items[0].rating = 2
    store.update(next)
    #expect(shown.sections.map(\.id) == ["sf"])
    #expect(changes.last?.delta?.sections.deletions == [1])

    liked.predicate = { $0.rating >= 3 }
    #expect(shown.sections[0].items.map(\.id) == ["dune", "solaris"])
    #expect(changes.last?.delta?.items.insertions == [ItemPath(section: 0, item: 1)])

    let holder = CollectionSectionData<Shelf>()
    holder.follow(shown)
    #expect(await eventually { holder.sections == shown.sections && holder.isIdle })

    let films = SectionStore([
      Shelf(id: "noir", title: "Film Noir", items: [Book(id: "the-third-man", rating: 5)])
    ])
    let everything = Concat<Shelf>([shown, films])
    let recent = Insert(
      everything, .section(Shelf(id: "recent", title: "Recently viewed", items: []), at: 0),
      isShown: false)
    let tabs = SourceSwitch<Shelf>([recent, films])
    var tabChanges: [SourceChange] = []
    tabs.observe { tabChanges.append($0) }
    #expect(tabs.sections.map(\.id) == ["sf", "noir"])

    recent.isShown = true
    #expect(tabs.sections.map(\.id) == ["recent", "sf", "noir"])
    #expect(tabChanges.last?.delta?.sections.insertions == [0])

    tabs.selectedIndex = 1
    #expect(tabs.sections.map(\.id) == ["noir"])
    #expect(
      tabChanges.last
        == .delta(SectionDelta(from: recent.sections, to: films.sections), isRediffed: true))
    // Every change reached the holder as a translated delta, none re-diffed.
    #expect(changes.count == 2 && changes.allSatisfy { $0.delta != nil })
    #expect(changes.allSatisfy { $0 != .reload && !$0.isRediffedForTests })

    actor Library {
      private let store = SectionStore<Shelf>()
      private let liked: ItemFilter<Shelf>

      init() {
        liked = ItemFilter(store) { $0.rating >= 4 }
      }

      func replace(with shelves: [Shelf]) -> [Shelf] {
        store.update(shelves)
        return liked.sections
      }
    }

    let library = Library()
    let likedShelves = await library.replace(with: [
      Shelf(id: "sf", title: "Science Fiction", items: [Book(id: "dune", rating: 5)])
    ])
    #expect(likedShelves.map(\.id) == ["sf"])
  }
}

extension SourceChange {
  /// Whether a link diffed to make this change.
  fileprivate var isRediffedForTests: Bool {
    if case .delta(_, let isRediffed) = self { return isRediffed }
    return false
  }
}

import ShelfChain
import ShelfDiff
import Testing

// The README's ShelfChain example, compiled and checked.
private struct Book: Identifiable, Equatable, Sendable {
  var id: String
  var rating: Int
}

private struct Shelf: ChainableSection {  // a DiffableSection whose items a transform may set
  var id: String
  var title: String
  var items: [Book]
  func hasSameHeader(as other: Shelf) -> Bool { id == other.id && title == other.title }
}

@Suite struct ReadmeExampleTests {
  @Test func theReadmeChainFiltersDropsEmptyShelvesAndStandsInWithAMessage() async {
    let books = [Book(id: "dune", rating: 5), Book(id: "ubik", rating: 3)]
    let newShelves = [
      Shelf(id: "sf", title: "Science Fiction", items: books + [Book(id: "solaris", rating: 4)])
    ]

    let store = SectionStore([Shelf(id: "sf", title: "Science Fiction", items: books)])
    let matches = ItemFilter(store) { $0.rating >= 4 }  // a predicate that can change
    let screen = Placeholder(
      EmptySectionFilter(matches),  // drops shelves left with no books
      .section(Shelf(id: "none", title: "No matches", items: [])))
    let holder = CollectionSectionData<Shelf>()
    holder.follow(screen)  // each delta reaches the holder as it is, replay-checked

    var changes: [SourceChange] = []
    let token = screen.observe { changes.append($0) }
    store.update(newShelves)  // the one diff, at the root; every link translates it
    #expect(screen.sections.first?.items.map(\.id) == ["dune", "solaris"])
    matches.predicate = { $0.rating >= 6 }  // animates as a delta, without a diff
    #expect(screen.sections.map(\.title) == ["No matches"])
    #expect(changes.count == 2 && changes.allSatisfy { $0.delta?.isEmpty == false })
    token.cancel()  // stops observing; dropping the token does not
    store.update([])
    #expect(changes.count == 2)

    await withCheckedContinuation { continuation in
      holder.update(screen.sections) { continuation.resume() }
    }
    #expect(holder.sections.map(\.id) == ["none"])
  }
}

import PropertyBased
import ShelfDiff
import TestSupport
import Testing

/// An element whose `==` compares everything, view-irrelevant fields included.
private struct Book: Identifiable, Equatable {
  var id: Int
  var title: String
  var lastOpened: Int  // changes often; the view never shows it
}

@Test func contentComparedByAClosureReloadsOnlyWhatItCompares() {
  let old = [Book(id: 1, title: "Dune", lastOpened: 1), Book(id: 2, title: "Kim", lastOpened: 1)]
  let new = [Book(id: 1, title: "Dune", lastOpened: 9), Book(id: 2, title: "Kim!", lastOpened: 1)]
  #expect(IndexDelta(from: old, to: new).reloads.count == 2)  // `==` sees both
  let shown = IndexDelta(from: old, to: new) { $0.title == $1.title }
  #expect(shown.reloads == [IndexDelta.Reload(from: 1, to: 1)])
  let byKeyPath = IndexDelta(from: old, to: new, id: \.id) { $0.title == $1.title }
  #expect(byKeyPath == shown)
}

/// Not `Equatable` at all: only a closure can compare it.
private struct Opaque {
  var key: String
  var payload: [Int]
}

/// Random subsets of 20 keys, shuffled, each with a payload of 0, 1 or 2.
private let opaqueVersions = Gen.draws(160).map { draws in
  var rng = draws
  let old = (0..<20).filter { _ in .random(using: &rng) }.shuffled(using: &rng).map {
    Opaque(key: "k\($0)", payload: [Int.random(in: 0..<3, using: &rng)])
  }
  let new = (0..<20).filter { _ in .random(using: &rng) }.shuffled(using: &rng).map {
    Opaque(key: "k\($0)", payload: [Int.random(in: 0..<3, using: &rng)])
  }
  return Versions((old, new))
}

@Test func aClosureDeltaAppliedToOldGivesNew() async {
  await propertyCheck(count: 100, input: opaqueVersions, perform: closureDeltaAppliedToOldGivesNew)
}

private func closureDeltaAppliedToOldGivesNew(_ versions: Versions<Opaque>) {
  let (old, new) = (versions.old, versions.new)
  let delta = IndexDelta(from: old, to: new, id: \.key) { $0.payload == $1.payload }
  // The same delta as `==` over the payload gives, reloads included.
  let reference = IndexDelta(
    from: old.map { Pair(key: $0.key, payload: $0.payload) },
    to: new.map { Pair(key: $0.key, payload: $0.payload) }, id: \.key)
  #expect(delta == reference)
  #expect(delta.applied(to: old.map(\.key), with: new.map(\.key)) == new.map(\.key))
}

private struct Pair: Equatable {
  var key: String
  var payload: [Int]
}

// MARK: - Sections

/// A book that is not `Equatable`: only a closure compares it.
private struct OpaqueBook {
  var book: DiffBook
}

/// A shelf of such books.
private struct OpaqueShelf {
  var id: Int
  var title: String
  var books: [OpaqueBook]

  init(_ shelf: DiffShelf) {
    (id, title, books) = (shelf.id, shelf.title, shelf.items.map(OpaqueBook.init))
  }
}

@Test func sectionItemsComparedByAClosureReloadOnlyWhatItCompares() {
  let old = [DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2)])]
  let new = [DiffShelf(id: 0, items: [DiffBook(id: 2, edition: 1), DiffBook(id: 1, edition: 1)])]
  #expect(SectionDelta(from: old, to: new).items.reloads.count == 2)  // `==` sees both
  let byID = SectionDelta(from: old, to: new) { $0.id == $1.id }
  #expect(byID.items.reloads.isEmpty)
  #expect(byID.items.moves == SectionDelta(from: old, to: new).items.moves)
}

@Test func aSectionDeltaOfItemsThatAreNotEquatableIsTheEquatableOne() async {
  await propertyCheck(count: 200, input: shelfVersions) { versions in
    let (old, new) = (versions.old, versions.new)
    let delta = SectionDelta(
      from: old.map(OpaqueShelf.init), to: new.map(OpaqueShelf.init), sectionID: \.id,
      items: \.books, itemID: \.book.id, hasSameHeader: { $0.title == $1.title },
      isContentEqual: { $0.book == $1.book })
    #expect(delta == SectionDelta(from: old, to: new))
  }
}

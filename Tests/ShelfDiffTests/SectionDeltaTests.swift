import ShelfDiff
import TestSupport
import Testing

// MARK: - Named cases

@Test func anItemMovingToAnotherSectionIsOneMove() {
  let old = [Shelf(id: 0, items: [Book(id: 1), Book(id: 2)]), Shelf(id: 1, items: [Book(id: 3)])]
  let new = [Shelf(id: 0, items: [Book(id: 1)]), Shelf(id: 1, items: [Book(id: 3), Book(id: 2)])]
  let delta = SectionDelta(from: old, to: new)
  #expect(delta.sections.isEmpty)
  #expect(
    delta.items
      == SectionDelta.Items(
        moves: [.init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 1))]))
}

@Test func anItemMovingIntoAnInsertedSectionIsAMoveAndTheRestArriveWithIt() {
  let old = [Shelf(id: 0, items: [Book(id: 1), Book(id: 2)])]
  let new = [
    Shelf(id: 9, items: [Book(id: 7), Book(id: 2), Book(id: 8)]),
    Shelf(id: 0, items: [Book(id: 1)]),
  ]
  let delta = SectionDelta(from: old, to: new)
  #expect(delta.sections == IndexDelta(insertions: [0]))
  #expect(
    delta.items
      == SectionDelta.Items(
        moves: [.init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 1))]))
  let replayed = delta.applied(to: old, with: new)
  #expect(replayed.items == new.map(\.items))
}

@Test func anItemMovingOutOfADeletedSectionIsAMoveAndTheRestLeaveWithIt() {
  let old = [
    Shelf(id: 0, items: [Book(id: 1)]),
    Shelf(id: 5, items: [Book(id: 6), Book(id: 7), Book(id: 8)]),
  ]
  let new = [Shelf(id: 0, items: [Book(id: 7), Book(id: 1)])]
  let delta = SectionDelta(from: old, to: new)
  #expect(delta.sections == IndexDelta(deletions: [1]))
  #expect(
    delta.items
      == SectionDelta.Items(
        moves: [.init(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 0, item: 0))]))
  #expect(delta.applied(to: old, with: new).items == new.map(\.items))
}

@Test func emptySectionsAreKeptAndMoveLikeAnyOther() {
  let old = [Shelf(id: 0, items: []), Shelf(id: 1, items: [Book(id: 1)]), Shelf(id: 2, items: [])]
  let new = [Shelf(id: 2, items: []), Shelf(id: 1, items: [Book(id: 1)]), Shelf(id: 0, items: [])]
  let delta = SectionDelta(from: old, to: new)
  #expect(delta.sections.moves.count == 2)
  #expect(delta.items.isEmpty)
  let replayed = delta.applied(to: old, with: new)
  #expect(replayed.sections.map(\.id) == [2, 1, 0])
  #expect(replayed.items == [[], [Book(id: 1)], []])
}

@Test func aChangedHeaderIsASectionReloadAndItsItemsAreDiffedOnTheirOwn() {
  let old = [Shelf(id: 0, title: "New", items: [Book(id: 1), Book(id: 2)])]
  let new = [Shelf(id: 0, title: "Latest", items: [Book(id: 1), Book(id: 2, edition: 1)])]
  let delta = SectionDelta(from: old, to: new)
  #expect(delta.sections == IndexDelta(reloads: [.init(from: 0, to: 0)]))
  #expect(
    delta.items
      == SectionDelta.Items(
        reloads: [.init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 1))]))
  #expect(delta.applied(to: old, with: new).sections == new)
}

@Test func itemsThatKeepTheirOrderInAMovedSectionAreNotMoved() {
  let old = [
    Shelf(id: 0, items: [Book(id: 1), Book(id: 2), Book(id: 3)]),
    Shelf(id: 1, items: [Book(id: 4)]),
  ]
  let new = [
    Shelf(id: 1, items: [Book(id: 4)]),
    Shelf(id: 0, items: [Book(id: 1), Book(id: 3)]),
  ]
  let delta = SectionDelta(from: old, to: new)
  #expect(delta.sections.moves.count == 1)
  #expect(delta.items == SectionDelta.Items(deletions: [ItemPath(section: 0, item: 1)]))
}

@Test func repeatedItemIdsAreReportedWithTheirPathsAndStillReplay() {
  let old = [Shelf(id: 0, items: [Book(id: 1), Book(id: 2)]), Shelf(id: 1, items: [Book(id: 1)])]
  let new = [Shelf(id: 0, items: [Book(id: 1)]), Shelf(id: 1, items: [Book(id: 1), Book(id: 1)])]
  let delta = SectionDelta(from: old, to: new)
  #expect(
    delta.items.duplicates == [
      .init(
        id: "1", oldPaths: [ItemPath(section: 0, item: 0), ItemPath(section: 1, item: 0)],
        newPaths: [
          ItemPath(section: 0, item: 0), ItemPath(section: 1, item: 0),
          ItemPath(section: 1, item: 1),
        ])
    ])
  #expect(delta.isValid(oldItemCounts: [2, 1], newItemCounts: [1, 2]))
  #expect(delta.applied(to: old, with: new).items == new.map(\.items))
}

@Test func theDescriptionListsSectionAndItemChanges() {
  let old = [Shelf(id: 0, items: [Book(id: 1), Book(id: 2)]), Shelf(id: 1, items: [])]
  let new = [Shelf(id: 1, items: [Book(id: 2)]), Shelf(id: 0, items: [Book(id: 3)])]
  #expect(
    SectionDelta(from: old, to: new).description
      == "SectionDelta(sections moves [0→1]; items -[0.0] +[1.0] moves [0.1→0.0])")
  #expect(SectionDelta(from: old, to: old).description == "SectionDelta(no changes)")
}

@Test func aDeltaThatDoesNotFitTheCountsIsInvalid() {
  let delta = SectionDelta(
    items: SectionDelta.Items(insertions: [ItemPath(section: 0, item: 0)]))
  #expect(delta.isValid(oldItemCounts: [0], newItemCounts: [1]))
  #expect(!delta.isValid(oldItemCounts: [1], newItemCounts: [1]))
  #expect(!delta.isValid(oldItemCounts: [0, 0], newItemCounts: [1]))
  #expect(!delta.isValid(oldItemCounts: [0], newItemCounts: [2]))
  let insertedSection = SectionDelta(
    sections: IndexDelta(insertions: [0]),
    items: SectionDelta.Items(insertions: [ItemPath(section: 0, item: 0)]))
  #expect(!insertedSection.isValid(oldItemCounts: [], newItemCounts: [1]))
}

// MARK: - Properties

/// How a random case is shaped, by seed.
enum Shape: CaseIterable {
  case churn, allNew, allMoved, emptyOld, emptyNew, duplicates
}

/// A random pair of section arrays of the given shape.
func randomShelves(seed: UInt64) -> (old: [Shelf], new: [Shelf]) {
  var rng = SeededGenerator(seed: seed)
  let shape = Shape.allCases[Int(seed % UInt64(Shape.allCases.count))]
  let sectionIDs = Array(0..<8)
  let itemIDs = Array(0..<40)
  func sections(_ ids: [Int], items: [Book]) -> [Shelf] {
    var shelves = ids.map { Shelf(id: $0, items: []) }
    for book in items where !shelves.isEmpty {
      shelves[Int.random(in: 0..<shelves.count, using: &rng)].items.append(book)
    }
    return shelves
  }
  let oldSectionIDs = sectionIDs.filter { _ in Int.random(in: 0..<4, using: &rng) > 0 }
    .shuffled(using: &rng)
  var old = sections(
    oldSectionIDs,
    items: shape == .duplicates
      ? (0..<30).map { _ in Book(id: Int.random(in: 0..<12, using: &rng)) }
      : itemIDs.filter { _ in Bool.random(using: &rng) }.map { Book(id: $0) })
  if shape == .emptyOld { old = [] }

  var new: [Shelf]
  switch shape {
  case .allNew:
    new = sections([10, 11, 12], items: (100..<130).map { Book(id: $0) })
  case .allMoved:
    new = old.reversed().map { Shelf(id: $0.id, items: $0.items.reversed()) }
  case .emptyNew:
    new = []
  case .churn, .emptyOld, .duplicates:
    var newIDs = oldSectionIDs.filter { _ in Int.random(in: 0..<5, using: &rng) > 0 }
    newIDs += sectionIDs.filter { !oldSectionIDs.contains($0) && Bool.random(using: &rng) }
    newIDs.shuffle(using: &rng)
    new = newIDs.map { Shelf(id: $0, items: []) }
    var survivors = old.flatMap(\.items).filter { _ in Int.random(in: 0..<5, using: &rng) > 0 }
    survivors += itemIDs.filter { _ in Int.random(in: 0..<6, using: &rng) == 0 }.map {
      Book(id: $0 + 200)
    }
    if shape == .duplicates { survivors.append(Book(id: Int.random(in: 0..<12, using: &rng))) }
    // Most items stay in their section, in order; some go elsewhere.
    let home = Dictionary(
      old.enumerated().flatMap { s, shelf in shelf.items.map { ($0.id, shelf.id) } },
      uniquingKeysWith: { first, _ in first })
    for var book in survivors where !new.isEmpty {
      if Int.random(in: 0..<7, using: &rng) == 0 { book.edition += 1 }
      if let section = home[book.id], let t = new.firstIndex(where: { $0.id == section }),
        Int.random(in: 0..<4, using: &rng) > 0
      {
        new[t].items.append(book)
      } else {
        new[Int.random(in: 0..<new.count, using: &rng)].items.append(book)
      }
    }
    for t in new.indices where new[t].items.count > 1 && Bool.random(using: &rng) {
      let a = Int.random(in: 0..<new[t].items.count, using: &rng)
      let b = Int.random(in: 0..<new[t].items.count, using: &rng)
      new[t].items.swapAt(a, b)
    }
    for t in new.indices where Int.random(in: 0..<5, using: &rng) == 0 { new[t].title = "changed" }
  }
  return (old, new)
}

@Test(arguments: 0..<600 as Range<UInt64>)
func replayingASectionDeltaTurnsOldIntoNew(seed: UInt64) {
  let (old, new) = randomShelves(seed: seed)
  let delta = SectionDelta(from: old, to: new)
  #expect(
    delta.isValid(oldItemCounts: old.map(\.items.count), newItemCounts: new.map(\.items.count)))
  let replayed = delta.applied(to: old, with: new)
  #expect(replayed.sections.map(\.id) == new.map(\.id))
  #expect(replayed.sections.map(\.title) == new.map(\.title))
  #expect(replayed.items == new.map(\.items))
}

@Test(arguments: 0..<600 as Range<UInt64>)
func sectionDeltaChangesAreExactlyTheNecessaryOnes(seed: UInt64) {
  let (old, new) = randomShelves(seed: seed)
  let delta = SectionDelta(from: old, to: new)

  // Sections: minimal moves, reloads exactly the changed headers.
  let sectionPairs = occurrencePairs(old: old.map(\.id), new: new.map(\.id))
  #expect(delta.sections.moves.count == minimalMoveCount(old: old.map(\.id), new: new.map(\.id)))
  #expect(
    Set(delta.sections.reloads.map { [$0.from, $0.to] })
      == Set(
        sectionPairs.filter { old[$0.old].title != new[$0.new].title }.map { [$0.old, $0.new] }))
  var target = Array(repeating: -1, count: old.count)
  for pair in sectionPairs { target[pair.old] = pair.new }
  let isInserted = new.indices.map { t in !sectionPairs.contains { $0.new == t } }

  // Items: pair them by occurrence across all sections.
  let oldPaths = old.indices.flatMap { s in
    old[s].items.indices.map { ItemPath(section: s, item: $0) }
  }
  let newPaths = new.indices.flatMap { t in
    new[t].items.indices.map { ItemPath(section: t, item: $0) }
  }
  func item(_ sections: [Shelf], _ path: ItemPath) -> Book {
    sections[path.section].items[path.item]
  }
  let pairs = occurrencePairs(
    old: oldPaths.map { item(old, $0).id }, new: newPaths.map { item(new, $0).id }
  ).map { (from: oldPaths[$0.old], to: newPaths[$0.new]) }

  var expectedMoves = pairs.filter { target[$0.from.section] != $0.to.section }.count
  for s in old.indices where target[s] >= 0 {
    let staying = pairs.filter { $0.from.section == s && $0.to.section == target[s] }
    expectedMoves += staying.count - longestIncreasingLength(staying.map(\.to.item))
  }
  #expect(delta.items.moves.count == expectedMoves)
  let pairSet = Set(pairs.map { [$0.from, $0.to] })
  #expect(delta.items.moves.allSatisfy { pairSet.contains([$0.from, $0.to]) })
  #expect(
    Set(delta.items.reloads.map { [$0.from, $0.to] })
      == Set(pairs.filter { item(old, $0.from) != item(new, $0.to) }.map { [$0.from, $0.to] }))
  let matchedOld = Set(pairs.map(\.from))
  let matchedNew = Set(pairs.map(\.to))
  #expect(
    delta.items.deletions
      == oldPaths.filter { !matchedOld.contains($0) && target[$0.section] >= 0 })
  #expect(
    delta.items.insertions
      == newPaths.filter { !matchedNew.contains($0) && !isInserted[$0.section] })
  let hasRepeats =
    Set(oldPaths.map { item(old, $0).id }).count < oldPaths.count
    || Set(newPaths.map { item(new, $0).id }).count < newPaths.count
  #expect(delta.items.duplicates.isEmpty == !hasRepeats)
}

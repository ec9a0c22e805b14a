import PropertyBased
import ShelfDiff
import TestSupport
import Testing

// MARK: - Named cases

@Test func anItemMovingToAnotherSectionIsOneMove() {
  let old = [
    DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2)]),
    DiffShelf(id: 1, items: [DiffBook(id: 3)]),
  ]
  let new = [
    DiffShelf(id: 0, items: [DiffBook(id: 1)]),
    DiffShelf(id: 1, items: [DiffBook(id: 3), DiffBook(id: 2)]),
  ]
  let delta = SectionDelta(from: old, to: new)
  #expect(delta.sections.isEmpty)
  #expect(
    delta.items
      == SectionDelta.Items(
        moves: [.init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 1))]))
}

@Test func anItemMovingIntoAnInsertedSectionIsAMoveAndTheRestArriveWithIt() {
  let old = [DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2)])]
  let new = [
    DiffShelf(id: 9, items: [DiffBook(id: 7), DiffBook(id: 2), DiffBook(id: 8)]),
    DiffShelf(id: 0, items: [DiffBook(id: 1)]),
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
    DiffShelf(id: 0, items: [DiffBook(id: 1)]),
    DiffShelf(id: 5, items: [DiffBook(id: 6), DiffBook(id: 7), DiffBook(id: 8)]),
  ]
  let new = [DiffShelf(id: 0, items: [DiffBook(id: 7), DiffBook(id: 1)])]
  let delta = SectionDelta(from: old, to: new)
  #expect(delta.sections == IndexDelta(deletions: [1]))
  #expect(
    delta.items
      == SectionDelta.Items(
        moves: [.init(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 0, item: 0))]))
  #expect(delta.applied(to: old, with: new).items == new.map(\.items))
}

@Test func emptySectionsAreKeptAndMoveLikeAnyOther() {
  let old = [
    DiffShelf(id: 0, items: []), DiffShelf(id: 1, items: [DiffBook(id: 1)]),
    DiffShelf(id: 2, items: []),
  ]
  let new = [
    DiffShelf(id: 2, items: []), DiffShelf(id: 1, items: [DiffBook(id: 1)]),
    DiffShelf(id: 0, items: []),
  ]
  let delta = SectionDelta(from: old, to: new)
  #expect(delta.sections.moves.count == 2)
  #expect(delta.items.isEmpty)
  let replayed = delta.applied(to: old, with: new)
  #expect(replayed.sections.map(\.id) == [2, 1, 0])
  #expect(replayed.items == [[], [DiffBook(id: 1)], []])
}

@Test func aChangedHeaderIsASectionReloadAndItsItemsAreDiffedOnTheirOwn() {
  let old = [DiffShelf(id: 0, title: "New", items: [DiffBook(id: 1), DiffBook(id: 2)])]
  let new = [
    DiffShelf(id: 0, title: "Latest", items: [DiffBook(id: 1), DiffBook(id: 2, edition: 1)])
  ]
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
    DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2), DiffBook(id: 3)]),
    DiffShelf(id: 1, items: [DiffBook(id: 4)]),
  ]
  let new = [
    DiffShelf(id: 1, items: [DiffBook(id: 4)]),
    DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 3)]),
  ]
  let delta = SectionDelta(from: old, to: new)
  #expect(delta.sections.moves.count == 1)
  #expect(delta.items == SectionDelta.Items(deletions: [ItemPath(section: 0, item: 1)]))
}

@Test func repeatedItemIdsAreReportedWithTheirPathsAndStillReplay() {
  let old = [
    DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2)]),
    DiffShelf(id: 1, items: [DiffBook(id: 1)]),
  ]
  let new = [
    DiffShelf(id: 0, items: [DiffBook(id: 1)]),
    DiffShelf(id: 1, items: [DiffBook(id: 1), DiffBook(id: 1)]),
  ]
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

@Test func repeatedSectionIdsAreMatchedByOccurrenceAndReported() {
  let old = [
    DiffShelf(id: 4, items: [DiffBook(id: 1)]), DiffShelf(id: 5, items: []),
    DiffShelf(id: 4, items: [DiffBook(id: 2)]),
  ]
  let new = [
    DiffShelf(id: 4, items: [DiffBook(id: 2)]), DiffShelf(id: 4, items: [DiffBook(id: 1)]),
  ]
  let delta = SectionDelta(from: old, to: new)
  #expect(
    delta.sections.duplicates == [.init(id: "4", oldPositions: [0, 2], newPositions: [0, 1])])
  #expect(delta.sections.deletions == [1])
  #expect(delta.items.moves.count == 2)
  let replayed = delta.applied(to: old, with: new)
  #expect(replayed.sections.map(\.id) == [4, 4])
  #expect(replayed.items == new.map(\.items))
}

@Test func theDescriptionListsSectionAndItemChanges() {
  let old = [
    DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2)]), DiffShelf(id: 1, items: []),
  ]
  let new = [
    DiffShelf(id: 1, items: [DiffBook(id: 2)]), DiffShelf(id: 0, items: [DiffBook(id: 3)]),
  ]
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

@Test func swappingTwoItemsBetweenSectionsIsTwoMoves() {
  let old = [
    DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2)]),
    DiffShelf(id: 1, items: [DiffBook(id: 3)]),
  ]
  let new = [
    DiffShelf(id: 0, items: [DiffBook(id: 3), DiffBook(id: 2)]),
    DiffShelf(id: 1, items: [DiffBook(id: 1)]),
  ]
  let delta = SectionDelta(from: old, to: new)
  #expect(
    delta.items.moves == [
      .init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0)),
      .init(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 0)),
    ])
  #expect(delta.changeCount == 2)
}

@Test func aSectionCanMoveAndChangeItsHeaderAtOnce() {
  let old = [DiffShelf(id: 0, items: []), DiffShelf(id: 1, title: "a", items: [DiffBook(id: 1)])]
  let new = [DiffShelf(id: 1, title: "b", items: [DiffBook(id: 1)]), DiffShelf(id: 0, items: [])]
  let delta = SectionDelta(from: old, to: new)
  #expect(delta.sections.moves.count == 1)
  #expect(delta.sections.reloads == [.init(from: 1, to: 0)])
  #expect(delta.items.isEmpty)
  #expect(delta.applied(to: old, with: new).sections == new)
}

/// A section with no header of its own: it is never reloaded, whatever its items do.
struct HeaderlessShelf: DiffableSection {
  var id: String
  var items: [DiffBook]

  func hasSameHeader(as other: HeaderlessShelf) -> Bool { true }
}

@Test func aSectionWhoseItemsChangedIsNotReloadedForThat() {
  let old = [
    HeaderlessShelf(id: "a", items: [DiffBook(id: 1)]),
    HeaderlessShelf(id: "b", items: [DiffBook(id: 2)]),
  ]
  let new = [
    HeaderlessShelf(id: "a", items: [DiffBook(id: 1, edition: 1), DiffBook(id: 3)]),
    HeaderlessShelf(id: "b", items: [DiffBook(id: 2)]),
  ]
  let delta = SectionDelta(from: old, to: new)
  #expect(delta.sections.reloads.isEmpty)
  #expect(
    delta.items.reloads == [
      .init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 0))
    ])
  #expect(delta.items.insertions == [ItemPath(section: 0, item: 1)])
}

// MARK: - Sections that are not Identifiable

/// A shelf as a newcomer's app might model it: nothing conforms to anything.
struct PlainShelf: Equatable {
  var name: String
  var colour = "oak"
  var books: [PlainBook]
}

struct PlainBook: Equatable {
  var isbn: String
  var edition = 0
}

@Test func sectionIDsAndItemIDsCanBeKeyPaths() {
  let old = [
    PlainShelf(name: "a", books: [PlainBook(isbn: "1"), PlainBook(isbn: "2")]),
    PlainShelf(name: "b", books: [PlainBook(isbn: "3")]),
  ]
  let new = [
    PlainShelf(name: "b", colour: "teak", books: [PlainBook(isbn: "3"), PlainBook(isbn: "2")]),
    PlainShelf(name: "a", books: [PlainBook(isbn: "1", edition: 2)]),
  ]
  let delta = SectionDelta(
    from: old, to: new, sectionID: \.name, items: \.books, itemID: \.isbn,
    hasSameHeader: { $0.colour == $1.colour })
  #expect(delta.sections.moves.count == 1)
  #expect(delta.sections.reloads == [.init(from: 1, to: 0)])
  #expect(
    delta.items.moves == [
      .init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 1))
    ])
  #expect(
    delta.items.reloads == [
      .init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
    ])
  #expect(delta.items.insertions.isEmpty && delta.items.deletions.isEmpty)
}

@Test func closuresGiveTheDeltaOfTheIdentifiableSections() async {
  await propertyCheck(count: 60, input: shelfVersions) { versions in
    let (old, new) = (versions.old, versions.new)
    let delta = SectionDelta(
      from: old, to: new, sectionID: { $0.id }, items: { $0.items }, itemID: { $0.id },
      hasSameHeader: { $0.title == $1.title })
    #expect(delta == SectionDelta(from: old, to: new))
  }
}

// MARK: - Replaying into sections

@Test func replayingIntoSectionsGivesTheNewSections() async {
  await propertyCheck(count: 100, input: shelfVersions) { versions in
    let delta = SectionDelta(from: versions.old, to: versions.new)
    #expect(delta.applied(to: versions.old, with: versions.new, items: \.items) == versions.new)
  }
}

@Test func itemPathsOrderBySectionThenItem() {
  let paths = [
    ItemPath(section: 1, item: 0), ItemPath(section: 0, item: 5), ItemPath(section: 0, item: 2),
  ]
  #expect(paths.sorted().map(\.description) == ["0.2", "0.5", "1.0"])
}

@Test func replayingASectionDeltaOnSectionsItDoesNotFitStops() async {
  await #expect(processExitsWith: .failure) {
    let delta = SectionDelta(items: .init(deletions: [ItemPath(section: 0, item: 4)]))
    _ = delta.applied(
      to: [HeaderlessShelf(id: "a", items: [])], with: [HeaderlessShelf(id: "a", items: [])])
  }
}

// MARK: - Properties

@Test func replayingASectionDeltaTurnsOldIntoNew() async {
  await propertyCheck(count: 600, input: shelfVersions) { versions in
    let (old, new) = (versions.old, versions.new)
    let delta = SectionDelta(from: old, to: new)
    #expect(
      delta.isValid(oldItemCounts: old.map(\.items.count), newItemCounts: new.map(\.items.count)))
    let replayed = delta.applied(to: old, with: new)
    #expect(replayed.sections.map(\.id) == new.map(\.id))
    #expect(replayed.sections.map(\.title) == new.map(\.title))
    #expect(replayed.items == new.map(\.items))
  }
}

@Test func sectionDeltaChangesAreExactlyTheNecessaryOnes() async {
  await propertyCheck(count: 600, input: shelfVersions, perform: changesAreExactlyTheNecessaryOnes)
}

private func changesAreExactlyTheNecessaryOnes(_ versions: Versions<DiffShelf>) {
  let (old, new) = (versions.old, versions.new)
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
  func item(_ sections: [DiffShelf], _ path: ItemPath) -> DiffBook {
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

@Test func oneSectionGivesTheSameItemChangesAsAnIndexDelta() async {
  await propertyCheck(count: 200, input: bookVersions(), perform: sameItemChangesAsAnIndexDelta)
}

private func sameItemChangesAsAnIndexDelta(_ versions: Versions<DiffBook>) {
  let (oldBooks, newBooks) = (versions.old, versions.new)
  let delta = SectionDelta(
    from: [DiffShelf(id: 0, items: oldBooks)], to: [DiffShelf(id: 0, items: newBooks)])
  let flat = IndexDelta(from: oldBooks, to: newBooks)
  func path(_ item: Int) -> ItemPath { ItemPath(section: 0, item: item) }
  #expect(
    delta.items
      == SectionDelta.Items(
        deletions: flat.deletions.map(path), insertions: flat.insertions.map(path),
        moves: flat.moves.map { .init(from: path($0.from), to: path($0.to)) },
        reloads: flat.reloads.map { .init(from: path($0.from), to: path($0.to)) },
        duplicates: flat.duplicates.map {
          .init(id: $0.id, oldPaths: $0.oldPositions.map(path), newPaths: $0.newPositions.map(path))
        }))
  #expect(delta.sections.isEmpty)
}

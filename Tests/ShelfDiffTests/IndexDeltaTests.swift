import PropertyBased
import ShelfDiff
import TestSupport
import Testing

// MARK: - Named cases

@Test func movingTheLastOfTenThousandItemsToTheFrontIsOneMove() {
  let old = Array(0..<10_000)
  let new = [9_999] + Array(0..<9_999)
  let delta = IndexDelta(from: old, to: new, id: \.self)
  #expect(delta.moves == [IndexDelta.Move(from: 9_999, to: 0)])
  #expect(delta.deletions.isEmpty && delta.insertions.isEmpty && delta.reloads.isEmpty)
  #expect(delta.applied(to: old, with: new) == new)
}

@Test func movingTheFirstOfTenThousandItemsToTheEndIsOneMove() {
  let old = Array(0..<10_000)
  let new = Array(1..<10_000) + [0]
  #expect(IndexDelta(from: old, to: new, id: \.self).moves == [IndexDelta.Move(from: 0, to: 9_999)])
}

@Test func reversingTenItemsKeepsOneAndMovesNine() {
  let old = Array(0..<10)
  let delta = IndexDelta(from: old, to: old.reversed(), id: \.self)
  #expect(delta.moves.count == 9)
  #expect(delta.applied(to: old, with: old.reversed()) == old.reversed())
}

@Test func insertingAndDeletingAroundItemsMovesNothing() {
  let delta = IndexDelta(from: [1, 2, 3, 4], to: [0, 1, 3, 4, 5], id: \.self)
  #expect(delta == IndexDelta(deletions: [1], insertions: [0, 4]))
  #expect(delta.changeCount == 3)
}

@Test func identicalArraysGiveAnEmptyDelta() {
  let books = (0..<100).map { DiffBook(id: $0) }
  let delta = IndexDelta(from: books, to: books)
  #expect(delta.isEmpty && delta.changeCount == 0)
  #expect(delta.description == "IndexDelta(no changes)")
  #expect(IndexDelta(from: [DiffBook](), to: []).isEmpty)
}

@Test func anEditedItemIsAReloadAndCanAlsoMove() {
  let old = [DiffBook(id: 1), DiffBook(id: 2), DiffBook(id: 3)]
  let new = [DiffBook(id: 3, edition: 1), DiffBook(id: 1), DiffBook(id: 2, edition: 1)]
  let delta = IndexDelta(from: old, to: new)
  #expect(delta.moves == [.init(from: 2, to: 0)])
  #expect(delta.reloads == [.init(from: 1, to: 2), .init(from: 2, to: 0)])
  #expect(delta.applied(to: old, with: new) == new)
  #expect(delta.description == "IndexDelta(moves [2→0] reloads [1→2, 2→0])")
}

@Test func aMatchDescribesItselfAsDeltasPrintIt() {
  #expect(IndexDelta.Move(from: 2, to: 0).description == "2→0")
  let move = SectionDelta.Items.Move(
    from: ItemPath(section: 0, item: 1), to: ItemPath(section: 3, item: 0))
  #expect("\(move)" == "0.1→3.0")
}

@Test func keyPathClosureAndIdentifiableGiveTheSameDelta() {
  let old = [DiffBook(id: 1), DiffBook(id: 2), DiffBook(id: 3), DiffBook(id: 4)]
  let new = [DiffBook(id: 4), DiffBook(id: 2, edition: 3), DiffBook(id: 5), DiffBook(id: 1)]
  let delta = IndexDelta(from: old, to: new)
  #expect(IndexDelta(from: old, to: new, id: \.id) == delta)
  #expect(IndexDelta(from: old, to: new, identifiedBy: { $0.id }) == delta)
  #expect(IndexDelta(from: old.map(\.id), to: new.map(\.id), id: \.self).moves == delta.moves)
}

@Test func repeatedIdsAreMatchedByOccurrenceAndReported() {
  let old = ["a", "b", "a", "c"]
  let new = ["a", "a", "a", "b"]
  let delta = IndexDelta(from: old, to: new, id: \.self)
  #expect(delta.duplicates == [.init(id: "a", oldPositions: [0, 2], newPositions: [0, 1, 2])])
  #expect(delta.deletions == [3])
  #expect(delta.insertions == [2])
  #expect(delta.applied(to: old, with: new) == new)
  #expect(delta.description.hasSuffix("duplicates [a])"))
  #expect(
    IndexDelta(from: [1, 1], to: [1, 1], id: \.self).description == "IndexDelta(duplicates [1])")
}

@Test func anEditedDuplicateOfNonUniqueDataReloadsInPlace() {
  let old = NonUnique.numbering([DiffBook(id: 7), DiffBook(id: 8), DiffBook(id: 7)])
  let new = NonUnique.numbering([DiffBook(id: 7), DiffBook(id: 8), DiffBook(id: 7, edition: 1)])
  #expect(old.map(\.occurrence) == [0, 0, 1])
  #expect(old.map(\.id.description) == ["7", "8", "7#1"])
  let delta = IndexDelta(from: old, to: new)
  #expect(delta == IndexDelta(reloads: [.init(from: 2, to: 2)]))
  #expect(delta.duplicates.isEmpty)
  // Keyed by content instead, the same edit is a deletion and an insertion.
  let byContent = IndexDelta(from: old.map(\.element), to: new.map(\.element), id: \.self)
  #expect(byContent.deletions == [2] && byContent.insertions == [2])
}

@Test func movingOneOfTwoDuplicatesKeepsTheirOccurrenceOrder() {
  let old = NonUnique.numbering([DiffBook(id: 1), DiffBook(id: 2), DiffBook(id: 1)])
  let new = NonUnique.numbering([DiffBook(id: 1), DiffBook(id: 1), DiffBook(id: 2)])
  let delta = IndexDelta(from: old, to: new)
  #expect(delta.moves.count == 1)
  #expect(delta.applied(to: old, with: new) == new)
}

@Test func deltasThatDoNotFitAreInvalid() {
  #expect(IndexDelta(deletions: [0]).isValid(oldCount: 1, newCount: 0))
  #expect(!IndexDelta(deletions: [1]).isValid(oldCount: 1, newCount: 0))
  #expect(!IndexDelta(deletions: [0, 0]).isValid(oldCount: 2, newCount: 0))
  #expect(!IndexDelta(insertions: [0]).isValid(oldCount: 1, newCount: 1))
  #expect(!IndexDelta(moves: [.init(from: 0, to: 1)]).isValid(oldCount: 1, newCount: 1))
  #expect(
    !IndexDelta(deletions: [0], moves: [.init(from: 0, to: 0)]).isValid(oldCount: 1, newCount: 1))
  #expect(IndexDelta(reloads: [.init(from: 1, to: 1)]).isValid(oldCount: 2, newCount: 2))
  // Nothing deleted, inserted or moved: every index stays, and a reload must say so.
  #expect(!IndexDelta(reloads: [.init(from: 0, to: 1)]).isValid(oldCount: 2, newCount: 2))
  #expect(!IndexDelta(reloads: [.init(from: 2, to: 2)]).isValid(oldCount: 2, newCount: 2))
  #expect(!IndexDelta().isValid(oldCount: 2, newCount: 3))
  // Replayed, old 1 lands at new 0, so a reload from 1 to 1 names the wrong item.
  #expect(
    !IndexDelta(deletions: [0], insertions: [1], reloads: [.init(from: 1, to: 1)])
      .isValid(oldCount: 2, newCount: 2))
}

@Test func replayingADeltaOnArraysItDoesNotFitStops() async {
  await #expect(processExitsWith: .failure) {
    _ = IndexDelta(deletions: [3]).applied(to: [1], with: [Int]())
  }
}

@Test func theDocumentedExampleHoldsAsWritten() {
  let delta = IndexDelta(from: [1, 2, 3, 4], to: [4, 1, 2, 5], id: \.self)
  #expect(delta == IndexDelta(deletions: [2], insertions: [3], moves: [.init(from: 3, to: 0)]))
  #expect(delta.applied(to: [1, 2, 3, 4], with: [4, 1, 2, 5]) == [4, 1, 2, 5])
}

// MARK: - Properties

@Test func applyingTheDeltaTurnsOldIntoNew() async {
  await propertyCheck(count: 700, input: bookVersions()) { versions in
    let (old, new) = (versions.old, versions.new)
    let delta = IndexDelta(from: old, to: new)
    #expect(delta.isValid(oldCount: old.count, newCount: new.count))
    #expect(delta.applied(to: old, with: new) == new)
  }
}

@Test func theDeltaHoldsExactlyTheNecessaryChanges() async {
  await propertyCheck(count: 700, input: bookVersions(), perform: holdsExactlyTheNecessaryChanges)
}

private func holdsExactlyTheNecessaryChanges(_ versions: Versions<DiffBook>) {
  let (old, new) = (versions.old, versions.new)
  let delta = IndexDelta(from: old, to: new)
  let pairs = occurrencePairs(old: old.map(\.id), new: new.map(\.id))
  #expect(delta.moves.count == minimalMoveCount(old: old.map(\.id), new: new.map(\.id)))
  let pairSet = Set(pairs.map { [$0.old, $0.new] })
  #expect(delta.moves.allSatisfy { pairSet.contains([$0.from, $0.to]) })
  #expect(delta.moves.map(\.from) == delta.moves.map(\.from).sorted())
  #expect(
    delta.reloads.map { [$0.from, $0.to] }
      == pairs.filter { old[$0.old] != new[$0.new] }.map { [$0.old, $0.new] })
  #expect(delta.deletions == old.indices.filter { i in !pairs.contains { $0.old == i } })
  #expect(delta.insertions == new.indices.filter { j in !pairs.contains { $0.new == j } })
  let hasRepeats = Set(old.map(\.id)).count < old.count || Set(new.map(\.id)).count < new.count
  #expect(delta.duplicates.isEmpty == !hasRepeats)
}

@Test func nonUniqueDataNeverReportsDuplicatesAndReplays() async {
  await propertyCheck(count: 300, input: bookVersions(.duplicates)) { versions in
    let (old, new) = (versions.old, versions.new)
    let delta = IndexDelta(from: NonUnique.numbering(old), to: NonUnique.numbering(new))
    #expect(delta.duplicates.isEmpty)
    #expect(
      delta.applied(to: NonUnique.numbering(old), with: NonUnique.numbering(new)).map(\.element)
        == new)
  }
}

/// 600 items, a tenth of them deleted, 60 inserted, then 30 or 600 random swaps.
private let largeShuffles = Gen.draws(2_048).map { draws in
  var rng = draws
  let old = Array(0..<600)
  var new = old.filter { _ in Int.random(in: 0..<10, using: &rng) > 0 } + Array(600..<660)
  for _ in 0..<(Bool.random(using: &rng) ? 30 : 600) {
    new.swapAt(
      Int.random(in: 0..<new.count, using: &rng), Int.random(in: 0..<new.count, using: &rng))
  }
  return Versions((old, new))
}

@Test func largeShufflesWithChurnMoveMinimally() async {
  await propertyCheck(count: 10, input: largeShuffles) { versions in
    let (old, new) = (versions.old, versions.new)
    let delta = IndexDelta(from: old, to: new, id: \.self)
    #expect(delta.moves.count == minimalMoveCount(old: old, new: new))
    #expect(delta.applied(to: old, with: new) == new)
  }
}

/// Two random subsets of 0..<20, each shuffled.
let shuffledSubsets = Gen.draws(128).map { draws in
  var rng = draws
  let old = (0..<20).filter { _ in .random(using: &rng) }.shuffled(using: &rng)
  let new = (0..<20).filter { _ in .random(using: &rng) }.shuffled(using: &rng)
  return Versions((old, new))
}

@Test func theIndexMappingPlacesEachItemWhereReplayingPutsIt() async {
  await propertyCheck(count: 100, input: shuffledSubsets) { versions in
    let (old, new) = (versions.old, versions.new)
    let delta = IndexDelta(from: old, to: new, id: \.self)
    let mapping = try #require(delta.indexMapping(oldCount: old.count, newCount: new.count))
    for (newIndex, oldIndex) in mapping.oldOfNew.enumerated() {
      #expect(oldIndex < 0 ? delta.insertions.contains(newIndex) : old[oldIndex] == new[newIndex])
      if oldIndex >= 0 { #expect(mapping.newOfOld[oldIndex] == newIndex) }
    }
    #expect(delta.indexMapping(oldCount: old.count + 1, newCount: new.count) == nil)
  }
}

import PropertyBased
import ShelfDiff
import TestSupport
import Testing

/// `separatingMovedReloads()`: no item is both moved and reloaded any more,
/// and the delta still replays the old data into the new exactly.
@Test func anArrayItemMovedAndReloadedBecomesADeletionAndAnInsertion() {
  let old = [DiffBook(id: 1), DiffBook(id: 2), DiffBook(id: 3)]
  let new = [DiffBook(id: 3, edition: 1), DiffBook(id: 1), DiffBook(id: 2)]
  let delta = IndexDelta(from: old, to: new)
  #expect(delta.moves == [.init(from: 2, to: 0)] && delta.reloads == [.init(from: 2, to: 0)])
  let separated = delta.separatingMovedReloads()
  #expect(separated.deletions == [2] && separated.insertions == [0])
  #expect(separated.moves.isEmpty && separated.reloads.isEmpty)
  #expect(separated.applied(to: old, with: new) == new)
  // A delta with nothing to separate is returned as it is.
  let plain = IndexDelta(from: old, to: [DiffBook(id: 1, edition: 1), DiffBook(id: 2)])
  #expect(!plain.reloads.isEmpty && plain.separatingMovedReloads() == plain)
}

/// Random versions of sections with some items edited, moved or not, so
/// that some are both moved and reloaded.
let editedShelfVersions = Gen.draws(896).map { draws in
  var rng = draws
  var (old, new) = randomShelves(using: &rng)
  for t in new.indices {
    for j in new[t].items.indices where Int.random(in: 0..<3, using: &rng) == 0 {
      new[t].items[j].edition += 1
    }
  }
  return Versions((old, new))
}

@Test func separatedSectionDeltasReplayAndNeverMoveAReloadedItem() async {
  await propertyCheck(count: 200, input: editedShelfVersions, perform: replaysAndNeverMovesAReload)
}

private func replaysAndNeverMovesAReload(_ versions: Versions<DiffShelf>) {
  let (old, new) = (versions.old, versions.new)
  let delta = SectionDelta(from: old, to: new)
  let separated = delta.separatingMovedReloads()
  let moved = Set(separated.items.moves.map(\.from))
  #expect(!separated.items.reloads.contains { moved.contains($0.from) })
  #expect(
    separated.isValid(
      oldItemCounts: old.map(\.items.count), newItemCounts: new.map(\.items.count)))
  let replayed = separated.applied(to: old, with: new)
  #expect(replayed.items == new.map(\.items))
  #expect(replayed.sections.map(\.id) == new.map(\.id))
  #expect(separated.sections == delta.sections)
  let both = delta.items.moves.filter { move in
    delta.items.reloads.contains { $0.from == move.from }
  }
  #expect(separated.items.moves.count == delta.items.moves.count - both.count)
}

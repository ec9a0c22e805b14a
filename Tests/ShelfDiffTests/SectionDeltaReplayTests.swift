import PropertyBased
import ShelfDiff
import TestSupport
import Testing

// The live holders check a supplied delta with `replays(_:into:)`, which
// replays only the sections the delta touches. Its verdict must be the full
// replay's: `isValid` for the counts, then `applied(to:with:)` equal to `new`,
// for a delta in the order its fields document (one out of it does not
// replay; the spoiled deltas below keep the order or do not fit anyway).

/// The full replay check, section by section and item by item.
private func replaysInFull(_ delta: SectionDelta, _ old: [DiffShelf], _ new: [DiffShelf]) -> Bool {
  guard
    delta.isValid(oldItemCounts: old.map(\.items.count), newItemCounts: new.map(\.items.count))
  else { return false }
  let replayed = delta.applied(to: old, with: new)
  return replayed.sections.map(\.id) == new.map(\.id)
    && zip(replayed.sections, new).allSatisfy { $0.hasSameHeader(as: $1) }
    && replayed.items == new.map(\.items)
}

/// `delta` spoiled in one of several ways, some of which still replay.
private func spoiled(
  _ delta: SectionDelta, new: inout [DiffShelf], using rng: inout some RandomNumberGenerator
) -> SectionDelta {
  var delta = delta
  func nudge(_ path: ItemPath) -> ItemPath {
    ItemPath(section: path.section, item: path.item + (Bool.random(using: &rng) ? 1 : -1))
  }
  switch Int.random(in: 0..<11, using: &rng) {
  case 0 where !delta.items.deletions.isEmpty:
    delta.items.deletions.remove(at: Int.random(in: 0..<delta.items.deletions.count, using: &rng))
  case 1 where !delta.items.insertions.isEmpty:
    let k = Int.random(in: 0..<delta.items.insertions.count, using: &rng)
    delta.items.insertions[k] = nudge(delta.items.insertions[k])
  case 2 where !delta.items.moves.isEmpty:
    let k = Int.random(in: 0..<delta.items.moves.count, using: &rng)
    delta.items.moves[k].to = nudge(delta.items.moves[k].to)
  case 3 where !delta.items.reloads.isEmpty:
    delta.items.reloads.remove(at: Int.random(in: 0..<delta.items.reloads.count, using: &rng))
  case 4 where !delta.sections.reloads.isEmpty:
    delta.sections.reloads.removeAll()
  case 5:
    // An item edited in `new` that the delta does not reload.
    let filled = new.indices.filter { !new[$0].items.isEmpty }
    if let t = filled.randomElement(using: &rng) {
      new[t].items[Int.random(in: 0..<new[t].items.count, using: &rng)].edition += 7
    }
  case 6:
    // Two items of one section swapped in `new` behind the delta's back.
    let crowded = new.indices.filter { new[$0].items.count > 1 }
    if let t = crowded.randomElement(using: &rng) {
      new[t].items.swapAt(0, new[t].items.count - 1)
    }
  case 7 where !delta.items.moves.isEmpty:
    delta.items.moves.remove(at: Int.random(in: 0..<delta.items.moves.count, using: &rng))
  case 8 where !delta.items.reloads.isEmpty:
    // A reload that names the wrong old item.
    let k = Int.random(in: 0..<delta.items.reloads.count, using: &rng)
    delta.items.reloads[k].from = nudge(delta.items.reloads[k].from)
  case 9 where !delta.items.reloads.isEmpty:
    // A reload repeated.
    let k = Int.random(in: 0..<delta.items.reloads.count, using: &rng)
    delta.items.reloads.append(delta.items.reloads[k])
  default:
    break  // unspoiled: it must replay
  }
  return delta
}

/// Two versions of sections and a delta between them, often spoiled.
private struct SpoiledCase: CustomStringConvertible {
  var versions: Versions<DiffShelf>
  var delta: SectionDelta

  var description: String { "\(versions) delta \(delta)" }
}

private let spoiledCases = Gen.draws(896).map { draws in
  var rng = draws
  let (old, original) = randomShelves(using: &rng)
  var new = original
  let delta = spoiled(SectionDelta(from: old, to: original), new: &new, using: &rng)
  return SpoiledCase(versions: Versions((old, new)), delta: delta)
}

@Test func checkingOnlyTouchedSectionsGivesTheFullReplaysVerdict() async {
  await propertyCheck(count: 600, input: spoiledCases) { spoiled in
    let (old, new, delta) = (spoiled.versions.old, spoiled.versions.new, spoiled.delta)
    #expect(delta.replays(old, into: new) == replaysInFull(delta, old, new))
  }
}

@Test func aComputedDeltaReplaysAndAnotherPairsDeltaDoesNot() async {
  await propertyCheck(count: 100, input: zip(shelfVersions, shelfVersions)) { versions, other in
    let (old, new) = (versions.old, versions.new)
    #expect(SectionDelta(from: old, to: new).replays(old, into: new))
    let foreign = SectionDelta(from: other.old, to: other.new)
    #expect(foreign.replays(old, into: new) == replaysInFull(foreign, old, new))
  }
}

@Test func anUntouchedSectionWhoseItemsChangedDoesNotReplay() {
  let old = [
    DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2)]),
    DiffShelf(id: 1, items: [DiffBook(id: 3)]),
  ]
  var new = old
  new[1].items[0].edition = 1  // changed, but the delta names only section 0
  let delta = SectionDelta(items: .init(deletions: [ItemPath(section: 0, item: 1)]))
  new[0].items.removeLast()
  #expect(!delta.replays(old, into: new))
  new[1].items[0].edition = 0
  #expect(delta.replays(old, into: new))
}

/// A move into an inserted section, to the wrong place in it: the inserted
/// section's own items are read from `new`, but the moved one is checked.
@Test func aMoveIntoAnInsertedSectionToTheWrongPlaceDoesNotReplay() {
  let old = [DiffShelf(id: 0, items: [DiffBook(id: 1)])]
  let new = [
    DiffShelf(id: 5, items: [DiffBook(id: 2)]), DiffShelf(id: 0, items: []),
    DiffShelf(id: 6, items: [DiffBook(id: 1), DiffBook(id: 3)]),
  ]
  let right = SectionDelta(from: old, to: new)
  #expect(right.replays(old, into: new))
  var wrong = right
  wrong.items.moves[0].to = ItemPath(section: 2, item: 1)
  #expect(!replaysInFull(wrong, old, new))
  #expect(!wrong.replays(old, into: new))
}

/// A delta that would give `new` but lists its changes out of the order
/// `SectionDelta.Items` documents does not replay: a view finds a
/// section's changes by that order.
@Test func aDeltaOutOfOrderDoesNotReplay() {
  let old = [
    DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2)]),
    DiffShelf(id: 1, items: [DiffBook(id: 3), DiffBook(id: 4)]),
  ]
  var new = old
  new[0].items.removeFirst()
  new[1].items.removeLast()
  new[1].items[0].edition = 1
  new[0].items[0].edition = 1
  let delta = SectionDelta(from: old, to: new)
  #expect(delta.items.deletions.count == 2 && delta.items.reloads.count == 2)
  #expect(delta.replays(old, into: new))
  var swapped = delta
  swapped.items.deletions.reverse()
  #expect(replaysInFull(swapped, old, new))
  #expect(!swapped.replays(old, into: new))
  swapped = delta
  swapped.items.reloads.reverse()
  #expect(replaysInFull(swapped, old, new))
  #expect(!swapped.replays(old, into: new))
}

import PropertyBased
import ShelfDiff
import TestSupport
import Testing

// Properties over PropertyBased generators that shrink: a failure reports
// the smallest pair of arrays found that still fails.

/// Integer arrays with many repeats and empty arrays now and then.
let smallRepeatingIntArrays = Gen.int(in: 0...15).array(of: 0...25)

@Test func intDeltasReplayAndMoveMinimally() async {
  await propertyCheck(count: 300, input: smallRepeatingIntArrays, smallRepeatingIntArrays) {
    old, new in
    let delta = IndexDelta(from: old, to: new, id: \.self)
    #expect(delta.isValid(oldCount: old.count, newCount: new.count))
    #expect(delta.applied(to: old, with: new) == new)
    #expect(delta.moves.count == minimalMoveCount(old: old, new: new))
    #expect(delta.reloads.isEmpty)
  }
}

/// 0..<n for n up to 60, and a random permutation of it.
let permutations = zip(Gen.int(in: 0...60), Gen.draws(64)).map { count, draws in
  var rng = draws
  let old = Array(0..<count)
  return Versions((old, old.shuffled(using: &rng)))
}

@Test func permutationsNeedNoInsertionsOrDeletions() async {
  await propertyCheck(count: 300, input: permutations) { versions in
    let (old, new) = (versions.old, versions.new)
    let delta = IndexDelta(from: old, to: new, id: \.self)
    #expect(delta.deletions.isEmpty && delta.insertions.isEmpty)
    #expect(delta.moves.count == old.count - longestIncreasingLength(new))
    #expect(delta.applied(to: old, with: new) == new)
  }
}

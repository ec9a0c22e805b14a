import PropertyBased
import ShelfDiff
import Testing

// Properties over PropertyBased generators, run from fixed seeds so every
// machine checks the same cases.

/// Integer arrays with many repeats and empty arrays now and then.
let smallRepeatingIntArrays = Gen.int(in: 0...15).array(of: 0...25)

@Test(arguments: 0..<300 as Range<UInt64>)
func intDeltasReplayAndMoveMinimally(seed: UInt64) {
  var rng = Xoshiro(seed: (seed, seed &* 31 &+ 7, 0x5EED, ~seed))
  let old = smallRepeatingIntArrays.run(using: &rng)
  let new = smallRepeatingIntArrays.run(using: &rng)
  let delta = IndexDelta(from: old, to: new, id: \.self)
  #expect(delta.isValid(oldCount: old.count, newCount: new.count))
  #expect(delta.applied(to: old, with: new) == new)
  #expect(delta.moves.count == minimalMoveCount(old: old, new: new))
  #expect(delta.reloads.isEmpty)
}

@Test(arguments: 0..<300 as Range<UInt64>)
func permutationsNeedNoInsertionsOrDeletions(seed: UInt64) {
  var rng = Xoshiro(seed: (~seed, seed, seed &* 17, 42))
  let old = Array(0..<Gen.int(in: 0...60).run(using: &rng))
  let new = Gen.shuffled(old).run(using: &rng)
  let delta = IndexDelta(from: old, to: new, id: \.self)
  #expect(delta.deletions.isEmpty && delta.insertions.isEmpty)
  #expect(delta.moves.count == old.count - longestIncreasingLength(new))
  #expect(delta.applied(to: old, with: new) == new)
}

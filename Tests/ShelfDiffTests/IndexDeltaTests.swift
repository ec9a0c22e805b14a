import ShelfDiff
import TestSupport
import Testing

@Test func movingTheLastOfTenThousandItemsToTheFrontIsOneMove() {
  let old = Array(0..<10_000)
  let new = [9_999] + Array(0..<9_999)
  let delta = IndexDelta(from: old, to: new, id: \.self)
  #expect(delta.moves == [IndexDelta.Move(from: 9_999, to: 0)])
  #expect(delta.deletions.isEmpty && delta.insertions.isEmpty && delta.reloads.isEmpty)
  #expect(delta.applied(to: old, with: new) == new)
}

@Test(arguments: 0..<200 as Range<UInt64>)
func applyingTheDeltaTurnsOldIntoNew(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  let old = (0..<30).filter { _ in .random(using: &rng) }.shuffled(using: &rng)
  let new = (0..<30).filter { _ in .random(using: &rng) }.shuffled(using: &rng)
  #expect(IndexDelta(from: old, to: new, id: \.self).applied(to: old, with: new) == new)
}

import ShelfDiff
import Testing

@testable import ShelfChain

/// The unsafe buffer helpers of the links' per-item loops: what they write,
/// and their traps where a caller's loop would write past the buffer.
@Suite struct ArrayBuffersTests {
  @Test func aFillerGivesWhatWasAppendedUpToItsCapacity() {
    let none = [Int](filling: 0) { _ in }
    #expect(none.isEmpty)
    let some = [String](filling: 4) { filler in
      for word in ["a", "b", "c"] { filler.append(word) }
    }
    #expect(some == ["a", "b", "c"])
    let full = [Int](filling: 3) { filler in
      for value in 1...3 { filler.append(value) }
      #expect(filler.count == 3)
    }
    #expect(full == [1, 2, 3])
  }

  @Test func aGeneratedArrayHasOneElementPerIndexInOrder() {
    #expect([Int](count: 0) { $0 }.isEmpty)
    #expect([String](count: 3) { "\($0)" } == ["0", "1", "2"])
  }

  @Test func keptAndPickedElementsAreTheFlaggedAndIndexedOnes() {
    let words = ["a", "b", "c", "d"]
    #expect(words.kept(by: [true, false, true, false], count: 2) == ["a", "c"])
    #expect(words.kept(by: [true, true, true, true], count: 4) == words)
    #expect(words.elements(at: [3, 0, 3]) == ["d", "a", "d"])
  }

  @Test func theScratchMovesTheFewestItemsOutOfOrder() {
    var moves: [[Int]] = []
    KeptItemScratch.with(capacity: 4) { scratch in
      // Old indices 0, 2, 1, 3 at new 0...3: moving the one at old 1
      // (or 2) puts the others in order.
      for (new, old) in [0, 2, 1, 3].enumerated() { scratch.append(old: old, new: new) }
      scratch.forEachMove { old, new in moves.append([old, new]) }
      scratch.removeAll()
      scratch.append(old: 0, new: 0)
      scratch.forEachMove { old, new in moves.append([old, new, -1]) }
    }
    #expect(moves.count == 1 && [[1, 2], [2, 1]].contains(moves[0]))
  }

  @Test func aFillerTrapsWhenAppendedPastItsCapacity() async {
    await #expect(processExitsWith: .failure) {
      _ = [Int](filling: 2) { filler in
        for value in 0..<3 { filler.append(value) }
      }
    }
  }

  @Test func theScratchTrapsWhenAppendedPastItsCapacity() async {
    await #expect(processExitsWith: .failure) {
      KeptItemScratch.with(capacity: 2) { scratch in
        for index in 0..<3 { scratch.append(old: index, new: index) }
      }
    }
  }
}

import Foundation  // Thread: two real threads, so the sanitizer sees them overlap
import ShelfDiff
import Testing

/// The engine must not write to the standard library's one shared empty-array
/// buffer. `Array(unsafeUninitializedCapacity: 0)` hands that buffer out and
/// writes its count, so two threads diffing empty data at once raced on it (the
/// thread sanitizer reported it one fresh-clone `make test` in three). Run under
/// `make tsan`, this test fails if any path of the engine writes that buffer.
@Suite struct EmptyArrayRaceConcurrencyTests {
  private struct Item: Identifiable, Equatable, Sendable { let id: Int }
  private struct Shelf: DiffableSection, Equatable, Sendable {
    let id: Int
    var items: [Item]
    func hasSameHeader(as other: Shelf) -> Bool { id == other.id }
  }

  @Test func diffingEmptyDataOnManyThreadsAtOnceIsRaceFree() {
    let rounds = 2_000
    let threads = 4
    let finished = DispatchGroup()
    let results = Locked([Bool]())
    for t in 0..<threads {
      finished.enter()
      Thread {
        var allEmpty = true
        for round in 0..<rounds {
          // Empty arrays, empty sections and sections of empty rows: each
          // reaches the id gathering with a count of 0.
          let empty: [Int] = []
          let delta = IndexDelta(from: empty, to: empty, id: \.self)
          let sections = [Shelf(id: round % 3, items: [])]
          let sectionDelta = SectionDelta(from: sections, to: t % 2 == 0 ? [] : sections)
          allEmpty = allEmpty && delta.insertions.isEmpty && sectionDelta.items.insertions.isEmpty
        }
        results.withLock { $0.append(allEmpty) }
        finished.leave()
      }.start()
    }
    finished.wait()
    #expect(results.withLock { $0 } == Array(repeating: true, count: threads))
  }
}

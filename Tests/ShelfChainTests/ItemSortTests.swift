import PropertyBased
import ShelfChain
import ShelfDiff
import Synchronization
import TestSupport
import Testing

/// By value, then by id: a strict total order, so sorting from scratch has
/// one answer.
private func byValue(_ a: Card, _ b: Card) -> Bool { (a.value, a.id) < (b.value, b.id) }

private func sortedFromScratch(_ rows: [Row]) -> [Row] {
  rows.map { row in
    var row = row
    row.items.sort(by: byValue)
    return row
  }
}

@Suite struct ItemSortTests {
  @Test func aSortKeepsEachSectionSortedAndMovesOnlyWhatMustMove() {
    let store = SectionStore([
      Row(id: "a", title: "", items: [Card(id: "x", value: 3), Card(id: "y", value: 1)]),
      Row(id: "b", title: "", items: [Card(id: "z", value: 2)]),
    ])
    let sort = ItemSort(store, by: byValue)
    #expect(sort.sections.map { $0.items.map(\.id) } == [["y", "x"], ["z"]])
    let recorder = ChangeRecorder(sort)
    // Upstream reorders "a" (nothing moves here) and y's value sorts it after x.
    store.update([
      Row(id: "a", title: "", items: [Card(id: "y", value: 5), Card(id: "x", value: 3)]),
      Row(id: "b", title: "", items: [Card(id: "z", value: 2)]),
    ])
    #expect(sort.sections.map { $0.items.map(\.id) } == [["x", "y"], ["z"]])
    let delta = recorder.last?.delta
    #expect(delta?.items.moves.count == 1)
    #expect(
      delta?.items.reloads == [
        .init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))
      ])
    #expect(sort.fallbackCount == 0)
  }

  /// Random versions through a store, a sort and a filter after it: each
  /// delta replays, moves no more than a diff, and both outputs are what
  /// sorting (and filtering) from scratch gives.
  @Test func aSortMatchesSortingFromScratch() async {
    let changed = Mutex(0)
    await propertyCheck(count: 60, input: chainCases(depths: 1...1, draws: 2_048)) { chain in
      let harness = ChainHarness(draws: chain.draws, topKind: .filter, depth: chain.depth)
      let store = SectionStore(harness.mutated([], prefix: "s"))
      let sort = ItemSort(store, by: byValue)
      let shown = ItemFilter(sort) { $0.value % 3 != 0 }
      let sortCheck = OracleCheck("sort", sort, items: \.items) {
        sortedFromScratch(store.sections)
      }
      let filterCheck = OracleCheck("filter", shown, items: \.items) {
        sortedFromScratch(store.sections).map { row in
          var row = row
          row.items.removeAll { $0.value % 3 == 0 }
          return row
        }
      }
      for _ in 0..<25 { store.update(harness.mutated(store.sections, prefix: "s")) }
      #expect(sortCheck.failures.isEmpty, "\(sortCheck.failures)")
      #expect(filterCheck.failures.isEmpty, "\(filterCheck.failures)")
      #expect(sort.fallbackCount == 0 && shown.fallbackCount == 0)
      changed.withLock { $0 += sortCheck.nonEmptyDeltas }
    }
    #expect(changed.withLock { $0 } > 500)
  }
}

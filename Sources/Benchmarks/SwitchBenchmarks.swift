import ShelfChain
import ShelfDiff

/// Tab between two sources of 500,000 cards each (`SourceSwitch` over `Concat` of
/// two stores, as the app's chain is): what the main thread spends when the
/// switch diffs there, against taking a delta diffed off the main queue.
enum SwitchBenchmarks {
  typealias Row = ChainBenchmarks.Row
  typealias Card = ChainBenchmarks.Card

  @MainActor static func run(_ harness: inout Harness) {
    let onMain = "Tab 1M cards, 2 sources: switch diffs on main"
    let offMain = "Tab 1M cards, 2 sources: main thread, delta given"
    let diff = "Tab 1M cards, 2 sources: the diff, off main"
    guard [onMain, offMain, diff].contains(where: harness.includes) else { return }
    harness.section("Tab between all sources and one alone, 2 sources x 5,000 rows x 100 cards")
    harness.resultLabel = "changes"
    let rowsPerSource = 5_000
    let cardsPerRow = 100
    let stores = (0..<2).map { source in
      SectionStore(
        (0..<rowsPerSource).map { r in
          let row = source * rowsPerSource + r
          return Row(
            id: row, title: "Row \(row)",
            items: (0..<cardsPerRow).map { c in
              let id = row * cardsPerRow + c
              return Card(id: id, title: "Card \(id)", rating: id % 10)
            })
        })
    }
    let selection = SourceSwitch<Row>([Concat(stores)] + stores)
    var lastChanges = 0
    selection.observe { change in lastChanges = change.delta?.changeCount ?? 0 }

    harness.measure(onMain) {
      selection.selectedIndex = selection.selectedIndex == 0 ? 1 : 0
      return lastChanges
    }
    let all = selection.sources[0].sections
    let alone = selection.sources[1].sections
    let toAlone = SectionDelta(from: all, to: alone)
    let toAll = SectionDelta(from: alone, to: all)
    harness.measure(diff) { SectionDelta(from: all, to: alone).changeCount }
    harness.measure(offMain) {
      if selection.selectedIndex == 0 {
        selection.select(1, delta: toAlone)
      } else {
        selection.select(0, delta: toAll)
      }
      return lastChanges
    }
  }
}

import Dispatch
import ShelfChain
import ShelfDiff
import Synchronization

/// A change of a 1M-card source through a chain of four transforms to the
/// view's holder, against re-diffing the chain's output: what translating
/// deltas saves.
enum ChainBenchmarks {
  /// Counts the deltas a holder rejected: the benchmark must time accepted ones.
  final class RejectionCounter: CollectionDataCalculationDelegate {
    let count = Atomic(0)

    func collectionData(_ collectionData: AnyObject, didReport issue: CollectionDataIssue) {
      if case .rejectedDelta = issue { count.add(1, ordering: .relaxed) }
    }
  }

  struct Card: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
    var rating: Int
    var isHighlighted = false
  }

  struct Row: ChainableSection {
    var id: Int
    var title: String
    var items: [Card]

    func hasSameHeader(as other: Row) -> Bool { id == other.id && title == other.title }
  }

  static let rows = 10_000
  static let cardsPerRow = 100

  @MainActor static func run(_ harness: inout Harness) {
    let chainName = "chain 1M cards, 1% changed, 4 transforms"
    let rediffName = "re-diff chain output 1M cards, 1% changed"
    guard
      harness.includes(chainName) || harness.includes(rediffName)
        || harness.includes(otherLinksName)
    else { return }
    harness.section("chained sources: \(rows) rows x \(cardsPerRow) cards, 1% of cards changed")
    harness.resultLabel = "changes"
    var rng = SplitMix64(seed: 13)
    let old = (0..<rows).map { r in
      Row(
        id: r, title: "Row \(r)",
        items: (0..<cardsPerRow).map { c in
          let id = r * cardsPerRow + c
          return Card(id: id, title: "Card \(id)", rating: Int.random(in: 0...9, using: &rng))
        })
    }
    let new = changed(old, using: &rng)
    runOtherLinks(&harness, old: old, new: new)
    guard harness.includes(chainName) || harness.includes(rediffName) else { return }
    let forward = SectionDelta(from: old, to: new)
    let backward = SectionDelta(from: new, to: old)

    // ItemFilter -> EmptySectionFilter -> ItemMap -> Placeholder, as the app's `/` filter is.
    let store = SectionStore(old)
    let filter = ItemFilter(store) { $0.rating != 0 }
    let nonEmpty = EmptySectionFilter(filter)
    let highlighted = ItemMap(nonEmpty) { card in
      var card = card
      card.isHighlighted = card.rating >= 8
      return card
    }
    let chain = Placeholder(highlighted, .section(Row(id: -1, title: "No matches", items: [])))
    var lastDelta = SectionDelta()
    chain.observe { change in lastDelta = change.delta ?? SectionDelta() }
    // The view's holder, as `CollectionSectionData.follow(_:)` feeds it: each
    // delta is replay-checked on the holder's queue before a view could see it.
    let holder = CollectionSectionData(chain.sections)
    let rejections = RejectionCounter()
    holder.calculationDelegate = rejections
    func handToHolder() {
      let committed = DispatchSemaphore(value: 0)
      holder.update(chain.sections, delta: lastDelta) { committed.signal() }
      committed.wait()
    }

    // Once, untimed: the chain's delta replays its old output into its new one.
    let oldOutput = chain.sections
    store.update(new, delta: forward)
    let newOutput = chain.sections
    let replayed = lastDelta.applied(to: oldOutput, with: newOutput)
    precondition(
      replayed.items == newOutput.map(\.items)
        && replayed.sections.map(\.id) == newOutput.map(\.id),
      "the chain's delta does not replay")
    precondition(filter.fallbackCount + nonEmpty.fallbackCount == 0, "the chain fell back")
    handToHolder()
    store.update(old, delta: backward)
    handToHolder()
    precondition(rejections.count.load(ordering: .relaxed) == 0, "the holder rejected a delta")

    var isForward = true
    let chained = harness.measure(chainName) {
      if isForward {
        store.update(new, delta: forward)
      } else {
        store.update(old, delta: backward)
      }
      isForward.toggle()
      handToHolder()
      return lastDelta.changeCount
    }
    precondition(rejections.count.load(ordering: .relaxed) == 0, "the holder rejected a delta")
    let rediffed = harness.measure(rediffName) {
      SectionDelta(from: oldOutput, to: newOutput).changeCount
    }
    harness.printRatio(chainName, over: rediffName, label: "chain vs re-diff")
    guard let chained else { return }
    harness.check(
      "1% of 1M cards through a 4-link chain", chained.median, below: 0.005, orEqual: true
    ) { Harness.format(seconds: $0) }
    if let rediffed {
      harness.check(
        "1% of 1M cards: chain vs re-diffing its output", rediffed.median / chained.median,
        atLeast: 10, format: Harness.format(ratio:))
    }
  }

  static let otherLinksName = "chain 50k cards, 1% changed, insert + sort + flatten + concat"

  /// The links the 4-transform chain leaves out, on the first 500 rows of
  /// `old` and `new`, so that their release build is specialised for this
  /// module's types (`make specialization` looks for it) and timed.
  @MainActor static func runOtherLinks(_ harness: inout Harness, old: [Row], new: [Row]) {
    guard harness.includes(otherLinksName) else { return }
    let old = Array(old.prefix(500))
    let new = Array(new.prefix(500))
    let store = SectionStore(old)
    let banner = Insert(store, .section(Row(id: -2, title: "Recently viewed", items: []), at: 0))
    let sorted = ItemSort(banner) { ($0.rating, $0.id) < ($1.rating, $1.id) }
    let flat = Flatten(sorted, into: Row(id: -3, title: "All", items: []))
    let both = Concat([flat, sorted])
    var changeCount = 0
    both.observe { change in changeCount = change.delta?.changeCount ?? 0 }
    var isForward = true
    _ = harness.measure(otherLinksName) {
      store.update(isForward ? new : old)
      isForward.toggle()
      return changeCount
    }
    precondition(
      banner.fallbackCount + sorted.fallbackCount + flat.fallbackCount + both.fallbackCount == 0,
      "the chain fell back")
  }

  /// `sections` after 1% of their cards changed, in 2% of the rows: in each
  /// changed row, 10 cards deleted, 10 inserted, 5 moved within the row and 5
  /// moved to the next changed row (from the one before), then 20 edited.
  static func changed(_ sections: [Row], using rng: inout SplitMix64) -> [Row] {
    var sections = sections
    var nextID = rows * cardsPerRow
    let changedRows = Array(Array(0..<rows).shuffled(using: &rng).prefix(rows / 50))
    var leaving: [[Card]] = []
    for r in changedRows {
      var items = sections[r].items
      for _ in 0..<10 { items.remove(at: Int.random(in: 0..<items.count, using: &rng)) }
      for _ in 0..<10 {
        items.insert(
          Card(id: nextID, title: "Card \(nextID)", rating: Int.random(in: 0...9, using: &rng)),
          at: Int.random(in: 0...items.count, using: &rng))
        nextID += 1
      }
      for _ in 0..<5 {
        let card = items.remove(at: Int.random(in: 0..<items.count, using: &rng))
        items.insert(card, at: Int.random(in: 0...items.count, using: &rng))
      }
      leaving.append(
        (0..<5).map { _ in items.remove(at: Int.random(in: 0..<items.count, using: &rng)) })
      sections[r].items = items
    }
    for (k, r) in changedRows.enumerated() {
      var items = sections[r].items
      for card in leaving[(k + leaving.count - 1) % leaving.count] {
        items.insert(card, at: Int.random(in: 0...items.count, using: &rng))
      }
      for _ in 0..<20 {
        let i = Int.random(in: 0..<items.count, using: &rng)
        items[i].rating = (items[i].rating + 1 + Int.random(in: 0...7, using: &rng)) % 10
      }
      sections[r].items = items
    }
    return sections
  }
}

import Foundation
import ShelfDiff

/// `IndexDelta` and `SectionDelta` against the standard library's
/// `difference(from:).inferringMoves()`, on the same inputs in one run.
enum DiffBenchmarks {
  /// A book as a store would re-fetch it: `==` compares every field.
  struct Book: Identifiable, Hashable {
    var id: Int
    var title: String
    var author: String
    var publisher: String
    var published: Date

    /// Book `id` at `edition`; each call builds its strings anew, as decoding would.
    init(id: Int, edition: Int = 0) {
      self.id = id
      title = "The Collected Stories, volume \(id)" + (edition == 0 ? "" : " (revised \(edition))")
      author = "Author Number \(id % 997)"
      publisher = "Publishing House \(id % 89)"
      published = Date(timeIntervalSince1970: Double(id % 20_000) * 86_400)
    }
  }

  /// A section of books whose header is its title.
  struct BookShelf: DiffableSection {
    var id: Int
    var title: String
    var items: [Book]

    func hasSameHeader(as other: BookShelf) -> Bool { title == other.title }
  }

  /// An old and a new list of `(id, edition)`: the same data before and after a change.
  struct Change {
    var old: [(id: Int, edition: Int)]
    var new: [(id: Int, edition: Int)]

    /// `count` items of which about `fraction` changed, in four equal parts:
    /// deleted, inserted, moved and edited, at random places.
    static func churn(count: Int, fraction: Double, using rng: inout some RandomNumberGenerator)
      -> Change
    {
      let old = (0..<count).map { (id: $0, edition: 0) }
      var new = old
      let each = Int(Double(count) * fraction / 4)
      for _ in 0..<each { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
      for k in 0..<each {
        new.insert((count + k, 0), at: Int.random(in: 0...new.count, using: &rng))
      }
      for _ in 0..<each {
        let item = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
        new.insert(item, at: Int.random(in: 0...new.count, using: &rng))
      }
      for _ in 0..<each { new[Int.random(in: 0..<new.count, using: &rng)].edition += 1 }
      return Change(old: old, new: new)
    }

    /// `count` items in a random order.
    static func shuffle(count: Int, using rng: inout some RandomNumberGenerator) -> Change {
      let old = (0..<count).map { (id: $0, edition: 0) }
      return Change(old: old, new: old.shuffled(using: &rng))
    }

    var oldInts: [Int] { old.map(\.id) }
    var newInts: [Int] { new.map { $0.id + $0.edition * 10_000_000 } }
    var oldBooks: [Book] { old.map { Book(id: $0.id, edition: $0.edition) } }
    var newBooks: [Book] { new.map { Book(id: $0.id, edition: $0.edition) } }
  }

  /// The moves the standard library infers: insertions associated with a removal.
  static func inferredMoves<T>(_ difference: CollectionDifference<T>) -> Int {
    difference.insertions.count {
      if case .insert(_, _, let associatedWith) = $0 { return associatedWith != nil }
      return false
    }
  }

  @MainActor
  static func run(_ harness: inout Harness) {
    harness.resultLabel = "moves"
    var rng = SplitMix64(seed: 2026)
    for count in [1_000, 10_000, 100_000] {
      let label = count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1_000)k"
      let churn = Change.churn(count: count, fraction: 0.1, using: &rng)
      let shuffle = Change.shuffle(count: count, using: &rng)
      for (kind, change) in [("10% churn", churn), ("shuffled", shuffle)] {
        harness.section("\(label) items, \(kind)")
        let withStdlib = count <= 10_000
        // Int: the id is the value; an edit is a different value.
        let (oldInts, newInts) = (change.oldInts, change.newInts)
        let intName = "IndexDelta [Int] \(label), \(kind)"
        let intStdlib = "stdlib     [Int] \(label), \(kind)"
        harness.measure(intName) { IndexDelta(from: oldInts, to: newInts, id: \.self).moves.count }
        if withStdlib {
          harness.measure(intStdlib) {
            inferredMoves(newInts.difference(from: oldInts).inferringMoves())
          }
        }
        let (oldBooks, newBooks) = (change.oldBooks, change.newBooks)
        let bookName = "IndexDelta [Book] \(label), \(kind)"
        let bookStdlib = "stdlib     [Book] \(label), \(kind)"
        harness.measure(bookName) { IndexDelta(from: oldBooks, to: newBooks).moves.count }
        if withStdlib {
          harness.measure(bookStdlib) {
            inferredMoves(newBooks.difference(from: oldBooks).inferringMoves())
          }
        }
        harness.printRatio(intName, over: intStdlib, label: "[Int] IndexDelta vs stdlib")
        harness.printRatio(bookName, over: bookStdlib, label: "[Book] IndexDelta vs stdlib")
        checkEngineTargets(count: count, kind: kind, bookName, bookStdlib, &harness)
      }
    }

    harness.section("sections: 1,000 x 100 items, 10% churn")
    let (oldShelves, newShelves) = shelves(sections: 1_000, items: 100, fraction: 0.1, using: &rng)
    harness.measure("SectionDelta 1,000 x 100 Books, 10% churn") {
      let delta = SectionDelta(from: oldShelves, to: newShelves)
      return delta.sections.moves.count + delta.items.moves.count
    }
  }

  /// The engine's own targets: 100,000 Books with 10% churn in at most 50 ms,
  /// and at least 50 times the standard library's speed at 10,000 Books.
  @MainActor
  private static func checkEngineTargets(
    count: Int, kind: String, _ bookName: String, _ bookStdlib: String, _ harness: inout Harness
  ) {
    // CPU medians: on a shared machine they leave out the time other
    // processes had the core (the wall-time figures are in the rows above).
    if count == 100_000, kind == "10% churn", let m = harness.measurements[bookName] {
      harness.check(
        "IndexDelta 100k Books, 10% churn, CPU median", m.cpuMedian ?? m.median, below: 0.050,
        orEqual: true
      ) { Harness.format(seconds: $0) }
    }
    if count == 10_000, let fast = harness.measurements[bookName],
      let slow = harness.measurements[bookStdlib]
    {
      let ratio = (slow.cpuMedian ?? slow.median) / (fast.cpuMedian ?? fast.median)
      harness.check("IndexDelta vs stdlib, 10k Books, \(kind), CPU", ratio, atLeast: 50) {
        Harness.format(ratio: $0)
      }
    }
  }

  /// `sections` sections of `items` books, and the same after about `fraction`
  /// of the sections and of the books were deleted, inserted, moved (books also
  /// to other sections) and edited.
  static func shelves(
    sections: Int, items: Int, fraction: Double, using rng: inout some RandomNumberGenerator
  ) -> (old: [BookShelf], new: [BookShelf]) {
    let sectionChange = Change.churn(count: sections, fraction: fraction, using: &rng)
    var contents = (0..<sections).map { s in (0..<items).map { (id: s * items + $0, edition: 0) } }
    let old = (0..<sections).map { s in
      BookShelf(
        id: s, title: "Shelf \(s)", items: contents[s].map { Book(id: $0.id, edition: 0) })
    }
    // Item churn over all sections: deletions, insertions, moves anywhere, edits.
    let each = Int(Double(sections * items) * fraction / 4)
    func randomSection() -> Int { Int.random(in: 0..<contents.count, using: &rng) }
    for _ in 0..<each {
      let s = randomSection()
      if !contents[s].isEmpty {
        contents[s].remove(at: Int.random(in: 0..<contents[s].count, using: &rng))
      }
    }
    for k in 0..<each {
      let s = randomSection()
      contents[s].insert(
        (sections * items + k, 0), at: Int.random(in: 0...contents[s].count, using: &rng))
    }
    for _ in 0..<each {
      let s = randomSection()
      guard !contents[s].isEmpty else { continue }
      let item = contents[s].remove(at: Int.random(in: 0..<contents[s].count, using: &rng))
      let t = randomSection()
      contents[t].insert(item, at: Int.random(in: 0...contents[t].count, using: &rng))
    }
    for _ in 0..<each {
      let s = randomSection()
      if !contents[s].isEmpty {
        contents[s][Int.random(in: 0..<contents[s].count, using: &rng)].edition += 1
      }
    }
    let new = sectionChange.new.map { section in
      BookShelf(
        id: section.id, title: "Shelf \(section.id)" + (section.edition == 0 ? "" : " (new)"),
        items: section.id < sections
          ? contents[section.id].map { Book(id: $0.id, edition: $0.edition) }
          : (0..<items / 2).map { Book(id: 10_000_000 + section.id * items + $0) })
    }
    return (old, new)
  }
}

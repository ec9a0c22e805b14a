import PropertyBased
import ShelfChain
import ShelfDiff
import Synchronization
import TestSupport
import Testing

/// A filter's predicate: none, narrowing, or tested a section at a time.
struct FilterPredicateTests {
  @Test func aFilterWithoutAPredicateKeepsEveryItemAndTranslatesChanges() {
    let store = SectionStore([shelf("a", [1, 2]), shelf("b", [])])
    let filter = ItemFilter(store)
    let recorder = ChangeRecorder(filter)
    #expect(filter.sections == store.sections)
    store.update([shelf("b", [3]), shelf("a", [2])])
    #expect(filter.sections == store.sections)
    #expect(filter.fallbackCount == 0)
    #expect(recorder.last?.delta?.items.insertions == [ItemPath(section: 0, item: 0)])
    filter.predicate = { $0.value > 2 }
    #expect(filter.sections == [shelf("b", [3]), shelf("a", [])])
  }

  @Test func aNarrowingPredicateTestsOnlyTheShownItems() {
    let store = SectionStore([shelf("a", [1, 2, 3, 4]), shelf("b", [5, 6])])
    let filter = ItemFilter(store) { $0.value % 2 == 0 }
    let tested = TestedValues()
    filter.setPredicate(
      { card in
        tested.append(card.value)
        return card.value > 2
      }, isNarrowing: true)
    #expect(tested.values.sorted() == [2, 4, 6])
    #expect(filter.sections == [shelf("a", [4]), shelf("b", [6])])
  }
}

/// The values a predicate saw, from any thread.
private final class TestedValues: Sendable {
  private let lock = Mutex<[Int]>([])
  var values: [Int] { lock.withLock { $0 } }
  func append(_ value: Int) { lock.withLock { $0.append(value) } }
}

private func shelf(_ id: String, _ values: [Int]) -> Row {
  Row(id: id, title: "", items: values.map { Card(id: "\(id)\($0)", value: $0) })
}

extension Row {
  /// This row with only the cards for which `isKept` is true.
  fileprivate func with(_ isKept: (Card) -> Bool) -> Row {
    Row(id: id, title: title, items: items.filter(isKept))
  }
}

extension FilterPredicateTests {
  @Test func aSectionTestStandsInForThePredicateOnEachSection() {
    let store = SectionStore([shelf("a", [1, 2, 3, 4]), shelf("b", [5, 6])])
    let byItem = ItemFilter(store)
    let bySection = ItemFilter(store)
    let recorders = [byItem, bySection].map(ChangeRecorder.init)
    let tested = TestedValues()
    byItem.setPredicate({ $0.value % 2 == 0 })
    bySection.setPredicate(
      { _ in
        Issue.record("the predicate was called")
        return false
      },
      sectionTest: { section, flags in
        for i in flags.indices where flags[i] {
          tested.append(section.items[i].value)
          flags[i] = section.items[i].value % 2 == 0
        }
      })
    #expect(tested.values == [1, 2, 3, 4, 5, 6])
    #expect(bySection.sections == byItem.sections)
    #expect(recorders[0].last == recorders[1].last)
  }
}

/// A new predicate tested on several threads at once (a filter over many
/// items, or one told to test every size concurrently).
@Suite struct FilterPredicateConcurrencyTests {
  /// A filter's new predicate, set plainly, concurrently or narrowing, over
  /// random sections: each delta replays the old output into the new exactly,
  /// holds exactly the items hidden and shown (no moves, no reloads), and is the
  /// same whichever way it was computed; an `EmptySectionFilter` below turns it
  /// into section deletions and insertions that replay too.
  @Test func aNewPredicatesDeltaIsExactlyTheItemsHiddenAndShown() async {
    await propertyCheck(
      count: 60, input: Gen.draws(256), perform: Self.newPredicatesDeltaIsTheItemsHiddenAndShown)
  }

  private static func newPredicatesDeltaIsTheItemsHiddenAndShown(_ draws: Draws) {
    var rng = draws
    let sections = (0..<Int.random(in: 0...12, using: &rng)).map { s in
      Row(
        id: "s\(s)", title: "S\(s)",
        items: (0..<Int.random(in: 0...9, using: &rng)).map { i in
          Card(id: "s\(s)c\(i)", value: Int.random(in: 0...9, using: &rng))
        })
    }
    let store = SectionStore(sections)
    // The same filter three times: plain, concurrent on every size, concurrent never.
    let plain = ItemFilter(store) { _ in true }
    let concurrent = ItemFilter(store)  // keeps all, testing none
    concurrent.concurrencyThreshold = 0
    let serial = ItemFilter(store) { _ in true }
    serial.concurrencyThreshold = .max
    let nonEmpty = EmptySectionFilter(concurrent)
    let recorders = [plain, concurrent, serial].map(ChangeRecorder.init)
    let nonEmptyRecorder = ChangeRecorder(nonEmpty)
    var kept: Set<Int> = Set(0...9)
    for step in 0..<8 {
      let before = concurrent.sections
      let nonEmptyBefore = nonEmpty.sections
      let isNarrowing = step % 2 == 1
      if isNarrowing {
        if let value = kept.randomElement(using: &rng) { kept.remove(value) }
      } else {
        kept = Set((0...9).filter { _ in Bool.random(using: &rng) })
      }
      let values = kept
      plain.predicate = { values.contains($0.value) }
      concurrent.setPredicate({ values.contains($0.value) }, isNarrowing: isNarrowing)
      serial.setPredicate({ values.contains($0.value) }, isNarrowing: isNarrowing)

      let expected = sections.map { $0.with { values.contains($0.value) } }
      for filter in [plain, concurrent, serial] { #expect(filter.sections == expected) }
      let deltas = recorders.map { $0.last?.delta }
      #expect(deltas[0] == deltas[1] && deltas[1] == deltas[2], "step \(step)")
      guard let delta = deltas[1] else {
        Issue.record("no delta")
        return
      }
      guard
        delta.isValid(
          oldItemCounts: before.map(\.items.count), newItemCounts: expected.map(\.items.count))
      else {
        Issue.record("step \(step): \(delta) does not fit")
        return
      }
      #expect(delta.applied(to: before, with: expected).items == expected.map(\.items))
      #expect(delta.sections.isEmpty && delta.items.moves.isEmpty && delta.items.reloads.isEmpty)
      let hidden = zip(before, expected).map { old, new in
        old.items.filter { card in !new.items.contains(card) }.count
      }
      let shown = zip(before, expected).map { old, new in
        new.items.filter { card in !old.items.contains(card) }.count
      }
      #expect(delta.items.deletions.count == hidden.reduce(0, +))
      #expect(delta.items.insertions.count == shown.reduce(0, +))

      let nonEmptyAfter = nonEmpty.sections
      #expect(nonEmptyAfter == expected.filter { !$0.items.isEmpty })
      if let down = nonEmptyRecorder.last?.delta, !(before == expected) {
        let replayed = down.applied(to: nonEmptyBefore, with: nonEmptyAfter)
        #expect(replayed.items == nonEmptyAfter.map(\.items))
        #expect(replayed.sections.map(\.id) == nonEmptyAfter.map(\.id))
      }
    }
  }

  @Test func aPredicateOnManyItemsGivesTheSameDeltaOnOneThreadOrMany() {
    let sections = (0..<64).map { s in
      Row(
        id: "s\(s)", title: "",
        items: (0..<600).map { Card(id: "s\(s)c\($0)", value: ($0 * 7 + s) % 10) })
    }
    let store = SectionStore(sections)
    let serial = ItemFilter(store) { _ in true }
    serial.concurrencyThreshold = .max
    let concurrent = ItemFilter(store) { _ in true }  // 38,400 items: over the default threshold
    let recorders = [serial, concurrent].map(ChangeRecorder.init)
    for filter in [serial, concurrent] { filter.setPredicate { $0.value < 3 } }
    #expect(recorders[0].last == recorders[1].last)
    #expect(serial.sections == concurrent.sections)
    let shownCount = concurrent.sections.map(\.items.count).reduce(0, +)
    #expect(shownCount == 11_520)  // 3 values of 10
  }
}

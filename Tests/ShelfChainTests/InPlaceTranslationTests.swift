import PropertyBased
import ShelfChain
import ShelfDiff
import TestSupport
import Testing

/// Changes that keep every section in place, the usual kind: links update
/// their outputs in place (a filter works its delta out in the same pass,
/// outputs reuse the array of the version before last).
@Suite struct InPlaceTranslationTests {
  /// Each link's delta replays its previous output into its new one, moves
  /// no more than a re-diff, and no link falls back; every output a link
  /// handed on earlier is still what it was.
  @Test func itemOnlyChangesTranslateAndLeaveEarlierOutputsAsTheyWere() async {
    await propertyCheck(count: 40, input: Gen.draws(1_024)) { draws in
      var rng = draws
      var nextID = 0
      func card() -> Card {
        nextID += 1
        return Card(id: "c\(nextID)", value: Int.random(in: 0...9, using: &rng))
      }
      var sections = (0..<6).map { s in
        Row(
          id: "s\(s)", title: "T",
          items: (0..<Int.random(in: 0...8, using: &rng)).map { _ in card() })
      }
      let store = SectionStore(sections)
      let filter = ItemFilter(store) { $0.value % 3 != 0 }
      let nonEmpty = EmptySectionFilter(filter)
      let map = ItemMap(nonEmpty) { card in Card(id: card.id, value: card.value + 100) }
      var failures: [String] = []
      let links: [(String, any SectionSource<Row>)] = [
        ("filter", filter), ("nonEmpty", nonEmpty), ("map", map),
      ]
      for (name, link) in links {
        var last = link.sections
        link.observe { change in
          let new = link.sections
          defer { last = new }
          guard let delta = change.delta else { return failures.append("\(name) reloaded") }
          let replayed = delta.applied(to: last, with: new)
          if replayed.items != new.map(\.items)
            || replayed.sections.map(\.title) != new.map(\.title)
          {
            failures.append("\(name): \(delta) replays \(last) wrongly into \(new)")
          }
          if delta.items.moves.count > SectionDelta(from: last, to: new).items.moves.count {
            failures.append("\(name): \(delta) moves more than a re-diff")
          }
        }
      }
      var handedOn: [(sections: [Row], copy: [[String]])] = []
      func copy(_ rows: [Row]) -> [[String]] {
        rows.map { [$0.id + $0.title] + $0.items.map { "\($0.id)=\($0.value)" } }
      }
      for _ in 0..<40 {
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
          let s = Int.random(in: 0..<sections.count, using: &rng)
          let count = sections[s].items.count
          switch Int.random(in: 0..<6, using: &rng) {
          case 0:
            sections[s].items.insert(card(), at: Int.random(in: 0...count, using: &rng))
          case 1 where count > 0:
            sections[s].items.remove(at: Int.random(in: 0..<count, using: &rng))
          case 2 where count > 0:  // a move, within the section or to another
            let moved = sections[s].items.remove(at: Int.random(in: 0..<count, using: &rng))
            let t = Int.random(in: 0..<sections.count, using: &rng)
            sections[t].items.insert(
              moved, at: Int.random(in: 0...sections[t].items.count, using: &rng))
          case 3 where count > 0:  // a new value: shown or hidden now, maybe
            sections[s].items[Int.random(in: 0..<count, using: &rng)].value = Int.random(
              in: 0...9, using: &rng)
          case 4:
            sections[s].title += "!"
          default:
            sections[s].items.shuffle(using: &rng)
          }
        }
        store.update(sections)
        handedOn.append((map.sections, copy(map.sections)))
      }
      #expect(failures.isEmpty, "\(failures.prefix(2))")
      #expect(filter.fallbackCount + nonEmpty.fallbackCount + map.fallbackCount == 0)
      #expect(filter.sections == filter.expectedSections)
      #expect(map.sections == map.expectedSections)
      #expect(handedOn.allSatisfy { copy($0.sections) == $0.copy })
    }
  }
}

/// A filter has two ways from an upstream placement to its own delta: in one
/// pass (`FilteredDelta`) for a placement that keeps the sections in place,
/// and through its output placement (`Placement.delta`) for any. For random
/// changes of random sections, two filters on one store, one taking each
/// way, tell the same delta every time.
@Test func bothWaysToAFiltersDeltaGiveTheSameDelta() async {
  // A random case may show nothing that changes (everything filtered out):
  // most must show something, or the comparison says nothing.
  var casesThatChangedTheOutput = 0
  await propertyCheck(
    count: 24, input: Gen.int(in: 2...4), chainCases(depths: 1...1, draws: 2_048)
  ) { modulus, chain in
    if bothWaysGiveTheSameDelta(modulus: modulus, chain: chain) { casesThatChangedTheOutput += 1 }
  }
  #expect(casesThatChangedTheOutput >= 12)
}

/// Whether the filters told a change that was not empty.
private func bothWaysGiveTheSameDelta(modulus: Int, chain: ChainCase) -> Bool {
  let harness = ChainHarness(draws: chain.draws, topKind: .map, depth: chain.depth)
  let store = harness.stores[0]
  let onePass = ItemFilter(store) { $0.value % modulus != 0 }
  let general = ItemFilter(store) { $0.value % modulus != 0 }
  general.translatesInOnePass = false
  var onePassChanges: [SourceChange] = []
  var generalChanges: [SourceChange] = []
  onePass.observe { onePassChanges.append($0) }
  general.observe { generalChanges.append($0) }
  for step in 0..<40 {
    var sections = store.sections
    if step % 3 == 0 {
      sections = harness.mutated(sections, prefix: "r0-")
    } else {
      // Items only: the sections stay in place, the one-pass case.
      for _ in 0..<3 {
        let full = sections.indices.filter { !sections[$0].items.isEmpty }
        guard let s = full.randomElement(using: &harness.rng) else { break }
        let i = Int.random(in: 0..<sections[s].items.count, using: &harness.rng)
        if Bool.random(using: &harness.rng) {
          sections[s].items[i].value = Int.random(in: 0...9, using: &harness.rng)
        } else {
          let card = sections[s].items.remove(at: i)
          let t = sections.indices.randomElement(using: &harness.rng)!
          sections[t].items.insert(
            card, at: Int.random(in: 0...sections[t].items.count, using: &harness.rng))
        }
      }
    }
    store.update(sections)
  }
  // The same changes, and as many moves; where several items could move
  // (an item moved among others), each way may choose other ones.
  #expect(onePassChanges.count == generalChanges.count)
  for (one, general) in zip(onePassChanges, generalChanges) {
    guard let one = one.delta, let general = general.delta else {
      Issue.record("a reload: \(one), \(general)")
      continue
    }
    #expect(one.sections == general.sections)
    #expect(one.items.deletions == general.items.deletions)
    #expect(one.items.insertions == general.items.insertions)
    #expect(one.items.moves.count == general.items.moves.count)
    #expect(Set(one.items.reloads.map(\.to)) == Set(general.items.reloads.map(\.to)))
    if one.items.moves == general.items.moves { #expect(one == general) }
  }
  #expect(onePass.sections == general.sections)
  #expect(onePass.sections == onePass.expectedSections)
  return onePassChanges.contains { !($0.delta?.isEmpty ?? true) }
}

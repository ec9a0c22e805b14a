import PropertyBased
import ShelfDiff
import TestSupport
import Testing

@testable import ShelfChain

/// Every link reads its upstream's delta through `Placement(_:oldCounts:newCounts:)`.
/// It must accept exactly the deltas ShelfDiff's own check accepts (`isValid`,
/// which also refuses an item reloaded twice), and then place every
/// item where its id was before, without looking at a single id.
@Suite struct PlacementReadingTests {
  /// Versions of sections and the delta between them, spoiled three times in four.
  struct DeltaCase: CustomStringConvertible {
    var old: [Row]
    var new: [Row]
    var delta: SectionDelta
    var isSpoiled: Bool

    var description: String {
      "\(isSpoiled ? "spoiled " : "")\(delta) from \(old) to \(new)"
    }
  }

  static let deltaCases = Gen.draws(192).map { draws in
    var rng = draws
    let isSpoiled = Int.random(in: 0..<4, using: &rng) > 0
    let old = sections(using: &rng)
    let new = changed(old, using: &rng)
    var delta = SectionDelta(from: old, to: new)
    if isSpoiled { spoil(&delta, using: &rng) }
    return DeltaCase(old: old, new: new, delta: delta, isSpoiled: isSpoiled)
  }

  @Test func acceptsWhatReplaysAndPlacesEveryItemWhereItWas() async {
    var accepted = 0
    var refused = 0
    await propertyCheck(count: 2_400, input: Self.deltaCases) { deltaCase in
      let (old, new, delta) = (deltaCase.old, deltaCase.new, deltaCase.delta)
      let oldCounts = old.map(\.items.count)
      let newCounts = new.map(\.items.count)
      let reloadsOnce = Set(delta.items.reloads.map(\.to)).count == delta.items.reloads.count
      let placement = Placement(delta, oldCounts: oldCounts, newCounts: newCounts)
      let isValid = delta.isValid(oldItemCounts: oldCounts, newItemCounts: newCounts)
      #expect((placement != nil) == (isValid && reloadsOnce))
      guard let placement, isValid else {
        refused += 1
        return
      }
      accepted += 1
      // A delta worked out from the ids places each item where its id was.
      guard !deltaCase.isSpoiled else { return }
      var wasAt: [String: ItemPath] = [:]
      for (s, section) in old.enumerated() {
        for (i, card) in section.items.enumerated() {
          wasAt[card.id] = ItemPath(section: s, item: i)
        }
      }
      for (t, section) in new.enumerated() {
        let sources = placement.sources(ofSection: t, count: section.items.count)
        #expect(Array(sources) == section.items.map { wasAt[$0.id] }, "section \(t)")
        let reloaded = placement.reloadFlags()[t] ?? []
        for (j, card) in section.items.enumerated() {
          let isEdited = wasAt[card.id].map { old[$0.section].items[$0.item] != card } ?? false
          #expect((reloaded.isEmpty ? false : reloaded[j]) == isEdited, "\(t).\(j)")
        }
      }
      #expect(Set(placement.reloads) == Set(delta.items.reloads.map(\.to)))
    }
    #expect(accepted > 400 && refused > 400)
  }

  private static func sections(using rng: inout Draws) -> [Row] {
    var next = 0
    return (0..<Int.random(in: 0...4, using: &rng)).map { s in
      Row(
        id: "s\(s)", title: "",
        items: (0..<Int.random(in: 0...5, using: &rng)).map { _ in
          next += 1
          return Card(id: "c\(next)", value: Int.random(in: 0...2, using: &rng))
        })
    }
  }

  /// `old` with sections and items deleted, inserted, moved and edited.
  private static func changed(_ old: [Row], using rng: inout Draws) -> [Row] {
    var pool = old.flatMap(\.items).shuffled(using: &rng)
    pool.removeLast(Int.random(in: 0...pool.count / 3, using: &rng))
    var new = old.filter { _ in Int.random(in: 0..<5, using: &rng) > 0 }.shuffled(using: &rng)
    if Bool.random(using: &rng) { new.append(Row(id: "s9", title: "", items: [])) }
    for t in new.indices { new[t].items = [] }
    var next = 1_000
    for var card in pool where !new.isEmpty {
      if Int.random(in: 0..<4, using: &rng) == 0 { card.value += 1 }
      new[Int.random(in: 0..<new.count, using: &rng)].items.append(card)
    }
    for t in new.indices where Bool.random(using: &rng) {
      next += 1
      new[t].items.insert(
        Card(id: "c\(next)", value: 0),
        at: Int.random(in: 0...new[t].items.count, using: &rng))
    }
    return new
  }

  /// One random flaw: a change repeated, a path moved by one, a reload's
  /// origin changed, or a change dropped.
  private static func spoil(_ delta: inout SectionDelta, using rng: inout Draws) {
    func nudge(_ path: ItemPath) -> ItemPath {
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: ItemPath(section: path.section, item: path.item + 1)
      case 1: ItemPath(section: path.section, item: path.item - 1)
      case 2: ItemPath(section: path.section + 1, item: path.item)
      default: ItemPath(section: path.section - 1, item: path.item)
      }
    }
    var items = delta.items
    switch Int.random(in: 0..<8, using: &rng) {
    case 0 where !items.deletions.isEmpty:
      items.deletions.append(items.deletions.randomElement(using: &rng)!)
    case 1 where !items.deletions.isEmpty:
      let k = Int.random(in: 0..<items.deletions.count, using: &rng)
      items.deletions[k] = nudge(items.deletions[k])
    case 2 where !items.insertions.isEmpty:
      let k = Int.random(in: 0..<items.insertions.count, using: &rng)
      items.insertions[k] = nudge(items.insertions[k])
    case 3 where !items.moves.isEmpty:
      let k = Int.random(in: 0..<items.moves.count, using: &rng)
      if Bool.random(using: &rng) {
        items.moves[k].from = nudge(items.moves[k].from)
      } else {
        items.moves[k].to = nudge(items.moves[k].to)
      }
    case 4 where !items.reloads.isEmpty:
      let k = Int.random(in: 0..<items.reloads.count, using: &rng)
      items.reloads[k].from = nudge(items.reloads[k].from)
    case 5 where !items.reloads.isEmpty:
      items.reloads.append(items.reloads.randomElement(using: &rng)!)
    case 6 where !items.moves.isEmpty:
      items.moves.remove(at: Int.random(in: 0..<items.moves.count, using: &rng))
    default:
      items.insertions.append(
        ItemPath(
          section: Int.random(in: -1...4, using: &rng), item: Int.random(in: -1...6, using: &rng)))
    }
    delta.items = items
  }
}

/// A link that works out the placement of the delta it tells hands it on
/// with the change, to a link of this module, with no side channel: it is
/// the told delta's own placement, and the next link hands it on in turn.
@Test func aLinkHandsItsPlacementOnWithTheChange() {
  let store = SectionStore([
    Row(id: "a", title: "", items: [Card(id: "x", value: 1), Card(id: "y", value: 2)]),
    Row(id: "b", title: "", items: [Card(id: "z", value: 3)]),
  ])
  let filter = ItemFilter(store) { $0.value != 2 }
  let map = ItemMap(filter) { $0 }
  var told: [(name: String, change: SourceChange, placement: Placement?, counts: [Int])] = []
  for (name, link) in [("store", store), ("filter", filter), ("map", map)]
    as [(String, any SectionSource<Row>)]
  {
    guard let telling = link as? any PlacementTelling else {
      Issue.record("\(name) tells no placement")
      continue
    }
    telling.observers.add(withPlacement: { change, placement in
      told.append((name, change, placement, link.sections.map(\.items.count)))
    })
  }
  let before = filter.sections.map(\.items.count)
  var next = store.sections
  next[0].items.append(Card(id: "w", value: 5))
  next[1].items[0].value = 4
  store.update(next)
  // Told depth first: the map hears before the filter's later observers.
  #expect(told.map(\.name) == ["map", "filter", "store"])
  #expect(told[2].placement == nil)
  for entry in told.prefix(2) {
    guard let placement = entry.placement, let delta = entry.change.delta else {
      Issue.record("\(entry.name) told no placement")
      continue
    }
    #expect(placement.keepsSections)
    #expect(placement.newCounts(from: before) == entry.counts)
    #expect(
      Placement(delta, oldCounts: before, newCounts: entry.counts)?.touchedSections
        == placement.touchedSections)
  }
}

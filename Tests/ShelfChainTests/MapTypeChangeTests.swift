import PropertyBased
import ShelfChain
import ShelfDiff
import TestSupport
import Testing

/// A view model of a `Card`: another item type than the model's.
struct CardModel: Identifiable, Equatable, Sendable {
  var id: String
  var label: String
  var isHigh: Bool
}

/// A section of view models with a header of its own.
struct ShelfModel: ChainableSection {
  var id: String
  var heading: String
  var items: [CardModel]

  func hasSameHeader(as other: ShelfModel) -> Bool { id == other.id && heading == other.heading }
}

/// Checks every change a source tells: its delta replays the old sections
/// into the new ones exactly, moves no more than a diff, and the new
/// sections are what `expected` computes from scratch.
final class OracleCheck<Section: ChainableSection> {
  private(set) var failures: [String] = []
  private(set) var nonEmptyDeltas = 0

  init(
    _ name: String, _ source: some SectionSource<Section>,
    items: WritableKeyPath<Section, [Section.Item]>, expected: @escaping () -> [Section]
  ) {
    var last = source.sections
    source.observe { [unowned self, unowned source] change in
      let new = source.sections
      defer { last = new }
      if new != expected() { failures.append("\(name): stale sections after \(change)") }
      guard case .delta(let delta, _) = change else { return }
      guard
        delta.isValid(oldItemCounts: last.map(\.items.count), newItemCounts: new.map(\.items.count))
      else { return failures.append("\(name): \(delta) does not fit") }
      if delta.applied(to: last, with: new, items: items) != new {
        failures.append("\(name): \(delta) replays wrongly")
      }
      if delta.items.moves.count > SectionDelta(from: last, to: new).items.moves.count {
        failures.append("\(name): \(delta) moves more than a diff")
      }
      if !delta.isEmpty { nonEmptyDeltas += 1 }
    }
  }
}

@Suite struct MapTypeChangeTests {
  private static func model(_ card: Card) -> CardModel {
    CardModel(id: card.id, label: "#\(card.value)", isHigh: card.value > 6)
  }

  @Test func aMapTurnsModelsIntoViewModelsOfAnotherType() {
    let store = SectionStore([
      Row(id: "a", title: "A", items: [Card(id: "x", value: 7), Card(id: "y", value: 2)])
    ])
    let models = ItemMap(store) { card in
      CardModel(id: card.id, label: "#\(card.value)", isHigh: false)
    }
    #expect(models.sections.map(\.id) == ["a"])
    #expect(models.sections[0].header.title == "A")
    #expect(models.sections[0].header.items.isEmpty)
    #expect(models.sections[0].items.map(\.label) == ["#7", "#2"])
    let recorder = ChangeRecorder(models)
    store.update([
      Row(id: "a", title: "A", items: [Card(id: "y", value: 3), Card(id: "x", value: 7)])
    ])
    #expect(models.sections[0].items.map(\.label) == ["#3", "#7"])
    #expect(recorder.last?.delta?.items.moves.count == 1)
    #expect(recorder.last?.delta?.items.reloads.count == 1)
  }

  /// Random versions through a chain that changes the item type, then the
  /// section type: every link's output and delta against a from-scratch
  /// computation.
  @Test func aChainOfTypeChangingMapsMatchesAFromScratchComputation() async {
    await propertyCheck(
      count: 40, input: chainCases(depths: 1...1, draws: 2_048),
      perform: Self.typeChangingMapsMatchAFromScratchComputation)
  }

  private static func typeChangingMapsMatchAFromScratchComputation(_ chain: ChainCase) {
    let harness = ChainHarness(draws: chain.draws, topKind: .filter, depth: chain.depth)
    let store = SectionStore(harness.mutated([], prefix: "m"))
    let shown = ItemFilter(store) { $0.value > 2 }
    let models = ItemMap(shown) { card in Self.model(card) }
    let high = ItemFilter(models) { $0.isHigh || $0.label.hasSuffix("4") }
    let shelves = ItemMap(
      high, section: { ShelfModel(id: $0.id, heading: $0.header.title.uppercased(), items: $1) },
      transform: { $0 })
    let checks = (
      OracleCheck("models", models, items: \.items) { models.expectedSections },
      OracleCheck("high", high, items: \.items) {
        models.sections.map {
          MappedSection(
            header: $0.header, items: $0.items.filter { $0.isHigh || $0.label.hasSuffix("4") })
        }
      },
      OracleCheck("shelves", shelves, items: \.items) {
        store.sections.map { row in
          ShelfModel(
            id: row.id, heading: row.title.uppercased(),
            items: row.items.filter { $0.value > 2 }.map(Self.model).filter {
              $0.isHigh || $0.label.hasSuffix("4")
            })
        }
      }
    )
    for _ in 0..<60 { store.update(harness.mutated(store.sections, prefix: "m")) }
    let failures = checks.0.failures + checks.1.failures + checks.2.failures
    #expect(failures.isEmpty, "\(failures.prefix(3))")
    #expect(checks.0.nonEmptyDeltas > 0)
    #expect(models.fallbackCount == 0 && shelves.fallbackCount == 0)
  }
}

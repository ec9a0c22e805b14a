import PropertyBased
import ShelfChain
import ShelfDiff
import TestSupport
import Testing

/// A card: an id and a value that filters and maps look at.
struct Card: Identifiable, Equatable, Sendable {
  var id: String
  var value: Int
}

/// A row of cards whose header is its title.
struct Row: ChainableSection {
  var id: String
  var title: String
  var items: [Card]

  func hasSameHeader(as other: Row) -> Bool { id == other.id && title == other.title }
}

/// A random chain's depth and the draws that build and change it: the input
/// of the chain's property checks, which shrink it to a shallower chain
/// changed fewer times, in fewer and smaller ways.
struct ChainCase: Sendable, CustomStringConvertible {
  var depth: Int
  var draws: Draws

  var description: String { "depth \(depth), \(draws)" }
}

/// Chains of a depth in `depths`, built and changed by up to `draws` draws.
func chainCases(depths: ClosedRange<Int>, draws: Int = 1_024) -> Generator<
  ChainCase, Shrink.Tuple<(Int, [UInt64])>
> {
  zip(Gen.int(in: depths), Gen.draws(draws)).map { ChainCase(depth: $0, draws: $1) }
}

/// The transforms a random chain is built from.
enum TransformKind: String, CaseIterable, Sendable {
  case concat, insertSection, insertItem, switcher, flatten, placeholderItem, placeholderSection
  case filter, emptySectionFilter, map
}

/// One link of a random chain, with what a test needs to check it.
struct ChainNode {
  var kind: TransformKind?
  var source: any SectionSource<Row>
  var expected: () -> [Row]
  var fallbacks: () -> Int
}

/// A random chain over random stores, changed at random, with every link's
/// deltas checked as they are emitted.
final class ChainHarness {
  var rng: Draws
  private(set) var stores: [SectionStore<Row>] = []
  private(set) var nodes: [ChainNode] = []
  /// Random changes that are not store updates: a new predicate, a switch, a toggle.
  private var controls: [(inout Draws) -> Void] = []
  private var nextID = 0
  /// Problems found by the observers, as text.
  private(set) var failures: [String] = []
  /// For each kind, how many non-empty deltas its links emitted.
  private(set) var nonEmptyDeltas: [TransformKind: Int] = [:]
  private(set) var rediffedDeltas = 0
  /// Deltas given to a store that do not replay its old sections into its new ones.
  private(set) var wrongDeltas = 0
  /// Deltas the stores reported rejecting, through `onRejectedDelta`.
  private(set) var reportedDeltas = 0
  var top: ChainNode { nodes[nodes.count - 1] }

  /// A chain of `depth` links below a `topKind` link, built and then changed
  /// by the choices `draws` makes.
  init(draws: Draws, topKind: TransformKind, depth: Int) {
    rng = draws
    _ = build(depth: depth, kind: topKind)
  }

  private func uniqueID(_ prefix: String) -> String {
    nextID += 1
    return "\(prefix)\(nextID)"
  }

  // MARK: - Building

  @discardableResult
  private func build(depth: Int, kind chosen: TransformKind? = nil) -> ChainNode {
    guard depth > 0 else { return makeStore() }
    let kind = chosen ?? TransformKind.allCases.randomElement(using: &rng)!
    let child = build(depth: depth - 1)
    let node: ChainNode
    switch kind {
    case .concat:
      let other = build(depth: Int.random(in: 0..<depth, using: &rng))
      let link = Concat([child.source, other.source])
      node = ChainNode(
        kind: kind, source: link, expected: { link.expectedSections },
        fallbacks: { link.fallbackCount })
    case .switcher:
      let other = build(depth: Int.random(in: 0..<depth, using: &rng))
      let link = SourceSwitch(
        [child.source, other.source], selectedIndex: Int.random(in: 0...1, using: &rng))
      controls.append { rng in link.selectedIndex = Int.random(in: 0...1, using: &rng) }
      node = ChainNode(
        kind: kind, source: link, expected: { link.expectedSections }, fallbacks: { 0 })
    case .insertSection:
      let section = Row(
        id: uniqueID("ins"), title: "inserted",
        items: (0..<Int.random(in: 0...2, using: &rng)).map {
          Card(id: uniqueID("insc"), value: $0)
        })
      let link = Insert(
        child.source, .section(section, at: Int.random(in: 0...4, using: &rng)),
        isShown: .random(using: &rng))
      controls.append { _ in link.isShown.toggle() }
      // A new element: the same section with its items kept, dropped,
      // reordered, changed or added to, and maybe a new title.
      controls.append { [unowned self] rng in
        guard case .section(var section, let index) = link.element else { return }
        section.items = section.items.filter { _ in Int.random(in: 0..<4, using: &rng) > 0 }
        section.items.shuffle(using: &rng)
        for i in section.items.indices where Bool.random(using: &rng) {
          section.items[i].value += 1
        }
        if Bool.random(using: &rng) { section.items.append(Card(id: uniqueID("insc"), value: 0)) }
        if Int.random(in: 0..<4, using: &rng) == 0 { section.title += "'" }
        link.element = .section(section, at: index)
      }
      node = ChainNode(
        kind: kind, source: link, expected: { link.expectedSections },
        fallbacks: { link.fallbackCount })
    case .insertItem:
      let hosts = child.source.sections.map(\.id)
      let host = hosts.randomElement(using: &rng) ?? "none"
      let link = Insert(
        child.source,
        .item(
          Card(id: uniqueID("insi"), value: 7), section: host,
          at: Int.random(in: 0...5, using: &rng)),
        isShown: .random(using: &rng))
      controls.append { _ in link.isShown.toggle() }
      node = ChainNode(
        kind: kind, source: link, expected: { link.expectedSections },
        fallbacks: { link.fallbackCount })
    case .flatten:
      let link = Flatten(child.source, into: Row(id: uniqueID("flat"), title: "all", items: []))
      node = ChainNode(
        kind: kind, source: link, expected: { link.expectedSections },
        fallbacks: { link.fallbackCount })
    case .placeholderItem:
      let link = Placeholder(
        child.source, .item { Card(id: "ph-" + $0.id, value: $0.title.count) })
      node = ChainNode(
        kind: kind, source: link, expected: { link.expectedSections },
        fallbacks: { link.fallbackCount })
    case .placeholderSection:
      let id = uniqueID("phs")
      let link = Placeholder(
        child.source, .section(Row(id: id, title: "empty", items: [Card(id: id + "-c", value: 0)])))
      node = ChainNode(
        kind: kind, source: link, expected: { link.expectedSections },
        fallbacks: { link.fallbackCount })
    case .filter:
      let link = ItemFilter(child.source, predicate: Self.predicate(using: &rng))
      controls.append { rng in link.predicate = Self.predicate(using: &rng) }
      node = ChainNode(
        kind: kind, source: link, expected: { link.expectedSections },
        fallbacks: { link.fallbackCount })
    case .emptySectionFilter:
      let link = EmptySectionFilter(child.source)
      node = ChainNode(
        kind: kind, source: link, expected: { link.expectedSections },
        fallbacks: { link.fallbackCount })
    case .map:
      let divisor = Int.random(in: 1...3, using: &rng)
      let link = ItemMap(child.source) { Card(id: $0.id, value: $0.value / divisor) }
      node = ChainNode(
        kind: kind, source: link, expected: { link.expectedSections },
        fallbacks: { link.fallbackCount })
    }
    watch(node)
    return node
  }

  private static func predicate(using rng: inout Draws) -> (Card) -> Bool {
    let modulus = Int.random(in: 2...4, using: &rng)
    let remainder = Int.random(in: 0..<modulus, using: &rng)
    return { $0.value % modulus != remainder }
  }

  private func makeStore() -> ChainNode {
    let prefix = "r\(stores.count)-"
    var sections: [Row] = []
    for _ in 0..<Int.random(in: 0...4, using: &rng) {
      sections.append(randomSection(prefix))
    }
    let store = SectionStore(sections)
    store.onRejectedDelta = { [unowned self] _ in reportedDeltas += 1 }
    stores.append(store)
    let node = ChainNode(kind: nil, source: store, expected: { store.sections }, fallbacks: { 0 })
    watch(node)
    return node
  }

  private func randomSection(_ prefix: String) -> Row {
    Row(
      id: uniqueID(prefix + "s"), title: ["A", "BB", "CCC"].randomElement(using: &rng)!,
      items: (0..<Int.random(in: 0...6, using: &rng)).map { _ in randomCard(prefix) })
  }

  private func randomCard(_ prefix: String) -> Card {
    Card(id: uniqueID(prefix + "c"), value: Int.random(in: 0...9, using: &rng))
  }

  // MARK: - Checking each emitted change

  private func watch(_ node: ChainNode) {
    var last = node.source.sections
    let source = node.source
    source.observe { [unowned self] change in
      let new = source.sections
      defer { last = new }
      guard case .delta(let delta, let isRediffed) = change else { return }
      if isRediffed { rediffedDeltas += 1 }
      let name = node.kind?.rawValue ?? "store"
      guard
        delta.isValid(oldItemCounts: last.map(\.items.count), newItemCounts: new.map(\.items.count))
      else {
        failures.append("\(name): \(delta) does not fit \(last) -> \(new)")
        return
      }
      let replayed = delta.applied(to: last, with: new)
      if replayed.items != new.map(\.items)
        || zip(replayed.sections, new).contains(where: { $0.id != $1.id || $0.title != $1.title })
        || replayed.sections.count != new.count
      {
        failures.append("\(name): \(delta) replays \(last) wrongly into \(new)")
      }
      if !Self.isInOrder(delta) { failures.append("\(name): \(delta) is not in ascending order") }
      let rediff = SectionDelta(from: last, to: new)
      if delta.sections.moves.count > rediff.sections.moves.count
        || delta.items.moves.count > rediff.items.moves.count
      {
        failures.append("\(name): \(delta) moves more than \(rediff)")
      }
      // Links update their outputs in place: each emitted output must be
      // what recomputing it gives, not only the last one.
      if new != node.expected() { failures.append("\(name): stale sections after \(delta)") }
      if let kind = node.kind, !delta.isEmpty { nonEmptyDeltas[kind, default: 0] += 1 }
    }
    nodes.append(node)
  }

  /// Whether `delta` lists its changes in the documented order: deletions
  /// and insertions ascending, moves and reloads by ascending `from`.
  static func isInOrder(_ delta: SectionDelta) -> Bool {
    func ascending<T: Comparable>(_ values: [T]) -> Bool {
      zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
    }
    return ascending(delta.sections.deletions) && ascending(delta.sections.insertions)
      && ascending(delta.sections.moves.map(\.from))
      && ascending(delta.sections.reloads.map(\.from))
      && ascending(delta.items.deletions) && ascending(delta.items.insertions)
      && ascending(delta.items.moves.map(\.from)) && ascending(delta.items.reloads.map(\.from))
  }

  // MARK: - Changing

  /// One random change: mostly a store update, sometimes a control.
  func step() {
    if !controls.isEmpty && Int.random(in: 0..<5, using: &rng) == 0 {
      controls.randomElement(using: &rng)!(&rng)
      return
    }
    let index = Int.random(in: 0..<stores.count, using: &rng)
    let store = stores[index]
    store.update(mutated(store.sections, prefix: "r\(index)-"))
  }

  /// One random change, as `step()`, where a store update comes with a
  /// delta: the diff of the two versions, spoiled two times in three.
  func stepWithSuppliedDelta() {
    if !controls.isEmpty && Int.random(in: 0..<5, using: &rng) == 0 {
      controls.randomElement(using: &rng)!(&rng)
      return
    }
    let index = Int.random(in: 0..<stores.count, using: &rng)
    let store = stores[index]
    let old = store.sections
    let new = mutated(old, prefix: "r\(index)-")
    var delta = SectionDelta(from: old, to: new)
    if Int.random(in: 0..<3, using: &rng) > 0 { delta = Self.spoiled(delta, using: &rng) }
    if !Self.replaysExactly(delta, old, new) { wrongDeltas += 1 }
    store.update(new, delta: delta)
  }

  /// Whether `delta` replays `old` into `new` exactly: the full replay, the oracle.
  static func replaysExactly(_ delta: SectionDelta, _ old: [Row], _ new: [Row]) -> Bool {
    delta.isValid(oldItemCounts: old.map(\.items.count), newItemCounts: new.map(\.items.count))
      && delta.applied(to: old, with: new, items: \.items) == new
  }

  /// `delta` with one change dropped, duplicated or shifted by one place,
  /// or with all of them dropped.
  static func spoiled(_ delta: SectionDelta, using rng: inout Draws) -> SectionDelta {
    var delta = delta
    let kind = Int.random(in: 0..<10, using: &rng)
    guard kind > 0 else { return SectionDelta() }
    func shifted(_ index: Int, _ rng: inout Draws) -> Int {
      index == 0 || Bool.random(using: &rng) ? index + 1 : index - 1
    }
    func shifted(_ path: ItemPath, _ rng: inout Draws) -> ItemPath {
      Bool.random(using: &rng)
        ? ItemPath(section: path.section, item: shifted(path.item, &rng))
        : ItemPath(section: shifted(path.section, &rng), item: path.item)
    }
    func spoil<T>(
      _ list: inout [T], _ rng: inout Draws, shift: (T, inout Draws) -> T
    ) {
      guard !list.isEmpty else { return }
      let i = Int.random(in: 0..<list.count, using: &rng)
      switch kind % 3 {
      case 0: list.remove(at: i)
      case 1: list.insert(list[i], at: i)
      default: list[i] = shift(list[i], &rng)
      }
    }
    // One list of changes, a non-empty one when there is one.
    let counts = [
      delta.sections.deletions.count, delta.sections.insertions.count,
      delta.sections.moves.count, delta.sections.reloads.count, delta.items.deletions.count,
      delta.items.insertions.count, delta.items.moves.count, delta.items.reloads.count,
    ]
    let lists = counts.indices.filter { counts[$0] > 0 }
    guard let list = lists.randomElement(using: &rng) else {
      // Nothing to spoil: claim an item left that did not.
      delta.items.deletions = [ItemPath(section: 0, item: 0)]
      return delta
    }
    switch list {
    case 0: spoil(&delta.sections.deletions, &rng, shift: shifted)
    case 1: spoil(&delta.sections.insertions, &rng, shift: shifted)
    case 2:
      spoil(&delta.sections.moves, &rng) { move, rng in
        ItemMatch(from: move.from, to: shifted(move.to, &rng))
      }
    case 3:
      spoil(&delta.sections.reloads, &rng) { reload, rng in
        ItemMatch(from: shifted(reload.from, &rng), to: reload.to)
      }
    case 4: spoil(&delta.items.deletions, &rng, shift: shifted)
    case 5: spoil(&delta.items.insertions, &rng, shift: shifted)
    case 6:
      spoil(&delta.items.moves, &rng) { move, rng in
        ItemMatch(from: move.from, to: shifted(move.to, &rng))
      }
    default:
      spoil(&delta.items.reloads, &rng) { reload, rng in
        ItemMatch(from: shifted(reload.from, &rng), to: shifted(reload.to, &rng))
      }
    }
    return delta
  }

  func mutated(_ old: [Row], prefix: String) -> [Row] {
    var sections = old
    for _ in 0..<Int.random(in: 1...5, using: &rng) {
      switch Int.random(in: 0..<10, using: &rng) {
      case 0 where !sections.isEmpty:
        sections.remove(at: Int.random(in: 0..<sections.count, using: &rng))
      case 1:
        sections.insert(randomSection(prefix), at: Int.random(in: 0...sections.count, using: &rng))
      case 2 where !sections.isEmpty:
        let section = sections.remove(at: Int.random(in: 0..<sections.count, using: &rng))
        sections.insert(section, at: Int.random(in: 0...sections.count, using: &rng))
      case 3 where !sections.isEmpty:
        sections[Int.random(in: 0..<sections.count, using: &rng)].title += "!"
      case 4 where !sections.isEmpty:
        sections[Int.random(in: 0..<sections.count, using: &rng)].items.removeAll()
      case 5 where !sections.isEmpty:
        let s = Int.random(in: 0..<sections.count, using: &rng)
        sections[s].items.insert(
          randomCard(prefix), at: Int.random(in: 0...sections[s].items.count, using: &rng))
      case 6, 7:  // move an item, maybe to another section
        let full = sections.indices.filter { !sections[$0].items.isEmpty }
        guard let s = full.randomElement(using: &rng) else { continue }
        let card = sections[s].items.remove(
          at: Int.random(in: 0..<sections[s].items.count, using: &rng))
        let t = Int.random(in: 0..<sections.count, using: &rng)
        sections[t].items.insert(card, at: Int.random(in: 0...sections[t].items.count, using: &rng))
      case 8:  // change values
        let full = sections.indices.filter { !sections[$0].items.isEmpty }
        guard let s = full.randomElement(using: &rng) else { continue }
        let i = Int.random(in: 0..<sections[s].items.count, using: &rng)
        sections[s].items[i].value = Int.random(in: 0...9, using: &rng)
      default:  // delete an item
        let full = sections.indices.filter { !sections[$0].items.isEmpty }
        guard let s = full.randomElement(using: &rng) else { continue }
        sections[s].items.remove(at: Int.random(in: 0..<sections[s].items.count, using: &rng))
      }
    }
    return sections
  }

  /// Where a link's output is not what recomputing it from scratch gives, or it fell back.
  func inconsistencies() -> [String] {
    nodes.compactMap { node in
      let name = node.kind?.rawValue ?? "store"
      if node.source.sections != node.expected() { return "\(name) holds stale sections" }
      if node.fallbacks() != 0 { return "\(name) fell back \(node.fallbacks()) times" }
      return nil
    }
  }
}

/// A root that tells whatever delta it is given, unchecked, as a source
/// outside this module may: for testing how links fall back on a delta that
/// does not fit (a `SectionStore` replaces such a delta before any link sees it).
final class UncheckedSource: SectionSource {
  private(set) var sections: [Row]
  private var observers: [(SourceChange) -> Void] = []

  init(_ sections: [Row]) { self.sections = sections }

  @discardableResult
  func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    observers.append(observer)
    return ObservationToken {}
  }

  /// Sets `sections` and tells `delta` as it is.
  func update(_ sections: [Row], delta: SectionDelta) {
    self.sections = sections
    for observer in observers { observer(.delta(delta, isRediffed: false)) }
  }

  /// Sets `sections` and tells a reload.
  func reload(_ sections: [Row]) {
    self.sections = sections
    for observer in observers { observer(.reload) }
  }
}

import ShelfDiff

// make specialization skips: ItemSort.upstreamDidChange (its release build in Benchmarks runs
// unspecialised: the generic body is not exported to clients; to mend, then check)

/// The items of an upstream source sorted within each section by a
/// comparator: "by rating", "newest first".
///
/// ```swift
/// let byRating = ItemSort(store) { ($0.rating, $0.id) > ($1.rating, $1.id) }
/// ```
///
/// `areInIncreasingOrder` must be a strict total order on the items that
/// meet in a section: items it finds equivalent keep no particular order
/// (break ties, by id say, for an order of your own).
///
/// An upstream change is translated, not diffed: the sort finds each item
/// the delta names by binary search in its old or new output section. An
/// item keeps its place unless it is inserted, deleted, changes section or
/// is reloaded to a content that sorts elsewhere, which moves it (or, when
/// fewer moves, the items it passes) and reloads it; a move within its
/// upstream section moves nothing here. Sections are upstream's, so their
/// changes pass through as they are.
///
/// - Complexity: An upstream change costs O(*c* log *n*) comparisons for *c*
///   changes and sections of up to *n* items, plus copying the sections it
///   touches; an inserted section is sorted whole, and a section whose
///   reloaded items sort elsewhere costs O(*t* log *t*) for its *t* items.
public final class ItemSort<Section: ChainableSection>: SectionSource {
  /// Upstream's sections, each with its items sorted.
  public private(set) var sections: [Section]
  /// How many upstream changes did not fit upstream's sections and were re-diffed.
  public private(set) var fallbackCount = 0
  /// Whether the first item goes before the second.
  public let areInIncreasingOrder: (Section.Item, Section.Item) -> Bool

  private let upstream: any SectionSource<Section>
  /// Upstream's sections as of the last change: where a delta's old paths point.
  private var upstreamSections: [Section]
  private let observers = Observers()

  /// The sections of `upstream`, each with its items sorted by `areInIncreasingOrder`.
  ///
  /// - Complexity: O(*n* log *n*) for *n* items.
  public init(
    _ upstream: any SectionSource<Section>,
    by areInIncreasingOrder: @escaping (Section.Item, Section.Item) -> Bool
  ) {
    self.upstream = upstream
    self.areInIncreasingOrder = areInIncreasingOrder
    upstreamSections = upstream.sections
    sections = []
    sections = upstreamSections.map(sorted)
    upstream.observe { [weak self] change in self?.upstreamDidChange(change) }
  }

  /// Registers `observer` for every later change; see ``SectionSource/observe(_:)``.
  @discardableResult
  public func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    observers.add(observer)
  }

  /// The sections recomputed from upstream, for tests of the translation.
  package var expectedSections: [Section] { upstream.sections.map(sorted) }

  private func sorted(_ section: Section) -> Section {
    var section = section
    section.items.sort(by: areInIncreasingOrder)
    return section
  }

  private func upstreamDidChange(_ change: SourceChange) {
    let old = sections
    let oldUpstream = upstreamSections
    let new = upstream.sections
    upstreamSections = new
    guard case .delta(let delta, let isRediffed) = change else {
      sections = new.map(sorted)
      observers.send(.reload)
      return
    }
    guard
      delta.isValid(
        oldItemCounts: oldUpstream.map(\.items.count), newItemCounts: new.map(\.items.count)),
      let translated = translate(delta, old: old, oldUpstream: oldUpstream, new: new)
    else {
      fallbackCount += 1
      sections = new.map(sorted)
      observers.send(.delta(SectionDelta(from: old, to: sections), isRediffed: true))
      return
    }
    sections = translated.sections
    observers.send(.delta(translated.delta, isRediffed: isRediffed))
  }

  // MARK: - Translating a delta

  /// The first index of `items` from which `isPast` holds (it holds for
  /// every later one): a binary search, O(log `items.count`) calls.
  private func partitionIndex(
    of items: [Section.Item], _ isPast: (Section.Item) -> Bool
  ) -> Int {
    var low = 0
    var high = items.count
    while low < high {
      let middle = (low + high) / 2
      if isPast(items[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// Where `item` is in `items`, sorted: a binary search to its equivalents,
  /// then its id among them; nil when it is not there.
  private func position(of item: Section.Item, in items: [Section.Item]) -> Int? {
    var k = partitionIndex(of: items) { !areInIncreasingOrder($0, item) }
    while k < items.count && !areInIncreasingOrder(item, items[k]) {
      if items[k].id == item.id { return k }
      k += 1
    }
    return nil
  }

  /// Where `item` goes in `items`, sorted: after its equivalents.
  private func insertionIndex(of item: Section.Item, in items: [Section.Item]) -> Int {
    partitionIndex(of: items) { areInIncreasingOrder(item, $0) }
  }

  private func isEquivalent(_ a: Section.Item, _ b: Section.Item) -> Bool {
    !areInIncreasingOrder(a, b) && !areInIncreasingOrder(b, a)
  }

  /// The new output and its delta; nil when an item the delta names is not
  /// where the old output says (the output and upstream disagree).
  private func translate(
    _ delta: SectionDelta, old: [Section], oldUpstream: [Section], new: [Section]
  ) -> (sections: [Section], delta: SectionDelta)? {
    // New section t continues old section sectionSources[t] (-1: inserted).
    guard let placement = delta.sections.indexMapping(oldCount: old.count, newCount: new.count)
    else { return nil }
    let sectionSources = placement.oldOfNew
    let sectionTargets = placement.newOfOld

    // What leaves each old section (by old output position), and what
    // arrives in each new one (by item, placed once the section is built).
    var leaving: [Int: Set<Int>] = [:]
    var arriving: [Int: [Section.Item]] = [:]
    var replaced: [Int: [Int: Section.Item]] = [:]  // reloaded in place: old position -> new item
    // Reloaded to a content that sorts elsewhere in its section: old position, new item.
    var resorted: [Int: [(from: Int, item: Section.Item)]] = [:]
    var deletions: [ItemPath] = []
    var insertedItems: [(section: Int, item: Section.Item)] = []
    var movedItems: [(from: ItemPath, section: Int, item: Section.Item)] = []
    var reloadedItems: [(from: ItemPath, section: Int, item: Section.Item)] = []

    func oldPosition(_ path: ItemPath) -> Int? {
      position(of: oldUpstream[path.section].items[path.item], in: old[path.section].items)
    }
    for path in delta.items.deletions {
      guard let i = oldPosition(path) else { return nil }
      leaving[path.section, default: []].insert(i)
      deletions.append(ItemPath(section: path.section, item: i))
    }
    for path in delta.items.insertions {
      let item = new[path.section].items[path.item]
      arriving[path.section, default: []].append(item)
      insertedItems.append((path.section, item))
    }
    var isMoved: Set<ItemPath> = []
    for move in delta.items.moves {
      let s = move.from.section
      let t = move.to.section
      guard let i = oldPosition(move.from) else { return nil }
      let item = new[t].items[move.to.item]
      let from = ItemPath(section: s, item: i)
      // A move within its section moves nothing here, unless reloaded.
      guard sectionTargets[s] != t else { continue }
      isMoved.insert(move.from)
      if sectionTargets[s] >= 0 { leaving[s, default: []].insert(i) }
      if sectionSources[t] >= 0 { arriving[t, default: []].append(item) }
      movedItems.append((from, t, item))
    }
    for reload in delta.items.reloads {
      let s = reload.from.section
      let t = reload.to.section
      guard let i = oldPosition(reload.from) else { return nil }
      let item = new[t].items[reload.to.item]
      let from = ItemPath(section: s, item: i)
      reloadedItems.append((from, t, item))
      guard !isMoved.contains(reload.from) else { continue }
      // Within its section: in place if it sorts where it did, else placed anew.
      if isEquivalent(old[s].items[i], item) {
        replaced[s, default: [:]][i] = item
      } else {
        leaving[s, default: []].insert(i)
        resorted[s, default: []].append((i, item))
      }
    }

    // The new output: untouched sections as they were (their header anew
    // when reloaded); inserted ones sorted whole; touched ones rebuilt.
    var headerReloaded = Set(delta.sections.reloads.map(\.to))
    var sectionMoves: [SectionDelta.Items.Move] = []
    var sections: [Section] = []
    sections.reserveCapacity(new.count)
    for (t, s) in sectionSources.enumerated() {
      guard s >= 0 else {
        sections.append(sorted(new[t]))
        continue
      }
      let isTouched =
        leaving[s] != nil || arriving[t] != nil || replaced[s] != nil || resorted[s] != nil
      guard isTouched || headerReloaded.remove(t) != nil else {
        sections.append(old[s])
        continue
      }
      var items: [Section.Item]
      if isTouched {
        let gone = leaving[s] ?? []
        let inPlace = replaced[s] ?? [:]
        items = []
        items.reserveCapacity(new[t].items.count)
        // The old position of each item that stays in the section (-1: it
        // arrives), kept only while items sort anew.
        var origins: [Int] = []
        let isResorting = resorted[s] != nil
        for (i, item) in old[s].items.enumerated() where !gone.contains(i) {
          items.append(inPlace[i] ?? item)
          if isResorting { origins.append(i) }
        }
        for item in arriving[t] ?? [] {
          let k = insertionIndex(of: item, in: items)
          items.insert(item, at: k)
          if isResorting { origins.insert(-1, at: k) }
        }
        for (i, item) in resorted[s] ?? [] {
          let k = insertionIndex(of: item, in: items)
          items.insert(item, at: k)
          origins.insert(i, at: k)
        }
        if isResorting {
          // The fewest moves: the items that stay, less the longest run
          // already in their old order (O(t log t) for t items).
          let stays = origins.filter { $0 >= 0 }
          let isKept = LongestIncreasingSubsequence.members(of: stays)
          var k = 0
          for (j, i) in origins.enumerated() where i >= 0 {
            if !isKept[k] {
              sectionMoves.append(
                .init(from: ItemPath(section: s, item: i), to: ItemPath(section: t, item: j)))
            }
            k += 1
          }
        }
      } else {
        items = old[s].items
      }
      guard items.count == new[t].items.count else { return nil }
      var section = new[t]
      section.items = items
      sections.append(section)
    }

    // The delta, with new positions read from the new output.
    func newPath(_ section: Int, _ item: Section.Item) -> ItemPath? {
      position(of: item, in: sections[section].items).map { ItemPath(section: section, item: $0) }
    }
    var items = SectionDelta.Items(
      deletions: deletions.sorted(), duplicates: delta.items.duplicates)
    for (t, item) in insertedItems {
      guard let path = newPath(t, item) else { return nil }
      items.insertions.append(path)
    }
    for (from, t, item) in movedItems {
      guard let to = newPath(t, item) else { return nil }
      items.moves.append(.init(from: from, to: to))
    }
    for (from, t, item) in reloadedItems {
      guard let to = newPath(t, item) else { return nil }
      items.reloads.append(.init(from: from, to: to))
    }
    items.moves += sectionMoves
    items.insertions.sort()
    items.moves.sort { $0.from < $1.from }
    items.reloads.sort { $0.from < $1.from }
    return (sections, SectionDelta(sections: delta.sections, items: items))
  }
}

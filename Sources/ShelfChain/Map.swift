import ShelfDiff

/// The items of an upstream source, each transformed by a function that
/// keeps its identity (the same id in, the same id out; different ids stay
/// different): a view model of each item, a highlight, a formatted field.
///
/// Positions do not change, so an upstream delta is the map's delta, less
/// the reloads whose transformed item did not change. Kept items are not
/// transformed again.
///
/// - Complexity: An upstream change costs O(*s* + *c* + *t*) for *s*
///   sections, *c* changes and *t* items in the sections it touches, calling
///   `transform` once per inserted or reloaded item.
public final class Map<Section: ChainableSection>: SectionSource {
  /// The upstream sections with their items transformed.
  public private(set) var sections: [Section]
  /// How many upstream changes did not fit upstream's sections and were re-diffed.
  public private(set) var fallbackCount = 0

  private let upstream: any SectionSource<Section>
  private let transform: (Section.Item) -> Section.Item
  private var observers = Observers()
  private var upstreamCounts: [Int]

  /// The sections of `upstream` with `transform` applied to every item.
  public init(
    _ upstream: any SectionSource<Section>, transform: @escaping (Section.Item) -> Section.Item
  ) {
    self.upstream = upstream
    self.transform = transform
    upstreamCounts = upstream.sections.itemCounts
    sections = []
    sections = expectedSections
    upstream.observe { [weak self] change in self?.upstreamDidChange(change) }
  }

  /// Registers `observer` for every later change.
  public func observe(_ observer: @escaping (SourceChange) -> Void) { observers.add(observer) }

  /// The sections recomputed from upstream, for tests of the translation.
  package var expectedSections: [Section] {
    upstream.sections.map { $0.with(items: $0.items.map(transform)) }
  }

  private func upstreamDidChange(_ change: SourceChange) {
    let upstreamSections = upstream.sections
    let newCounts = change.itemCounts(of: upstreamSections, before: upstreamCounts)
    switch UpstreamChange(change, oldCounts: upstreamCounts, newCounts: newCounts) {
    case .reload:
      upstreamCounts = newCounts
      sections = expectedSections
      observers.send(.reload)
    case .unmappable:
      let old = sections
      upstreamCounts = upstreamSections.itemCounts
      sections = expectedSections
      fallbackCount += 1
      observers.send(.delta(SectionDelta(from: old, to: sections), isRediffed: true))
    case .placement(let placement, let isRediffed):
      let old = sections
      upstreamCounts = newCounts
      var touched: [Int: [Section.Item]] = [:]
      var unchanged: Set<ItemPath> = []
      let reloadFlags = placement.reloadFlags()
      for (t, sources) in placement.itemSources {
        let items = upstreamSections[t].items
        let isReloadedAt = reloadFlags[t]
        var keptSection = -1
        var keptItems: [Section.Item] = []
        touched[t] = sources.enumerated().map { j, source in
          guard let source else { return transform(items[j]) }
          if source.section != keptSection {
            keptSection = source.section
            keptItems = old[source.section].items
          }
          let kept = keptItems[source.item]
          guard isReloadedAt?[j] ?? false else { return kept }
          let item = transform(items[j])
          if item == kept { unchanged.insert(ItemPath(section: t, item: j)) }
          return item
        }
      }
      if placement.keepsSections {
        for (t, items) in touched { sections[t] = upstreamSections[t].with(items: items) }
      } else {
        sections = placement.sectionSources.enumerated().map { t, s in
          if let items = touched[t] { return upstreamSections[t].with(items: items) }
          return old[s]
        }
      }
      for t in placement.headerChanges where touched[t] == nil {
        sections[t] = upstreamSections[t].with(items: sections[t].items)
      }
      // Positions are upstream's, so its delta is this one, less the reloads
      // whose transformed item did not change: no delta to recompute.
      guard var delta = change.delta else { return }
      if !unchanged.isEmpty { delta.items.reloads.removeAll { unchanged.contains($0.to) } }
      observers.send(.delta(delta, isRediffed: isRediffed))
    }
  }
}

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
  public var sections: [Section] { output.sections }
  /// How many upstream changes did not fit upstream's sections and were re-diffed.
  public private(set) var fallbackCount = 0

  private let upstream: any SectionSource<Section>
  private let transform: (Section.Item) -> Section.Item
  private var observers = Observers()
  private var upstreamCounts: [Int]
  private var output = SectionBuffer<Section>([])

  /// The sections of `upstream` with `transform` applied to every item.
  public init(
    _ upstream: any SectionSource<Section>, transform: @escaping (Section.Item) -> Section.Item
  ) {
    self.upstream = upstream
    self.transform = transform
    upstreamCounts = upstream.sections.itemCounts
    output.replace(with: expectedSections)
    upstream.observeWithDetail { [weak self] change, detail in
      self?.upstreamDidChange(change, told: detail.placement)
    }
  }

  /// Registers `observer` for every later change.
  public func observe(_ observer: @escaping (SourceChange) -> Void) { observers.add(observer) }

  /// Registers `observer` for every later change, with the placement of each
  /// delta this link works one out for.
  public func observeWithDetail(_ observer: @escaping (SourceChange, ChangeDetail) -> Void) {
    observers.add(withDetail: observer)
  }

  /// The sections recomputed from upstream, for tests of the translation.
  package var expectedSections: [Section] {
    upstream.sections.map { $0.with(items: $0.items.map(transform)) }
  }

  /// A touched section's new items: kept ones from the old output as they
  /// are, inserted and reloaded ones transformed; `isUnchanged` hears of each
  /// reloaded one whose transformed item is the same as before; `own` is
  /// the old section the section continues, or -1. Written as
  /// plain loops over buffers: in unspecialized generic code, every closure,
  /// enumerated tuple or array access per item costs a metadata lookup.
  private func items(
    at sources: ItemSources, from upstreamItems: [Section.Item], old: [Section],
    own: Int, reloaded isReloadedAt: [Bool]?, isUnchanged: (Int) -> Void
  ) -> [Section.Item] {
    // The section's own old items at hand; another section's looked up
    // when the source changes to it (an item moved in from there).
    let ownItems = own >= 0 ? old[own].items : []
    var keptSection = -1
    var keptItems: [Section.Item] = []
    return upstreamItems.withUnsafeBufferPointer { items in
      [Section.Item](unsafeUninitializedCapacity: sources.count) { output, count in
        for j in 0..<sources.count {
          guard let source = sources[j] else {
            (output.baseAddress! + j).initialize(to: transform(items[j]))
            continue
          }
          let kept: Section.Item
          if source.section == own {
            kept = ownItems[source.item]
          } else {
            if source.section != keptSection {
              keptSection = source.section
              keptItems = old[source.section].items
            }
            kept = keptItems[source.item]
          }
          if let isReloadedAt, isReloadedAt[j] {
            let item = transform(items[j])
            if item == kept { isUnchanged(j) }
            (output.baseAddress! + j).initialize(to: item)
          } else {
            (output.baseAddress! + j).initialize(to: kept)
          }
        }
        count = sources.count
      }
    }
  }

  /// Translates `change`, whose placement upstream worked out as `told`
  /// (nil when it did not).
  private func upstreamDidChange(_ change: SourceChange, told: Placement?) {
    let upstreamSections = upstream.sections
    // Upstream's placement of its delta, when it tells one, is that of the
    // delta read here: it is not read again.
    let newCounts = change.itemCounts(of: upstreamSections, before: upstreamCounts, told: told)
    let upstreamChange: UpstreamChange
    if case .delta(_, let isRediffed) = change, let told {
      upstreamChange = .placement(told, isRediffed: isRediffed)
    } else {
      upstreamChange = UpstreamChange(change, oldCounts: upstreamCounts, newCounts: newCounts)
    }
    switch upstreamChange {
    case .reload:
      upstreamCounts = newCounts
      output.replace(with: expectedSections)
      observers.send(.reload)
    case .unmappable:
      upstreamCounts = upstreamSections.itemCounts
      var sections = output.sections
      let change = rediff(&sections, to: expectedSections, counting: &fallbackCount)
      output.replace(with: sections)
      observers.send(change)
    case .placement(let placement, let isRediffed):
      upstreamCounts = newCounts
      let keepsSections = placement.keepsSections
      var touched: [Int: [Section.Item]] = [:]
      var unchanged: Set<ItemPath> = []
      let reloadFlags = placement.reloadFlags()
      // Scoped: the old sections are let go before the in-place update
      // below, which would copy the array while they are held.
      do {
        let old = output.sections
        for (t, sources) in placement.itemSources {
          touched[t] = items(
            at: sources, from: upstreamSections[t].items, old: old,
            own: placement.sectionSources[t], reloaded: reloadFlags[t]
          ) { j in unchanged.insert(ItemPath(section: t, item: j)) }
        }
      }
      if keepsSections {
        output.update { sections in
          for (t, items) in touched { sections[t] = upstreamSections[t].with(items: items) }
          for t in placement.headerChanges where touched[t] == nil {
            sections[t] = upstreamSections[t].with(items: sections[t].items)
          }
        }
      } else {
        let old = output.sections
        var sections = placement.sectionSources.enumerated().map { t, s in
          if let items = touched[t] { return upstreamSections[t].with(items: items) }
          return old[s]
        }
        for t in placement.headerChanges where touched[t] == nil {
          sections[t] = upstreamSections[t].with(items: sections[t].items)
        }
        output.replace(with: sections)
      }
      // Positions are upstream's, so its delta is this one, less the reloads
      // whose transformed item did not change: no delta to recompute.
      guard var delta = change.delta else { return }
      var placement = placement
      if !unchanged.isEmpty {
        delta.items.reloads.removeAll { unchanged.contains($0.to) }
        placement.reloads.removeAll { unchanged.contains($0) }
      }
      observers.send(.delta(delta, isRediffed: isRediffed), placement: placement)
    }
  }
}

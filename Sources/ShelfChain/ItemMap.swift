import ShelfDiff

// Index names (`t`, `s`, `j`, `i`, `k`, `u`): see the top of Internal/Placement.swift.

// make specialization: ItemMap.upstreamDidChange

/// The items of an upstream source, each transformed by a function that
/// keeps its identity (the same id in, the same id out; different ids stay
/// different): a view model of each item, a highlight, a formatted field.
///
/// The transform may keep the item type or change it, turning models into
/// view models:
///
/// ```swift
/// let rows = ItemMap(store) { todo in Row(id: todo.id, text: todo.title) }
/// ```
///
/// With a new item type and no section transform, each output section is a
/// ``MappedSection``: the upstream section's header with the new items. Give
/// `section:` to build a section type of your own instead; it must keep the
/// section's id and read only the upstream section's header, not its items.
///
/// Positions do not change, so an upstream delta is the map's delta, less
/// the reloads whose transformed item did not change. Kept items are not
/// transformed again.
///
/// - Complexity: An upstream change costs O(*s* + *c* + *t*) for *s*
///   sections, *c* changes and *t* items in the sections it touches, calling
///   `transform` once per inserted or reloaded item.
public final class ItemMap<Upstream: ChainableSection, Section: ChainableSection>: SectionSource,
  PlacementTelling
{
  /// The upstream sections with their items transformed.
  public var sections: [Section] { core.sections }
  /// How many upstream changes did not fit upstream's sections and were re-diffed.
  public var fallbackCount: Int { core.fallbackCount }
  /// Called when `transform` gives a reloaded item another id than before
  /// (``ChainIssue/changedID(at:old:new:)``), before the observers are told.
  public var onIssue: ((ChainIssue) -> Void)?

  private let core: LinkCore<Upstream, Section>
  private let transform: (Upstream.Item) -> Section.Item
  private let makeSection: (Upstream, [Section.Item]) -> Section
  var observers: Observers { core.observers }

  /// The sections of `upstream` as `section` builds them from each upstream
  /// section and its items with `transform` applied.
  ///
  /// - Parameters:
  ///   - upstream: The source whose sections are mapped.
  ///   - section: The output section of an upstream section and its new
  ///     items. It must keep the section's id, and read only the upstream
  ///     section's header: it is called again only for sections whose items
  ///     or header changed.
  ///   - transform: The output item of an upstream item, with the same id.
  public init(
    _ upstream: any SectionSource<Upstream>,
    section: @escaping (Upstream, [Section.Item]) -> Section,
    transform: @escaping (Upstream.Item) -> Section.Item
  ) {
    self.transform = transform
    self.makeSection = section
    core = LinkCore(
      upstream, sections: upstream.sections.map { section($0, $0.items.map(transform)) })
    core.start(self) { link, change, told in link.upstreamDidChange(change, told: told) }
  }

  /// Registers `observer` for every later change; see ``SectionSource/observe(_:)``.
  @discardableResult
  public func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    core.observe(observer)
  }

  /// The sections recomputed from upstream, for tests of the translation.
  package var expectedSections: [Section] {
    core.upstream.sections.map { makeSection($0, $0.items.map(transform)) }
  }

  /// A touched section's new items: kept ones from the old output as they
  /// are, inserted and reloaded ones transformed; `isUnchanged` hears of each
  /// reloaded one whose transformed item is the same as before, and
  /// `idChanged` of one whose id is not; `own` is
  /// the old section the section continues, or -1. Written as
  /// plain loops over buffers: in unspecialized generic code, every closure,
  /// enumerated tuple or array access per item costs a metadata lookup.
  private func items(
    at sources: ItemSources, from upstreamItems: [Upstream.Item], old: [Section],
    own: Int, reloaded isReloadedAt: [Bool]?, isUnchanged: (Int) -> Void,
    idChanged: (Int, Section.Item, Section.Item) -> Void
  ) -> [Section.Item] {
    // The section's own old items at hand; another section's looked up
    // when the source changes to it (an item moved in from there).
    let ownItems = own >= 0 ? old[own].items : []
    var keptSection = -1
    var keptItems: [Section.Item] = []
    return upstreamItems.withUnsafeBufferPointer { items in
      [Section.Item](count: sources.count) { j in
        guard let source = sources[j] else { return transform(items[j]) }
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
        guard let isReloadedAt, isReloadedAt[j] else { return kept }
        let item = transform(items[j])
        if item == kept {
          isUnchanged(j)
        } else if item.id != kept.id {
          idChanged(j, kept, item)
        }
        return item
      }
    }
  }

  /// Translates `change`, whose placement upstream worked out as `told`
  /// (nil when it did not).
  private func upstreamDidChange(_ change: SourceChange, told: Placement?) {
    let upstreamSections = core.upstream.sections
    // Upstream's placement of its delta, when it tells one, is that of the
    // delta read here: it is not read again.
    guard
      let (placement, isRediffed) = core.placement(
        of: change, in: upstreamSections, told: told, recomputed: { expectedSections })
    else { return }
    let keepsSections = placement.keepsSections
    var touched: [Int: [Section.Item]] = [:]
    var unchanged: Set<ItemPath> = []
    var issues: [ChainIssue] = []
    let reloadFlags = placement.reloadFlags()
    // Scoped: the old sections are let go before the in-place update
    // below, which would copy the array while they are held.
    do {
      let old = core.output.sections
      for (t, sources) in placement.itemSources {
        touched[t] = items(
          at: sources, from: upstreamSections[t].items, old: old,
          own: placement.sectionSources[t], reloaded: reloadFlags[t]
        ) { j in
          unchanged.insert(ItemPath(section: t, item: j))
        } idChanged: { j, old, new in
          issues.append(
            .changedID(
              at: ItemPath(section: t, item: j), old: "\(old.id)", new: "\(new.id)"))
        }
      }
    }
    if keepsSections {
      core.output.update { sections in
        for (t, items) in touched { sections[t] = makeSection(upstreamSections[t], items) }
        for t in placement.headerChanges where touched[t] == nil {
          sections[t] = makeSection(upstreamSections[t], sections[t].items)
        }
      }
    } else {
      let old = core.output.sections
      var sections = placement.sectionSources.enumerated().map { t, s in
        if let items = touched[t] { return makeSection(upstreamSections[t], items) }
        return old[s]
      }
      for t in placement.headerChanges where touched[t] == nil {
        sections[t] = makeSection(upstreamSections[t], sections[t].items)
      }
      core.output.replace(with: sections)
    }
    if let onIssue { for issue in issues { onIssue(issue) } }
    // Positions are upstream's, so its delta is this one, less the reloads
    // whose transformed item did not change: no delta to recompute.
    guard var delta = change.delta else { return }
    var outputPlacement = placement
    if !unchanged.isEmpty {
      delta.items.reloads.removeAll { unchanged.contains($0.to) }
      outputPlacement.reloads.removeAll { unchanged.contains($0) }
    }
    observers.send(.delta(delta, isRediffed: isRediffed), placement: outputPlacement)
  }
}

extension ItemMap where Upstream == Section {
  /// The sections of `upstream` with `transform` applied to every item,
  /// keeping the section and item types.
  public convenience init(
    _ upstream: any SectionSource<Section>, transform: @escaping (Section.Item) -> Section.Item
  ) {
    self.init(upstream, section: { $0.with(items: $1) }, transform: transform)
  }
}

extension ItemMap {
  /// The sections of `upstream` with `transform` applied to every item,
  /// giving items of another type, each in a ``MappedSection`` with its
  /// upstream section's header.
  @_disfavoredOverload
  public convenience init<Item>(
    _ upstream: any SectionSource<Upstream>, transform: @escaping (Upstream.Item) -> Item
  ) where Section == MappedSection<Upstream, Item> {
    self.init(upstream, section: { MappedSection(header: $0, items: $1) }, transform: transform)
  }
}

/// A section of an ``ItemMap`` that changes the item type: the upstream section's
/// header (the upstream section, without its items) with the new items.
public struct MappedSection<Header: ChainableSection, Item: Identifiable & Equatable & Sendable>:
  ChainableSection
{
  /// The upstream section this one maps, with no items.
  public let header: Header
  /// The mapped items.
  public var items: [Item]

  /// The section with `header`'s id and header fields, and `items`;
  /// `header`'s own items are dropped.
  public init(header: Header, items: [Item]) {
    var header = header
    header.items = []
    self.header = header
    self.items = items
  }

  /// The upstream section's id.
  public var id: Header.ID { header.id }

  /// Whether the upstream headers are the same.
  public func hasSameHeader(as other: Self) -> Bool { header.hasSameHeader(as: other.header) }
}

/// The former name of ``ItemMap``: an app importing SwiftUI or MapKit has
/// another `Map`.
@available(*, deprecated, renamed: "ItemMap")
public typealias Map = ItemMap

import ShelfDiff

// Index names (`t`, `s`, `j`, `i`, `k`, `u`): see the top of Internal/Placement.swift.

// make specialization: Insert.change

/// An upstream source with one more section or item, which can be shown or
/// hidden: a "Recently viewed" row, a banner, a "Load more" item.
///
/// The position counts from the start and is clamped to what upstream has,
/// so `Int.max` means "at the end". Showing and hiding animate as an
/// insertion and a deletion; upstream changes are translated around it.
///
/// - Complexity: An upstream change costs O(*s* + *c* + *t*) for *s*
///   sections, *c* changes and *t* items in the sections it touches (an
///   inserted item touches its section); showing or hiding costs O(*s*)
///   plus the host section's items.
public final class Insert<Section: ChainableSection>: SectionSource {
  /// What is inserted, and where.
  public enum Element {
    /// A section at a section index.
    case section(Section, at: Int)
    /// An item at an index of the first section with the id `section`; not
    /// shown while upstream has no such section.
    case item(Section.Item, section: Section.ID, at: Int)
  }

  /// Upstream's sections with the element inserted, while it is shown.
  public var sections: [Section] { core.sections }
  /// How many upstream changes did not fit upstream's sections and were re-diffed.
  public var fallbackCount: Int { core.fallbackCount }
  /// What is inserted; setting it animates the difference (for a section
  /// kept in place: its items matched by id, inserted, deleted, moved or
  /// reloaded; otherwise the old element leaves and the new one arrives).
  ///
  /// - Complexity: O(*s*) plus the items of the old and new element's
  ///   section, for *s* sections.
  public var element: Element {
    didSet { elementDidChange(from: oldValue) }
  }
  /// Whether the element is shown; setting it animates its arrival or departure.
  public var isShown: Bool {
    didSet {
      guard isShown != oldValue else { return }
      let count = core.upstream.sections.count
      change(Placement.identity(sectionCount: count), isRediffed: false)
    }
  }

  private let core: LinkCore<Section, Section>
  /// Where the element is in `sections`, if shown.
  private var position: ItemPath?

  /// `upstream` with `element` inserted, shown or not.
  public init(_ upstream: any SectionSource<Section>, _ element: Element, isShown: Bool = true) {
    self.element = element
    self.isShown = isShown
    let (sections, position) = Self.output(
      of: upstream.sections, element: element, isShown: isShown)
    self.position = position
    core = LinkCore(upstream, sections: sections)
    core.start(self) { link, change in link.upstreamDidChange(change) }
  }

  /// Registers `observer` for every later change.
  @discardableResult
  public func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    core.observe(observer)
  }

  /// The sections recomputed from upstream, for tests of the translation.
  package var expectedSections: [Section] {
    Self.output(of: core.upstream.sections, element: element, isShown: isShown).sections
  }

  /// The sections recomputed from upstream, with `position` set to where
  /// the element is in them.
  private func recomputed() -> [Section] {
    let sections: [Section]
    (sections, position) = Self.output(
      of: core.upstream.sections, element: element, isShown: isShown)
    return sections
  }

  /// Upstream's sections with the element, and where it went (for an item, the
  /// path; for a section, its index as `section`).
  private static func output(of upstreamSections: [Section], element: Element, isShown: Bool)
    -> (sections: [Section], position: ItemPath?)
  {
    guard isShown else { return (upstreamSections, nil) }
    var sections = upstreamSections
    switch element {
    case .section(let section, let index):
      let p = min(max(index, 0), sections.count)
      sections.insert(section, at: p)
      return (sections, ItemPath(section: p, item: 0))
    case .item(let item, let id, let index):
      guard let t = sections.firstIndex(where: { $0.id == id }) else { return (sections, nil) }
      let j = min(max(index, 0), sections[t].items.count)
      sections[t].items.insert(item, at: j)
      return (sections, ItemPath(section: t, item: j))
    }
  }

  private func upstreamDidChange(_ change: SourceChange) {
    guard
      let (placement, isRediffed) = core.placement(
        of: change, in: core.upstream.sections, recomputed: { recomputed() })
    else { return }
    if !isRediffed, let delta = change.delta, let lifted = liftedItemDelta(delta) {
      core.output.replace(with: recomputed())
      core.send(.delta(lifted, isRediffed: false))
      return
    }
    self.change(placement, isRediffed: isRediffed)
  }

  /// The output's delta for upstream's `delta`, when it changes items only
  /// and the element is a section, which then stays where it is: the same
  /// changes, in the sections after the element one section further on.
  /// Nil for any other delta, which takes the general translation.
  ///
  /// The usual change below a filter's "Best matches" row: a new query
  /// hides and shows many items, and this costs O(*c*) for *c* changes,
  /// where the general translation maps every item of the touched sections.
  ///
  /// - Complexity: O(*c*) for *c* changes.
  private func liftedItemDelta(_ delta: SectionDelta) -> SectionDelta? {
    guard case .section = element, delta.sections.isEmpty, delta.items.duplicates.isEmpty
    else { return nil }
    guard let inserted = position?.section else { return delta }
    func lift(_ path: ItemPath) -> ItemPath {
      path.section < inserted ? path : ItemPath(section: path.section + 1, item: path.item)
    }
    func lift(_ match: ItemMatch<ItemPath>) -> ItemMatch<ItemPath> {
      ItemMatch(from: lift(match.from), to: lift(match.to))
    }
    let items = delta.items
    return SectionDelta(
      items: SectionDelta.Items(
        deletions: items.deletions.map(lift), insertions: items.insertions.map(lift),
        moves: items.moves.map(lift), reloads: items.reloads.map(lift)))
  }

  private func change(_ placement: Placement, isRediffed: Bool) {
    let old = sections
    let oldPosition = position
    let upstreamSections = core.upstream.sections
    core.output.replace(with: recomputed())
    let output: Placement
    switch element {
    case .section:
      output = sectionPlacement(placement, from: oldPosition?.section, to: position?.section)
    case .item:
      output = itemPlacement(
        placement, from: oldPosition, to: position, upstreamSections: upstreamSections)
    }
    core.send(.delta(output.delta(old: old, new: sections), isRediffed: isRediffed))
  }

  /// Tells observers how the output changed when the element became another.
  private func elementDidChange(from oldElement: Element) {
    let count = core.upstream.sections.count
    guard isShown, let oldPosition = position else {
      change(Placement.identity(sectionCount: count), isRediffed: false)
      return
    }
    guard case .section(let new, _) = element, case .section(let old, _) = oldElement else {
      // An item element: hide the old one and show the new one as one delta.
      let before = sections
      core.output.replace(with: recomputed())
      let delta = SectionDelta(from: before, to: sections)
      core.send(.delta(delta, isRediffed: true))
      return
    }
    let before = sections
    core.output.replace(with: recomputed())
    guard let newPosition = position else { return }
    var output = sectionPlacement(
      Placement.identity(sectionCount: count), from: oldPosition.section, to: newPosition.section)
    if old.id != new.id {
      // Another section: the old one leaves, the new one arrives.
      output.sectionSources[newPosition.section] = -1
      output.itemSources[newPosition.section] = ItemSources(repeating: nil, count: new.items.count)
    } else {
      var oldIndexByID: [Section.Item.ID: Int] = [:]
      for (i, item) in old.items.enumerated() where oldIndexByID[item.id] == nil {
        oldIndexByID[item.id] = i
      }
      var sources: [ItemPath?] = []
      for (j, item) in new.items.enumerated() {
        guard let i = oldIndexByID.removeValue(forKey: item.id) else {
          sources.append(nil)
          continue
        }
        sources.append(ItemPath(section: oldPosition.section, item: i))
        if old.items[i] != item {
          output.reloads.append(ItemPath(section: newPosition.section, item: j))
        }
      }
      output.itemSources[newPosition.section] = ItemSources(sources)
      if !new.hasSameHeader(as: old) { output.headerChanges.insert(newPosition.section) }
    }
    core.send(.delta(output.delta(old: before, new: sections), isRediffed: false))
  }

  /// Upstream's placement with a section at `old` in old and `new` in new.
  private func sectionPlacement(_ placement: Placement, from old: Int?, to new: Int?) -> Placement {
    func outputIndex(_ s: Int) -> Int { old.map { s >= $0 ? s + 1 : s } ?? s }
    func upstreamIndex(_ t: Int) -> Int { new.map { t > $0 ? t - 1 : t } ?? t }
    let count = placement.sectionSources.count + (new == nil ? 0 : 1)
    var output = Placement(
      sectionSources: [], oldSectionCount: placement.oldSectionCount + (old == nil ? 0 : 1))
    output.sectionSources.reserveCapacity(count)
    for t in 0..<count {
      if t == new {
        output.sectionSources.append(old ?? -1)
      } else {
        let s = placement.sectionSources[upstreamIndex(t)]
        output.sectionSources.append(s >= 0 ? outputIndex(s) : -1)
      }
    }
    func lift(_ t: Int) -> Int { new.map { t >= $0 ? t + 1 : t } ?? t }
    for (t, sources) in placement.itemSources {
      output.itemSources[lift(t)] = ItemSources(
        sources.lazy.map { source in
          source.map { ItemPath(section: outputIndex($0.section), item: $0.item) }
        })
    }
    if let new, old == nil, case .section(let section, _) = element {
      output.itemSources[new] = ItemSources(repeating: nil, count: section.items.count)
    }
    output.reloads = placement.reloads.map { ItemPath(section: lift($0.section), item: $0.item) }
    output.headerChanges = Set(placement.headerChanges.map(lift))
    return output
  }

  /// Upstream's placement with an item at `old` in old and `new` in new.
  private func itemPlacement(
    _ placement: Placement, from old: ItemPath?, to new: ItemPath?, upstreamSections: [Section]
  ) -> Placement {
    func outputPath(_ path: ItemPath) -> ItemPath {
      guard let old, old.section == path.section, path.item >= old.item else { return path }
      return ItemPath(section: path.section, item: path.item + 1)
    }
    var output = placement
    var touched = Set(placement.itemSources.keys)
    if let new { touched.insert(new.section) }
    if let old {
      let t = placement.sectionTargets[old.section]
      if t >= 0 { touched.insert(t) }
    }
    for t in touched {
      var sources = placement.sources(ofSection: t, count: upstreamSections[t].items.count).map {
        $0.map(outputPath)
      }
      if let new, new.section == t { sources.insert(old, at: new.item) }
      output.itemSources[t] = ItemSources(sources)
    }
    output.reloads = placement.reloads.map { path in
      guard let new, new.section == path.section, path.item >= new.item else { return path }
      return ItemPath(section: path.section, item: path.item + 1)
    }
    return output
  }
}

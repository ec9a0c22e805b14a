import ShelfDiff

// Index names (`t`, `s`, `j`, `i`, `k`, `u`): see the top of Internal/Placement.swift.

// make specialization: Placeholder.upstreamDidChange

/// What stands in for missing data: an item in each empty section, or a
/// section while upstream has none ("No matches", "Loading…").
///
/// The placeholder comes and goes as part of the same delta that empties or
/// fills upstream, so it animates with the change.
///
/// - Complexity: An upstream change costs O(*s* + *c* + *t*) for *s*
///   sections, *c* changes and *t* items in the sections it touches.
public final class Placeholder<Section: ChainableSection>: SectionSource, PlacementTelling {
  /// What stands in, and where.
  public enum Kind {
    /// An item, made from its section, as the only item of each empty
    /// section; give each section's placeholder its own id.
    case item((Section) -> Section.Item)
    /// A section, shown alone while upstream has no sections.
    case section(Section)
  }

  /// Upstream's sections, with the placeholder where upstream is empty.
  public var sections: [Section] { core.sections }
  /// How many upstream changes did not fit upstream's sections and were re-diffed.
  public var fallbackCount: Int { core.fallbackCount }

  private let core: LinkCore<Section, Section>
  private let kind: Kind
  var observers: Observers { core.observers }

  /// `upstream` with `kind` of placeholder where it is empty.
  public init(_ upstream: any SectionSource<Section>, _ kind: Kind) {
    self.kind = kind
    core = LinkCore(upstream, sections: Self.output(of: upstream.sections, kind: kind))
    core.start(self) { link, change, told in link.upstreamDidChange(change, told: told) }
  }

  /// Registers `observer` for every later change.
  @discardableResult
  public func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    core.observe(observer)
  }

  /// The sections recomputed from upstream, for tests of the translation.
  package var expectedSections: [Section] { Self.output(of: core.upstream.sections, kind: kind) }

  /// `upstreamSections` with `kind` of placeholder where they are empty.
  private static func output(of upstreamSections: [Section], kind: Kind) -> [Section] {
    switch kind {
    case .item(let make):
      return upstreamSections.map { $0.items.isEmpty ? $0.with(items: [make($0)]) : $0 }
    case .section(let placeholder):
      return upstreamSections.isEmpty ? [placeholder] : upstreamSections
    }
  }

  /// Translates `change`, whose placement upstream worked out as `told`
  /// (nil when it did not).
  private func upstreamDidChange(_ change: SourceChange, told: Placement?) {
    let upstreamSections = core.upstream.sections
    let oldCount = core.upstreamCounts.count
    if case .section = kind, case .delta(let delta, _) = change, oldCount > 0,
      !upstreamSections.isEmpty,
      delta.sections.placement(oldCount: oldCount, newCount: upstreamSections.count) != nil
    {
      // Upstream had sections and still has: no placeholder before or after,
      // so this link is the identity and upstream's delta is its own, as it
      // is. Nothing to map, so its items are not read into a placement: the
      // next link, or the holder's replay check, reads them.
      core.reader.advance(past: change, of: upstreamSections, told: told)
      core.output.replace(with: upstreamSections)
      observers.send(change, placement: told)
      return
    }
    guard
      let (placement, isRediffed) = core.placement(
        of: change, in: upstreamSections, recomputed: { expectedSections })
    else { return }
    let output: Placement
    let old: SectionsBefore<Section>
    switch kind {
    case .item(let make):
      (output, old) = translateItems(
        placement, oldCounts: core.oldUpstreamCounts, make: make, from: upstreamSections)
    case .section(let placeholder):
      old = SectionsBefore(all: core.output.sections)
      output = translateSection(placement, placeholder: placeholder, from: upstreamSections)
    }
    observers.send(
      .delta(output.delta(old: old, new: core.output.sections), isRediffed: isRediffed))
  }

  private func translateItems(
    _ placement: Placement, oldCounts: [Int], make: (Section) -> Section.Item,
    from upstreamSections: [Section]
  ) -> (Placement, SectionsBefore<Section>) {
    // Only the old sections read: holding all of them would make the
    // in-place update below copy the array.
    let old =
      placement.keepsSections
      ? SectionsBefore(core.output.sections, readBy: placement)
      : SectionsBefore(all: core.output.sections)
    var output = placement
    // A kept, re-headed empty section may get a different placeholder.
    for t in placement.headerChanges where upstreamSections[t].items.isEmpty {
      if output.itemSources[t] == nil { output.itemSources[t] = [] }
    }
    var touched: [Int: Section] = [:]
    for t in Array(output.itemSources.keys) {
      let section = upstreamSections[t]
      guard section.items.isEmpty else {
        touched[t] = section
        continue
      }
      let item = make(section)
      let s = placement.sectionSources[t]
      if s >= 0 && oldCounts[s] == 0 {
        output.itemSources[t] = [ItemPath(section: s, item: 0)]
        if old[s].items[0] != item { output.reloads.append(ItemPath(section: t, item: 0)) }
      } else {
        output.itemSources[t] = [nil]
      }
      touched[t] = section.with(items: [item])
    }
    if placement.keepsSections {
      core.output.update { sections in
        for (t, section) in touched { sections[t] = section }
        for t in placement.headerChanges where touched[t] == nil {
          sections[t] = upstreamSections[t].with(items: sections[t].items)
        }
      }
    } else {
      let oldSections = core.output.sections
      var sections = placement.sectionSources.enumerated().map { t, s in
        touched[t] ?? oldSections[s]
      }
      for t in placement.headerChanges where touched[t] == nil {
        sections[t] = upstreamSections[t].with(items: sections[t].items)
      }
      core.output.replace(with: sections)
    }
    return (output, old)
  }

  private func translateSection(
    _ placement: Placement, placeholder: Section, from upstreamSections: [Section]
  ) -> Placement {
    let wasShowing = placement.oldSectionCount == 0
    let isShowing = upstreamSections.isEmpty
    core.output.replace(with: isShowing ? [placeholder] : upstreamSections)
    switch (wasShowing, isShowing) {
    case (false, false):
      return placement
    case (true, true):
      return Placement.identity(sectionCount: 1)
    case (true, false):
      var output = Placement(
        sectionSources: [Int](repeating: -1, count: upstreamSections.count), oldSectionCount: 1)
      for (t, section) in upstreamSections.enumerated() {
        output.itemSources[t] = ItemSources(repeating: nil, count: section.items.count)
      }
      return output
    case (false, true):
      var output = Placement(sectionSources: [-1], oldSectionCount: placement.oldSectionCount)
      output.itemSources[0] = ItemSources(repeating: nil, count: placeholder.items.count)
      return output
    }
  }
}

import ShelfDiff

// Index names (`t`, `s`, `j`, `i`, `k`, `u`): see the top of Internal/Placement.swift.

// make specialization: EmptySectionFilter.upstreamDidChange EmptySectionFilter.translate

/// The sections of an upstream source that hold at least one item: a section
/// that empties is deleted, one that fills again is inserted.
///
/// - Complexity: An upstream change costs O(*s* + *c* + *t*) for *s*
///   sections, *c* changes and *t* items in the sections it touches (plus
///   O(*t* log *t*) where items move, O(*s* log *s*) where sections move).
public final class EmptySectionFilter<Section: ChainableSection>: SectionSource,
  PlacementTelling
{
  /// The sections of upstream that hold items.
  public var sections: [Section] { core.sections }
  /// How many upstream changes did not fit upstream's sections and were re-diffed.
  public var fallbackCount: Int { core.fallbackCount }

  private let core: LinkCore<Section, Section>
  var observers: Observers { core.observers }

  /// The non-empty sections of `upstream`.
  public init(_ upstream: any SectionSource<Section>) {
    core = LinkCore(upstream, sections: upstream.sections.filter { !$0.items.isEmpty })
    core.start(self) { link, change, told in link.upstreamDidChange(change, told: told) }
  }

  /// Registers `observer` for every later change.
  @discardableResult
  public func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    core.observe(observer)
  }

  /// The sections recomputed from upstream, for tests of the translation.
  package var expectedSections: [Section] { core.upstream.sections.filter { !$0.items.isEmpty } }

  /// Translates `change`, whose placement upstream worked out as `told`
  /// (nil when it did not).
  private func upstreamDidChange(_ change: SourceChange, told: Placement?) {
    let upstreamSections = core.upstream.sections
    // Upstream's placement of its delta, when it tells one, names the
    // touched sections and their counts: the delta's changes are not read.
    let inPlace = told.flatMap { $0.keepsSections ? $0 : nil }
    core.reader.advance(past: change, of: upstreamSections, told: inPlace)
    let (oldCounts, newCounts) = (core.oldUpstreamCounts, core.upstreamCounts)
    if case .delta(let delta, let isRediffed) = change,
      let touched = inPlace?.touchedOrReheadedSections
        ?? Self.sectionsOfItemChanges(in: delta, sectionCount: oldCounts.count),
      upstreamSections.count == oldCounts.count,
      let (renumbered, rank) = Self.renumbered(
        delta, touched: touched, oldCounts: oldCounts, newCounts: newCounts)
    {
      // Renumbering does not read items, so they are not read into a
      // placement here: the next link, or the holder's replay check, does.
      // Each touched section once: the delta names one for each of its changes.
      var isCopied = [Bool](repeating: false, count: rank.count)
      core.output.update { sections in
        for t in touched where rank[t] >= 0 && !isCopied[t] {
          isCopied[t] = true
          sections[rank[t]] = upstreamSections[t]
        }
        for reload in delta.sections.reloads where rank[reload.to] >= 0 {
          sections[rank[reload.to]] = upstreamSections[reload.to]
        }
      }
      // With no empty section, before or after, the output is upstream's:
      // so is the placement of its delta.
      let isSame = !rank.contains(-1)
      observers.send(
        .delta(renumbered, isRediffed: isRediffed), placement: isSame ? told : nil)
      return
    }
    guard
      let (placement, isRediffed) = core.placement(
        of: change, in: upstreamSections, isAdvanced: true, recomputed: { expectedSections })
    else { return }
    let (output, upstreamIndices) = translate(
      placement, oldCounts: oldCounts, newCounts: newCounts)
    let old: SectionsBefore<Section>
    if output.keepsSections {
      // The same sections shown: only the touched and re-headed ones
      // change, in place, so the output's array is not copied.
      old = SectionsBefore(core.output.sections, readBy: output)
      core.output.update { sections in
        for u in output.itemSources.keys { sections[u] = upstreamSections[upstreamIndices[u]] }
        for u in output.headerChanges { sections[u] = upstreamSections[upstreamIndices[u]] }
      }
    } else {
      old = SectionsBefore(all: core.output.sections)
      core.output.replace(with: upstreamSections.filter { !$0.items.isEmpty })
    }
    observers.send(
      .delta(output.delta(old: old, new: core.output.sections), isRediffed: isRediffed))
  }

  /// The sections that `delta`'s item changes name, when it keeps every one
  /// of `sectionCount` sections in place (no section inserted, deleted or
  /// moved) and names none outside them; nil otherwise. A section may be
  /// listed more than once.
  ///
  /// - Complexity: O(*c*) for *c* changes.
  private static func sectionsOfItemChanges(in delta: SectionDelta, sectionCount: Int) -> [Int]? {
    let sections = delta.sections
    guard sections.deletions.isEmpty, sections.insertions.isEmpty, sections.moves.isEmpty
    else { return nil }
    let range = 0..<sectionCount
    var touched: [Int] = []
    touched.reserveCapacity(delta.items.changeCount + delta.items.moves.count)
    for path in delta.items.deletions { touched.append(path.section) }
    for path in delta.items.insertions { touched.append(path.section) }
    for move in delta.items.moves {
      touched.append(move.from.section)
      touched.append(move.to.section)
    }
    for reload in delta.items.reloads { touched.append(reload.to.section) }
    for t in touched where !range.contains(t) { return nil }
    for reload in sections.reloads where !range.contains(reload.to) || reload.from != reload.to {
      return nil
    }
    return touched
  }

  /// Upstream's delta in the output's section numbers, with each section's
  /// rank among the non-empty, when the change keeps every section in place
  /// (`touched`: the sections its items name) and empties or fills none:
  /// then the output's sections are upstream's non-empty ones throughout,
  /// and only the empty ones' absence shifts indices. Nil otherwise.
  ///
  /// - Complexity: O(*s* + *c*) integer steps for *s* sections and *c* changes.
  private static func renumbered(
    _ delta: SectionDelta, touched: [Int], oldCounts: [Int], newCounts: [Int]
  ) -> (SectionDelta, rank: [Int])? {
    guard oldCounts.count == newCounts.count else { return nil }
    for t in touched where (oldCounts[t] > 0) != (newCounts[t] > 0) { return nil }
    var rank = [Int](repeating: -1, count: newCounts.count)
    var next = 0
    for (t, count) in newCounts.enumerated() where count > 0 {
      rank[t] = next
      next += 1
    }
    guard next < newCounts.count else { return (delta, rank) }
    func renumber(_ path: ItemPath) -> ItemPath {
      ItemPath(section: rank[path.section], item: path.item)
    }
    // Changed items are all in non-empty sections; ranks keep their order.
    var output = SectionDelta()
    output.sections.reloads = delta.sections.reloads.compactMap { reload in
      rank[reload.to] >= 0 ? IndexDelta.Reload(from: rank[reload.from], to: rank[reload.to]) : nil
    }
    output.items.deletions = delta.items.deletions.map(renumber)
    output.items.insertions = delta.items.insertions.map(renumber)
    output.items.moves = delta.items.moves.map {
      SectionDelta.Items.Move(from: renumber($0.from), to: renumber($0.to))
    }
    output.items.reloads = delta.items.reloads.map {
      SectionDelta.Items.Reload(from: renumber($0.from), to: renumber($0.to))
    }
    return (output, rank)
  }

  /// Maps upstream's placement to the output's, by section ranks among the
  /// non-empty; also gives the upstream index of each output section.
  private func translate(_ placement: Placement, oldCounts: [Int], newCounts: [Int]) -> (
    Placement, upstreamIndices: [Int]
  ) {
    func ranks(_ counts: [Int]) -> [Int] {
      var next = 0
      return counts.map { count in
        guard count > 0 else { return -1 }
        defer { next += 1 }
        return next
      }
    }
    let oldRank = ranks(oldCounts)
    let newRank = ranks(newCounts)
    var output = Placement(
      sectionSources: [], oldSectionCount: oldRank.lazy.filter { $0 >= 0 }.count)
    output.sectionSources.reserveCapacity(newCounts.count)
    var upstreamIndices: [Int] = []
    upstreamIndices.reserveCapacity(newCounts.count)
    for (t, s) in placement.sectionSources.enumerated() where newRank[t] >= 0 {
      output.sectionSources.append(s >= 0 ? oldRank[s] : -1)
      upstreamIndices.append(t)
    }
    // An output section is new or changed only where upstream's is touched:
    // an untouched one keeps its count, so it neither empties nor fills.
    for (t, sources) in placement.itemSources where newRank[t] >= 0 {
      output.itemSources[newRank[t]] = ItemSources(
        sources.lazy.map { source in
          source.map { ItemPath(section: oldRank[$0.section], item: $0.item) }
        })
    }
    for t in placement.headerChanges where newRank[t] >= 0 {
      output.headerChanges.insert(newRank[t])
    }
    for path in placement.reloads {
      output.reloads.append(ItemPath(section: newRank[path.section], item: path.item))
    }
    return (output, upstreamIndices)
  }
}

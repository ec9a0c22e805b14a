import ShelfDiff

/// The sections of an upstream source that hold at least one item: a section
/// that empties is deleted, one that fills again is inserted.
///
/// - Complexity: An upstream change costs O(*s* + *c* + *t*) for *s*
///   sections, *c* changes and *t* items in the sections it touches (plus
///   O(*t* log *t*) where items move, O(*s* log *s*) where sections move).
public final class EmptySectionFilter<Section: ChainableSection>: SectionSource {
  /// The sections of upstream that hold items.
  public private(set) var sections: [Section]
  /// How many upstream changes did not fit upstream's sections and were re-diffed.
  public private(set) var fallbackCount = 0

  private let upstream: any SectionSource<Section>
  private var observers = Observers()
  private var upstreamCounts: [Int]

  /// The non-empty sections of `upstream`.
  public init(_ upstream: any SectionSource<Section>) {
    self.upstream = upstream
    upstreamCounts = upstream.sections.itemCounts
    sections = upstream.sections.filter { !$0.items.isEmpty }
    upstream.observe { [weak self] change in self?.upstreamDidChange(change) }
  }

  /// Registers `observer` for every later change.
  public func observe(_ observer: @escaping (SourceChange) -> Void) { observers.add(observer) }

  /// The sections recomputed from upstream, for tests of the translation.
  package var expectedSections: [Section] { upstream.sections.filter { !$0.items.isEmpty } }

  private func upstreamDidChange(_ change: SourceChange) {
    let upstreamSections = upstream.sections
    let newCounts = upstreamSections.itemCounts
    switch UpstreamChange(change, oldCounts: upstreamCounts, newCounts: newCounts) {
    case .reload:
      sections = expectedSections
      observers.send(.reload)
    case .unmappable:
      let old = sections
      sections = expectedSections
      fallbackCount += 1
      observers.send(.delta(SectionDelta(from: old, to: sections), isRediffed: true))
    case .placement(let placement, let isRediffed):
      let old = sections
      let output = translate(placement, oldCounts: upstreamCounts, newCounts: newCounts)
      upstreamCounts = newCounts
      sections = upstreamSections.filter { !$0.items.isEmpty }
      observers.send(.delta(output.delta(old: old, new: sections), isRediffed: isRediffed))
    }
  }

  /// Maps upstream's placement to the output's, by section ranks among the non-empty.
  private func translate(_ placement: Placement, oldCounts: [Int], newCounts: [Int]) -> Placement {
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
    for (t, s) in placement.sectionSources.enumerated() where newRank[t] >= 0 {
      output.sectionSources.append(s >= 0 ? oldRank[s] : -1)
    }
    for t in placement.sectionSources.indices where newRank[t] >= 0 {
      let u = newRank[t]
      let isTouched = placement.itemSources[t] != nil
      guard isTouched || output.sectionSources[u] < 0 else {
        if placement.headerChanges.contains(t) { output.headerChanges.insert(u) }
        continue
      }
      output.itemSources[u] = placement.sources(ofSection: t, count: newCounts[t]).map { source in
        source.map { ItemPath(section: oldRank[$0.section], item: $0.item) }
      }
      if placement.headerChanges.contains(t) { output.headerChanges.insert(u) }
    }
    for path in placement.reloads {
      output.reloads.insert(ItemPath(section: newRank[path.section], item: path.item))
    }
    return output
  }
}

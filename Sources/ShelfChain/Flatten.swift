import ShelfDiff

// Index names (`t`, `s`, `j`, `i`, `k`, `u`): see the top of Internal/Placement.swift.

// make specialization skips: Flatten.upstreamDidChange (its release build in Benchmarks runs
// unspecialised: the generic body is not exported to clients; to mend, then check)

/// All the items of an upstream source in one section: a list without
/// headings, or a grid of everything.
///
/// Each upstream delta is translated through the flat positions (a move
/// between sections can turn into no move at all, and a moved section into
/// a run of moved items); moves stay minimal.
///
/// - Complexity: An upstream change that touches items costs O(*n* log *n*)
///   for the *n* items of the one section, O(*n*) when nothing moves: the
///   section is rebuilt, as an array is. Header-only changes cost O(*s*).
public final class Flatten<Section: ChainableSection>: SectionSource {
  /// One section: `section`'s header with every upstream item.
  public var sections: [Section] { core.sections }
  /// How many upstream changes did not fit upstream's sections and were re-diffed.
  public var fallbackCount: Int { core.fallbackCount }

  private let core: LinkCore<Section, Section>
  private let section: Section

  /// The items of `upstream` as the items of `section` (whose own items are
  /// replaced).
  public init(_ upstream: any SectionSource<Section>, into section: Section) {
    self.section = section
    core = LinkCore(upstream, sections: [section.with(items: upstream.allItems)])
    core.start(self) { link, change in link.upstreamDidChange(change) }
  }

  /// Registers `observer` for every later change.
  @discardableResult
  public func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    core.observe(observer)
  }

  /// The sections recomputed from upstream, for tests of the translation.
  package var expectedSections: [Section] { [section.with(items: core.upstream.allItems)] }

  private func upstreamDidChange(_ change: SourceChange) {
    let upstreamSections = core.upstream.sections
    guard
      let (placement, isRediffed) = core.placement(
        of: change, in: upstreamSections, recomputed: { expectedSections })
    else { return }
    let (oldCounts, newCounts) = (core.oldUpstreamCounts, core.upstreamCounts)
    let old = sections
    var output = Placement.identity(sectionCount: 1)
    if !placement.itemSources.isEmpty || !placement.keepsSections {
      var oldStarts: [Int] = []
      oldStarts.reserveCapacity(oldCounts.count)
      var start = 0
      for count in oldCounts {
        oldStarts.append(start)
        start += count
      }
      var sources: [ItemPath?] = []
      sources.reserveCapacity(newCounts.reduce(0, +))
      var newStarts: [Int] = []
      newStarts.reserveCapacity(newCounts.count)
      for (t, count) in newCounts.enumerated() {
        newStarts.append(sources.count)
        if let itemSources = placement.itemSources[t] {
          for source in itemSources {
            sources.append(
              source.map { ItemPath(section: 0, item: oldStarts[$0.section] + $0.item) })
          }
        } else {
          let from = oldStarts[placement.sectionSources[t]]
          for j in 0..<count { sources.append(ItemPath(section: 0, item: from + j)) }
        }
      }
      output.itemSources[0] = ItemSources(sources)
      output.reloads = placement.reloads.map {
        ItemPath(section: 0, item: newStarts[$0.section] + $0.item)
      }
      core.output.replace(with: [section.with(items: upstreamSections.flatMap(\.items))])
    }
    core.send(.delta(output.delta(old: old, new: sections), isRediffed: isRediffed))
  }
}

import ShelfDiff

// Index names (`t`, `s`, `j`, `i`, `k`, `u`): see the top of Internal/Placement.swift.

// make specialization: Concat.sourceDidChange

/// The sections of several sources, one after another, in order: several
/// catalogs on one screen, each animating on its own.
///
/// A change of one source is its delta shifted by the sections before it;
/// the others are untouched.
///
/// - Complexity: A change of one source costs O(*s* + *k* + *c* + *t*) for
///   *s* sections in all, *k* sources, *c* changes and *t* items in the
///   sections it touches.
public final class Concat<Section: ChainableSection>: SectionSource {
  /// The sections of every source, in the order of `sources`.
  public var sections: [Section] { output.sections }
  /// How many changes did not fit their source's sections and were re-diffed.
  public var fallbackCount: Int { readers.reduce(0) { $0 + $1.fallbackCount } }
  /// The sources, in the order their sections appear.
  public let sources: [any SectionSource<Section>]

  private let observers = Observers()
  /// A reader of each source's changes.
  private var readers: [UpstreamReader]
  private var output = SectionBuffer<Section>([])

  /// The sections of `sources`, concatenated.
  public init(_ sources: [any SectionSource<Section>]) {
    self.sources = sources
    readers = sources.map { UpstreamReader($0.sections) }
    output.replace(with: sources.flatMap { $0.sections })
    for (index, source) in sources.enumerated() {
      source.observe { [weak self] change in self?.sourceDidChange(index, change) }
    }
  }

  /// Registers `observer` for every later change.
  @discardableResult
  public func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    observers.add(observer)
  }

  /// The sections recomputed from the sources, for tests of the translation.
  package var expectedSections: [Section] { sources.flatMap { $0.sections } }

  private func sourceDidChange(_ index: Int, _ change: SourceChange) {
    let sourceSections = sources[index].sections
    let offset = readers[..<index].reduce(0) { $0 + $1.counts.count }
    let oldCount = readers[index].counts.count
    let old = sections
    var new = old
    new.replaceSubrange(offset..<(offset + oldCount), with: sourceSections)
    let reading = readers[index].read(change, of: sourceSections, output: &output) { new }
    switch reading {
    case .handled(let change):
      observers.send(change)
    case .placement(let placement, let isRediffed):
      self.output.replace(with: new)
      let oldCounts = readers[index].oldCounts
      let after = old.count - offset - oldCounts.count
      var output = Placement(sectionSources: Array(0..<offset), oldSectionCount: old.count)
      output.sectionSources.reserveCapacity(sections.count)
      for s in placement.sectionSources { output.sectionSources.append(s >= 0 ? s + offset : -1) }
      let oldEnd = offset + oldCounts.count
      output.sectionSources.append(contentsOf: oldEnd..<(oldEnd + after))
      func shift(_ path: ItemPath) -> ItemPath {
        ItemPath(section: path.section + offset, item: path.item)
      }
      for (t, sources) in placement.itemSources {
        output.itemSources[t + offset] = ItemSources(sources.lazy.map { $0.map(shift) })
      }
      output.reloads = placement.reloads.map(shift)
      output.headerChanges = Set(placement.headerChanges.map { $0 + offset })
      observers.send(.delta(output.delta(old: old, new: sections), isRediffed: isRediffed))
    }
  }
}

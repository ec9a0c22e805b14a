import ShelfDiff

/// One of several sources at a time: "all", "this one alone", a tab.
///
/// Changes of the selected source pass through as they are; the others are
/// ignored. Selecting another source animates the change by diffing the old
/// output against the new (the one place a switch diffs), told with
/// `isRediffed` true.
///
/// - Complexity: A change of the selected source costs O(1) beyond its
///   observers; selecting another costs that of `SectionDelta(from:to:)`.
public final class Switch<Section: ChainableSection>: SectionSource {
  /// The selected source's sections.
  public private(set) var sections: [Section]
  /// The sources to choose from.
  public let sources: [any SectionSource<Section>]
  /// The index of the selected source in `sources`; setting it animates the change.
  ///
  /// - Precondition: `selectedIndex` is an index of `sources`.
  public var selectedIndex: Int {
    didSet {
      precondition(sources.indices.contains(selectedIndex), "no source \(selectedIndex)")
      guard selectedIndex != oldValue else { return }
      let old = sections
      sections = sources[selectedIndex].sections
      observers.send(.delta(SectionDelta(from: old, to: sections), isRediffed: true))
    }
  }

  private var observers = Observers()

  /// A switch showing `sources[selectedIndex]`.
  ///
  /// - Precondition: `selectedIndex` is an index of `sources`.
  public init(_ sources: [any SectionSource<Section>], selectedIndex: Int = 0) {
    precondition(sources.indices.contains(selectedIndex), "no source \(selectedIndex)")
    self.sources = sources
    self.selectedIndex = selectedIndex
    sections = sources[selectedIndex].sections
    for (index, source) in sources.enumerated() {
      source.observe { [weak self] change in self?.sourceDidChange(index, change) }
    }
  }

  /// Registers `observer` for every later change.
  public func observe(_ observer: @escaping (SourceChange) -> Void) { observers.add(observer) }

  /// The sections recomputed from the selected source, for tests.
  package var expectedSections: [Section] { sources[selectedIndex].sections }

  private func sourceDidChange(_ index: Int, _ change: SourceChange) {
    guard index == selectedIndex else { return }
    sections = sources[index].sections
    observers.send(change)
  }
}

import ShelfDiff

// make specialization: SourceSwitch.sourceDidChange

/// One of several sources at a time: "all", "this one alone", a tab.
///
/// Changes of the selected source pass through as they are; the others are
/// ignored. Selecting another source animates the change by diffing the old
/// output against the new (the one place a switch diffs), told with
/// `isRediffed` true.
///
/// - Complexity: A change of the selected source costs O(1) beyond its
///   observers; selecting another costs that of `SectionDelta(from:to:)`.
public final class SourceSwitch<Section: ChainableSection>: SectionSource {
  /// The selected source's sections.
  public private(set) var sections: [Section]
  /// The sources to choose from.
  public let sources: [any SectionSource<Section>]
  /// The index of the selected source in `sources`; setting it animates the change.
  ///
  /// - Precondition: `selectedIndex` is an index of `sources`.
  public var selectedIndex: Int {
    didSet {
      guard sources.indices.contains(selectedIndex) else {
        fatalError("SourceSwitch has no source \(selectedIndex) of \(sources.count)")
      }
      guard selectedIndex != oldValue, !isSelectingWithDelta else { return }
      let old = sections
      sections = sources[selectedIndex].sections
      observers.send(.delta(SectionDelta(from: old, to: sections), isRediffed: true))
    }
  }

  private let observers = Observers()

  /// Selects `sources[index]` with `delta` computed elsewhere (off the main
  /// queue, from the same two outputs), so that the switch itself costs no
  /// diff; observers are told as for `selectedIndex`.
  ///
  /// - Precondition: `delta` turns the current output into `sources[index]`'s
  ///   sections; nothing changed either since it was computed.
  /// - Complexity: O(1) beyond the observers.
  package func select(_ index: Int, delta: SectionDelta) {
    guard sources.indices.contains(index) else {
      fatalError("SourceSwitch has no source \(index) of \(sources.count)")
    }
    guard index != selectedIndex else { return }
    isSelectingWithDelta = true
    selectedIndex = index
    isSelectingWithDelta = false
    sections = sources[index].sections
    observers.send(.delta(delta, isRediffed: true))
  }

  /// Set while `select(_:delta:)` changes the index: no diff then.
  private var isSelectingWithDelta = false

  /// A switch showing `sources[selectedIndex]`.
  ///
  /// - Precondition: `selectedIndex` is an index of `sources`.
  public init(_ sources: [any SectionSource<Section>], selectedIndex: Int = 0) {
    guard sources.indices.contains(selectedIndex) else {
      fatalError("SourceSwitch has no source \(selectedIndex) of \(sources.count)")
    }
    self.sources = sources
    self.selectedIndex = selectedIndex
    sections = sources[selectedIndex].sections
    for (index, source) in sources.enumerated() {
      source.observe { [weak self] change in self?.sourceDidChange(index, change) }
    }
  }

  /// Registers `observer` for every later change.
  @discardableResult
  public func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    observers.add(observer)
  }

  /// The sections recomputed from the selected source, for tests.
  package var expectedSections: [Section] { sources[selectedIndex].sections }

  private func sourceDidChange(_ index: Int, _ change: SourceChange) {
    guard index == selectedIndex else { return }
    sections = sources[index].sections
    observers.send(change)
  }
}

/// The former name of ``SourceSwitch``, which keeps clear of the
/// frameworks' switches.
@available(*, deprecated, renamed: "SourceSwitch")
public typealias Switch = SourceSwitch

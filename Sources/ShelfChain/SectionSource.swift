import ShelfDiff

/// Sections of items that change over time and say how: the links of a chain.
///
/// A source has current `sections` and tells each observer about every change
/// as a `SourceChange`: a `SectionDelta` from the previous sections to the
/// current ones (valid for `SectionDelta.applied(to:with:)`, replaying exactly),
/// or a reload. Transforms are sources built on other sources; they translate
/// each upstream delta through their own index mapping instead of diffing.
///
/// Sources are `final class`es, deliberately not `Sendable`: a transform has
/// identity (observers registered upstream, an output it updates in place so a
/// change costs what it touches, not a copy of the data), and a chain runs
/// synchronously, one change through every link in one call. Swift 6 keeps a
/// whole chain in the one isolation domain that built it (an actor, the main
/// actor, or a task); what leaves the chain, `sections` and deltas, is
/// `Sendable`, ready for a live holder such as `CollectionSectionData`.
public protocol SectionSource<Section>: AnyObject {
  /// The type of the sections.
  associatedtype Section: ChainableSection

  /// The current sections.
  var sections: [Section] { get }

  /// Calls `observer` after every later change, with `sections` already new.
  /// The source keeps `observer` as long as it lives: capture the observing
  /// object weakly.
  func observe(_ observer: @escaping (SourceChange) -> Void)
}

extension SectionSource {
  /// The items of the current sections, in paths' order, as one array.
  ///
  /// - Complexity: O(*n*) where *n* is the number of items.
  public var allItems: [Section.Item] { sections.flatMap(\.items) }
}

/// The observers of one source, told in the order they registered.
struct Observers {
  private var list: [(SourceChange) -> Void] = []

  mutating func add(_ observer: @escaping (SourceChange) -> Void) { list.append(observer) }

  func send(_ change: SourceChange) {
    for observer in list { observer(change) }
  }
}

/// The fallback of a link given a change it cannot map: its `output` becomes
/// `recomputed` and the fallback is counted; returns the change to tell, the
/// diff of the two, marked as re-diffed. (It returns rather than tells: an
/// observer reads the link's output, which must not be mid-write then.)
///
/// - Complexity: That of `SectionDelta(from:to:)`.
func rediff<Section: DiffableSection>(
  _ output: inout [Section], to recomputed: [Section], counting fallbackCount: inout Int
) -> SourceChange {
  let old = output
  output = recomputed
  fallbackCount += 1
  return .delta(SectionDelta(from: old, to: output), isRediffed: true)
}

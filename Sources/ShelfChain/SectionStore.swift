import ShelfDiff

/// The root of a chain: sections that you set, told downstream as deltas.
///
/// `update(_:)` diffs the old and new sections (the one diff a chain needs, at
/// its source); `update(_:delta:)` takes a delta you already have, such as the
/// one a live catalog source computed.
///
/// - Complexity: `update(_:)` is that of `SectionDelta(from:to:)`;
///   `update(_:delta:)` and `reload(_:)` are O(1) plus what the observers do.
public final class SectionStore<Section: ChainableSection>: SectionSource {
  /// The current sections.
  public private(set) var sections: [Section]
  private var observers = Observers()

  /// A store holding `sections`.
  public init(_ sections: [Section] = []) {
    self.sections = sections
  }

  /// Registers `observer` for every later change.
  public func observe(_ observer: @escaping (SourceChange) -> Void) { observers.add(observer) }

  /// Replaces the sections and tells the observers the delta between them.
  public func update(_ sections: [Section]) {
    let delta = SectionDelta(from: self.sections, to: sections)
    self.sections = sections
    observers.send(.delta(delta, isRediffed: false))
  }

  /// Replaces the sections with `sections`, which `delta` turns the current
  /// sections into.
  ///
  /// - Precondition: `delta` replays the current sections into `sections`.
  ///   Transforms check it against the sections it names and fall back to
  ///   diffing, saying so, when it does not fit them; they take the item
  ///   counts of the sections it does not name as unchanged (a holder's
  ///   replay check still catches a delta that breaks this).
  public func update(_ sections: [Section], delta: SectionDelta) {
    self.sections = sections
    observers.send(.delta(delta, isRediffed: false))
  }

  /// Replaces the sections and tells the observers to reload, not animate.
  public func reload(_ sections: [Section]) {
    self.sections = sections
    observers.send(.reload)
  }
}

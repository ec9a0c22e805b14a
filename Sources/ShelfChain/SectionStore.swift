import ShelfDiff

// make specialization: SectionStore.update

/// The root of a chain: sections that you set, told downstream as deltas.
///
/// `update(_:)` diffs the old and new sections (the one diff a chain needs, at
/// its source); `update(_:delta:)` takes a delta you already have, such as the
/// one a live catalog source computed, and checks it before any link sees it.
///
/// - Complexity: `update(_:)` is that of `SectionDelta(from:to:)`;
///   `update(_:delta:)` is that of checking the delta (O(*s* + *c* + *t*), see
///   there) plus what the observers do; `reload(_:)` is O(1) plus what the
///   observers do.
public final class SectionStore<Section: ChainableSection>: SectionSource, PlacementTelling {
  /// The current sections.
  public private(set) var sections: [Section]
  /// How many deltas given to `update(_:delta:)` failed its check and were
  /// replaced by a diff.
  public private(set) var rejectedDeltaCount = 0
  /// Called with each delta given to `update(_:delta:)` that fails its
  /// check, before the observers are told the diff that replaces it.
  public var onRejectedDelta: ((SectionDelta) -> Void)?
  /// Called with the duplicate ids of each update's delta, before the
  /// observers are told it: ``ChainIssue/duplicateIDs(sections:items:)``.
  public var onIssue: ((ChainIssue) -> Void)?
  /// The observers, told each supplied delta with the placement its check read.
  let observers = Observers()
  /// The item count of each of `sections`, for reading a supplied delta.
  private var counts: [Int]

  /// A store holding `sections`.
  public init(_ sections: [Section] = []) {
    self.sections = sections
    counts = sections.itemCounts
  }

  /// Registers `observer` for every later change.
  @discardableResult
  public func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    observers.add(observer)
  }

  /// Replaces the sections and tells the observers the delta between them.
  public func update(_ sections: [Section]) {
    let delta = SectionDelta(from: self.sections, to: sections)
    self.sections = sections
    counts = sections.itemCounts
    reportDuplicates(in: delta)
    observers.send(.delta(delta, isRediffed: false))
  }

  /// Replaces the sections with `sections`, which `delta` should turn the
  /// current sections into, and tells the observers `delta` once it is
  /// checked.
  ///
  /// Every link after the store trusts the deltas it is told (it reads only
  /// the sections a delta names), so a wrong delta would leave them all
  /// stale. The store checks `delta` first, as a live holder does
  /// (`CollectionSectionData.update(_:delta:)`): a delta that fails is
  /// counted in `rejectedDeltaCount`, given to `onRejectedDelta`, and
  /// replaced by the diff of the two versions, told with `isRediffed` true.
  /// It is never passed on.
  ///
  /// The check replays the delta on the current sections and compares the
  /// result with `sections`. It verifies that:
  /// - every index it names is in range, each old item leaves and each new
  ///   slot fills at most once, and every section's item count fits it,
  ///   the sections it does not name included;
  /// - every section it keeps has its id, and its header unless reloaded;
  /// - every item it keeps or moves (not inserted, not reloaded) is `==`
  ///   to the item at its new path, so an item whose change the delta omits
  ///   fails it.
  ///
  /// It does not verify what only a diff could tell:
  /// - inserted items and sections, and reloaded items and headers, are
  ///   taken from `sections` as they are (a reload of an unchanged item, or
  ///   a deletion and insertion of the same id instead of a move, passes);
  /// - that the delta is minimal.
  ///
  /// - Complexity: O(*s* + *c* + *t*) for *s* sections, *c* changes and *t*
  ///   items in the sections the delta touches, where the untouched
  ///   sections cost a pass over their bytes (the same sections in both
  ///   versions, as an edit of a copy keeps them, are not compared item by
  ///   item); plus a diff when the delta fails.
  public func update(_ sections: [Section], delta: SectionDelta) {
    accept(sections, delta: delta, checksContent: true)
  }

  /// Replaces the sections with `sections`, which `delta` turns the current
  /// sections into, as `update(_:delta:)` does, but checks only that the
  /// delta fits the sections' item counts (each section's, before and
  /// after), not the items it keeps or their order: for a
  /// delta just computed from these very sections (a converter's diff of
  /// the version the store holds), where that check would only repeat the
  /// diff's work, a pass over every item of the sections it touches (a
  /// million cards, on the queue that draws the screen). A delta that does
  /// not fit is counted, reported and replaced by a diff, as there.
  ///
  /// - Complexity: O(*s* + *c* + *t*) for *s* sections, *c* changes and *t*
  ///   items in the sections the delta touches, without comparing an item;
  ///   plus a diff when the delta does not fit.
  public func update(_ sections: [Section], trustedDelta delta: SectionDelta) {
    accept(sections, delta: delta, checksContent: false)
  }

  /// `update(_:delta:)`, its check of the kept items only when `checksContent`.
  private func accept(_ sections: [Section], delta: SectionDelta, checksContent: Bool) {
    let old = self.sections
    self.sections = sections
    // Links translate item changes: sections whose items a delta left
    // undiffed are diffed here, each within itself.
    let delta =
      delta.undiffedSections.allSatisfy({ $0.from < old.count && $0.to < sections.count })
      ? delta.diffingUndiffedSections(from: old, to: sections) : delta
    // The check reads the delta as a placement, as the first link would:
    // the placement goes down with the delta, so no link reads it again.
    let change = SourceChange.delta(delta, isRediffed: false)
    let newCounts = change.itemCounts(of: sections, before: counts)
    guard newCounts.count == sections.count,
      let placement = Placement(delta, oldCounts: counts, newCounts: newCounts),
      checksContent
        ? placement.replaysContent(old, into: sections) : newCounts == sections.itemCounts
    else {
      rejectedDeltaCount += 1
      counts = sections.itemCounts
      onRejectedDelta?(delta)
      let diff = SectionDelta(from: old, to: sections)
      reportDuplicates(in: diff)
      observers.send(.delta(diff, isRediffed: true))
      return
    }
    counts = newCounts
    reportDuplicates(in: delta)
    observers.send(change, placement: placement)
  }

  /// Tells `onIssue` the duplicate ids `delta` lists, if any.
  private func reportDuplicates(in delta: SectionDelta) {
    guard !delta.sections.duplicates.isEmpty || !delta.items.duplicates.isEmpty else { return }
    onIssue?(.duplicateIDs(sections: delta.sections.duplicates, items: delta.items.duplicates))
  }

  /// Replaces the sections and tells the observers to reload, not animate.
  public func reload(_ sections: [Section]) {
    self.sections = sections
    counts = sections.itemCounts
    observers.send(.reload)
  }
}

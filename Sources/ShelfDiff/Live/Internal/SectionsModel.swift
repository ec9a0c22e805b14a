/// The live pipeline's view of sectioned data: `SectionDelta` and
/// `SectionDeltaUpdatableView`.
enum SectionsModel<Section: DiffableSection & Sendable>: LiveDataModel {
  static func delta(from old: [Section], to new: [Section]) -> SectionDelta {
    SectionDelta(from: old, to: new)
  }

  /// Replays only what the delta touches: a chain's 1% change of a million
  /// items is checked in what the change costs, not in a copy of every item.
  static func isReplayable(_ delta: SectionDelta, from old: [Section], to new: [Section]) -> Bool {
    delta.replays(old, into: new)
  }

  static func dataCount(of snapshot: [Section]) -> Int {
    snapshot.reduce(snapshot.count) { $0 + $1.items.count }
  }

  static func changeCount(of delta: SectionDelta) -> Int { delta.changeCount }

  static func isEmpty(_ delta: SectionDelta) -> Bool { delta.isEmpty }

  static func issues(in delta: SectionDelta) -> [CollectionDataIssue] {
    var issues: [CollectionDataIssue] = []
    if !delta.sections.duplicates.isEmpty {
      issues.append(.duplicateIDs(delta.sections.duplicates))
    }
    if !delta.items.duplicates.isEmpty { issues.append(.duplicateItemIDs(delta.items.duplicates)) }
    return issues
  }

  static func describe(_ delta: SectionDelta, from old: [Section], to new: [Section]) -> String {
    "\(delta) does not turn sections of \(old.map(\.items.count)) items "
      + "into the \(new.map(\.items.count)) given"
  }

  static func reloads(in delta: SectionDelta, section: Int) -> [ItemPathPair] {
    delta.items.reloads.map { ItemPathPair(source: $0.from, target: $0.to) }
  }

  static func removingReloads(
    _ handled: Set<ItemPathPair>, from delta: SectionDelta, section: Int
  ) -> SectionDelta {
    var delta = delta
    delta.items.reloads.removeAll { handled.contains(ItemPathPair(source: $0.from, target: $0.to)) }
    return delta
  }

  @MainActor static func performBatchUpdates(
    on view: AnyObject, delta: SectionDelta, section: Int, updateData: @escaping () -> Void,
    completion: @escaping () -> Void
  ) {
    guard let view = view as? any SectionDeltaUpdatableView else {
      preconditionFailure("CollectionSectionData's view is a SectionDeltaUpdatableView")
    }
    view.performBatchUpdates(delta, updateData: updateData, completion: completion)
  }

  @MainActor static func reloadData(on view: AnyObject) {
    (view as? any SectionDeltaUpdatableView)?.reloadData()
  }
}

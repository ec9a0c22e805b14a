/// The live pipeline's view of one section of items: `IndexDelta` and
/// `DeltaUpdatableView`.
enum ItemsModel<Element: Identifiable & Equatable & Sendable>: LiveDataModel {
  static func delta(from old: [Element], to new: [Element]) -> IndexDelta {
    IndexDelta(from: old, to: new)
  }

  static func isReplayable(_ delta: IndexDelta, from old: [Element], to new: [Element]) -> Bool {
    delta.isValid(oldCount: old.count, newCount: new.count)
      && delta.applied(to: old, with: new) == new
  }

  static func dataCount(of snapshot: [Element]) -> Int { snapshot.count }

  static func changeCount(of delta: IndexDelta) -> Int { delta.changeCount }

  static func isEmpty(_ delta: IndexDelta) -> Bool { delta.isEmpty }

  static func issues(in delta: IndexDelta) -> [CollectionDataIssue] {
    delta.duplicates.isEmpty ? [] : [.duplicateIDs(delta.duplicates)]
  }

  static func describe(_ delta: IndexDelta, from old: [Element], to new: [Element]) -> String {
    "\(delta) does not turn \(old.count) items into the \(new.count) given"
  }

  static func reloads(in delta: IndexDelta, section: Int) -> [ItemPathPair] {
    delta.reloads.map { pair(for: $0, section: section) }
  }

  static func removingReloads(
    _ handled: Set<ItemPathPair>, from delta: IndexDelta, section: Int
  ) -> IndexDelta {
    var delta = delta
    delta.reloads.removeAll { handled.contains(pair(for: $0, section: section)) }
    return delta
  }

  private static func pair(for reload: IndexDelta.Reload, section: Int) -> ItemPathPair {
    ItemPathPair(
      source: ItemPath(section: section, item: reload.from),
      target: ItemPath(section: section, item: reload.to))
  }

  @MainActor static func performBatchUpdates(
    on view: AnyObject, delta: IndexDelta, section: Int, updateData: @escaping () -> Void,
    completion: @escaping () -> Void
  ) {
    guard let view = view as? any DeltaUpdatableView else {
      preconditionFailure("CollectionData's view is a DeltaUpdatableView")
    }
    view.performBatchUpdates(
      delta, section: section, updateData: updateData, completion: completion)
  }

  @MainActor static func reloadData(on view: AnyObject) {
    (view as? any DeltaUpdatableView)?.reloadData()
  }
}

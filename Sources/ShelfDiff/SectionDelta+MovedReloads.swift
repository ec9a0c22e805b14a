// MARK: - Items both moved and reloaded, for views that reject them

extension IndexDelta {
  /// This delta with every item that is both moved and reloaded turned into
  /// a deletion at its old index and an insertion at its new one.
  ///
  /// A delta may move and reload the same item; UIKit's batch updates reject
  /// that (an index path both moved and reloaded in one batch). Replaying the
  /// result on the old data with the new data's content still gives the new
  /// data; the item's cell is replaced rather than moved.
  ///
  /// - Complexity: O(`changeCount` log `changeCount`).
  public func separatingMovedReloads() -> IndexDelta {
    let reloaded = Set(reloads.map(\.from))
    guard moves.contains(where: { reloaded.contains($0.from) }) else { return self }
    var delta = self
    let replaced = moves.filter { reloaded.contains($0.from) }
    let replacedFroms = Set(replaced.map(\.from))
    delta.moves.removeAll { replacedFroms.contains($0.from) }
    delta.reloads.removeAll { replacedFroms.contains($0.from) }
    delta.deletions = (deletions + replaced.map(\.from)).sorted()
    delta.insertions = (insertions + replaced.map(\.to)).sorted()
    return delta
  }
}

extension SectionDelta {
  /// This delta with every item that is both moved and reloaded turned into
  /// a deletion at its old path and an insertion at its new one, as
  /// `IndexDelta.separatingMovedReloads()` does: for views such as UIKit's
  /// whose batch updates reject an index path both moved and reloaded.
  ///
  /// An item moved out of a deleted section is only inserted, and one moved
  /// into an inserted section only deleted: such sections' items are not
  /// listed one by one. Sections are left as they are.
  ///
  /// - Complexity: O(`changeCount` log `changeCount`).
  public func separatingMovedReloads() -> SectionDelta {
    let reloaded = Set(items.reloads.map(\.from))
    guard items.moves.contains(where: { reloaded.contains($0.from) }) else { return self }
    var delta = self
    let replaced = items.moves.filter { reloaded.contains($0.from) }
    let replacedFroms = Set(replaced.map(\.from))
    let deletedSections = Set(sections.deletions)
    let insertedSections = Set(sections.insertions)
    delta.items.moves.removeAll { replacedFroms.contains($0.from) }
    delta.items.reloads.removeAll { replacedFroms.contains($0.from) }
    delta.items.deletions =
      (items.deletions
      + replaced.map(\.from).filter { !deletedSections.contains($0.section) }).sorted()
    delta.items.insertions =
      (items.insertions
      + replaced.map(\.to).filter { !insertedSections.contains($0.section) }).sorted()
    return delta
  }
}

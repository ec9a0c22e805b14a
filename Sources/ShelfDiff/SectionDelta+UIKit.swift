// MARK: - The form UIKit's batch updates accept

extension SectionDelta {
  /// This delta in the form `UITableView` and `UICollectionView` accept in
  /// one `performBatchUpdates(_:completion:)`: the same changes, restated
  /// where UIKit's rules forbid the plain form.
  ///
  /// UIKit's rules for a batch, as its documentation and its exceptions state them:
  /// - Deletions and reloads name index paths and sections before the update;
  ///   insertions name them after it; a move names its old and new position.
  /// - No row may move into a section being inserted, nor out of a section
  ///   being deleted.
  /// - No index path or section may be both moved and reloaded, nor named
  ///   twice by one kind of change.
  /// - Reloading a section deletes and inserts it again: its rows are read
  ///   anew, so no row change may name it, and it may not move.
  /// - Each surviving section ends with its old row count, less the rows
  ///   deleted and moved out, plus those inserted and moved in.
  ///
  /// So, in the result:
  /// - A section whose header changed (a reload in `sections.reloads`) and
  ///   none of whose items changed stays a section reload, by its old index.
  /// - A section whose header changed and that also moved, or whose items
  ///   changed, is deleted at its old index and inserted at its new one: UIKit
  ///   would read a reloaded section's rows anew, where every reader of a
  ///   `SectionDelta` replays a section reload as its header alone.
  /// - An item moved out of a deleted section is inserted at its new path,
  ///   and one moved into an inserted section is deleted at its old path; one
  ///   moved between two such sections, and every other change of their
  ///   items, is not listed: the sections' items leave and arrive with them.
  /// - An item both moved and reloaded is deleted at its old path and inserted
  ///   at its new one, as `separatingMovedReloads()` does.
  ///
  /// The result is a delta like any other: replaying it on the old data with
  /// the new data's content gives the new data, and the live holders accept
  /// it. Pass its `reloads` by their `from` path, as UIKit reads reloads
  /// before the update (<doc:DrivingAUITableView>).
  ///
  /// - Precondition: `undiffedSections` is empty: UIKit is told every
  ///   item change (`diffingUndiffedSections(from:to:)` lists them).
  /// - Complexity: O(`changeCount` log `changeCount`).
  public func forUIKit() -> SectionDelta {
    var sections = sections.separatingMovedReloads()
    if !sections.reloads.isEmpty {
      // A reloaded section that any item change names is replaced whole.
      var oldTouched = Set(items.deletions.map(\.section))
      var newTouched = Set(items.insertions.map(\.section))
      for change in items.moves + items.reloads {
        oldTouched.insert(change.from.section)
        newTouched.insert(change.to.section)
      }
      let replaced = sections.reloads.filter {
        oldTouched.contains($0.from) || newTouched.contains($0.to)
      }
      if !replaced.isEmpty {
        let replacedFroms = Set(replaced.map(\.from))
        sections.reloads.removeAll { replacedFroms.contains($0.from) }
        sections.deletions = (sections.deletions + replaced.map(\.from)).sorted()
        sections.insertions = (sections.insertions + replaced.map(\.to)).sorted()
      }
    }
    guard !(sections.deletions.isEmpty && sections.insertions.isEmpty) else {
      return SectionDelta(sections: sections, items: items).separatingMovedReloads()
    }
    let leaving = Set(sections.deletions)
    let arriving = Set(sections.insertions)
    var result = Items(duplicates: items.duplicates)
    result.deletions = items.deletions.filter { !leaving.contains($0.section) }
    result.insertions = items.insertions.filter { !arriving.contains($0.section) }
    for move in items.moves {
      switch (leaving.contains(move.from.section), arriving.contains(move.to.section)) {
      case (false, false): result.moves.append(move)
      case (true, false): result.insertions.append(move.to)
      case (false, true): result.deletions.append(move.from)
      case (true, true): break
      }
    }
    result.reloads = items.reloads.filter {
      !leaving.contains($0.from.section) && !arriving.contains($0.to.section)
    }
    result.deletions.sort()
    result.insertions.sort()
    return SectionDelta(sections: sections, items: result).separatingMovedReloads()
  }
}

// MARK: - Index paths, on the platforms that have UIKit

#if canImport(UIKit)
  import Foundation

  extension IndexPath {
    /// The index path of `path`: its section, then its item (a table's row).
    ///
    /// - Complexity: O(1).
    public init(_ path: ItemPath) {
      self.init(indexes: [path.section, path.item])
    }
  }

  extension ItemPath {
    /// The item path of a two-index `indexPath`, such as a table's or a
    /// collection view's.
    ///
    /// - Precondition: `indexPath.count == 2`.
    /// - Complexity: O(1).
    public init(_ indexPath: IndexPath) {
      guard indexPath.count == 2 else {
        fatalError("ItemPath needs an index path of a section and an item, not \(indexPath)")
      }
      self.init(section: indexPath[0], item: indexPath[1])
    }
  }
#endif

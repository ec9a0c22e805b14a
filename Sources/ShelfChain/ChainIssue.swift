import ShelfDiff

/// Something a chain link noticed in the data passing through it, told to
/// its `onIssue`: the chain stays consistent, but a view may animate the
/// wrong items.
public enum ChainIssue: Hashable, Sendable {
  /// Ids that occur more than once in a ``SectionStore``'s new sections, as
  /// its diff (or a supplied delta) says: section ids, and item ids across
  /// all sections. Repeats are matched by occurrence.
  case duplicateIDs(sections: [IndexDelta.Duplicate], items: [SectionDelta.Items.Duplicate])
  /// An ``ItemMap``'s transform gave a reloaded item another id than it gave
  /// the item before, at `path` in the map's output: an id that depends on
  /// what changes turns the reload into another item's.
  case changedID(at: ItemPath, old: String, new: String)
}

extension ChainIssue: CustomStringConvertible {
  /// One line for a log, such as `an ItemMap changed the id at 0.2: "7" -> "8"`.
  public var description: String {
    switch self {
    case .duplicateIDs(let sections, let items):
      let ids = sections.map { "section \"\($0.id)\"" } + items.map { "item \"\($0.id)\"" }
      return "duplicate ids: " + ids.joined(separator: ", ")
    case .changedID(let path, let old, let new):
      return "an ItemMap changed the id at \(path): \"\(old)\" -> \"\(new)\""
    }
  }
}

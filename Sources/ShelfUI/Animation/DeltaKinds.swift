import ShelfDiff

/// The kinds of an `IndexDelta`, indexable by old and by new position.
struct DeltaKinds: Sendable {
  /// The delta itself.
  let delta: IndexDelta
  private let deleted: Set<Int>
  private let inserted: Set<Int>
  private let movedFrom: Set<Int>
  private let movedTo: Set<Int>
  private let reloadedTo: Set<Int>

  /// The kinds of `delta`.
  ///
  /// - Complexity: O(`delta.changeCount`).
  init(_ delta: IndexDelta) {
    self.delta = delta
    deleted = Set(delta.deletions)
    inserted = Set(delta.insertions)
    movedFrom = Set(delta.moves.map(\.from))
    movedTo = Set(delta.moves.map(\.to))
    reloadedTo = Set(delta.reloads.map(\.to))
  }

  /// What happens to the item at `index` of the old array.
  func kind(old index: Int) -> ChangeKind {
    if deleted.contains(index) { return .deleted }
    return movedFrom.contains(index) ? .moved : .stable
  }

  /// What happens to the item at `index` of the new array.
  func kind(new index: Int) -> ChangeKind {
    if inserted.contains(index) { return .inserted }
    return movedTo.contains(index) ? .moved : .stable
  }

  /// Whether the item at `index` of the new array has new content.
  func isReloaded(new index: Int) -> Bool { reloadedTo.contains(index) }
}

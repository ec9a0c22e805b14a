// MARK: - Comparing content by a closure

extension IndexDelta {
  /// The delta that turns `old` into `new`, matching elements by the key at
  /// `id` and comparing matched ones with `isContentEqual` instead of `==`:
  /// compare only what the view shows (`{ $0.title == $1.title }`), or
  /// elements that are not `Equatable`, without changing `==` for the type.
  ///
  /// Repeated ids are matched by occurrence and listed in `duplicates`.
  ///
  /// - Complexity: O(*n* log *n*) where *n* is `old.count + new.count`;
  ///   `isContentEqual` is called once per matched pair.
  @inlinable
  public init<Element, ID: Hashable>(
    from old: [Element], to new: [Element], id: KeyPath<Element, ID>,
    isContentEqual: (Element, Element) -> Bool
  ) {
    let oldIDs = IndexMatching.ids(of: old) { $0[keyPath: id] }
    let newIDs = IndexMatching.ids(of: new) { $0[keyPath: id] }
    let matching = IndexMatching(oldIDs: oldIDs, newIDs: newIDs)
    var deletions: [Int] = []
    var reloads: [Reload] = []
    for (i, j) in matching.oldToNew.enumerated() {
      if j < 0 {
        deletions.append(i)
      } else if !isContentEqual(old[i], new[j]) {
        reloads.append(Reload(from: i, to: j))
      }
    }
    var duplicates: [Duplicate] = []
    if matching.hasDuplicates {
      duplicates = IndexMatching.duplicates(oldIDs: oldIDs, newIDs: newIDs).map {
        Duplicate(id: String(describing: $0.id), oldPositions: $0.old, newPositions: $0.new)
      }
    }
    self.init(
      deletions: deletions, insertions: matching.insertions, moves: matching.moves(),
      reloads: reloads, duplicates: duplicates)
  }

  /// The delta that turns `old` into `new`, matching elements by their `id`
  /// and comparing matched ones with `isContentEqual` instead of `==`.
  ///
  /// - Complexity: as `init(from:to:id:isContentEqual:)`.
  @inlinable
  public init<Element: Identifiable>(
    from old: [Element], to new: [Element], isContentEqual: (Element, Element) -> Bool
  ) {
    self.init(from: old, to: new, id: \.id, isContentEqual: isContentEqual)
  }
}

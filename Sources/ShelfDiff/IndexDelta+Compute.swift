// MARK: - Computing a delta

extension IndexDelta {
  /// The delta that turns `old` into `new`, matching elements by `id` and
  /// comparing matched elements with `==`.
  ///
  /// Repeated ids are matched by occurrence and listed in `duplicates`.
  ///
  /// - Complexity: O(*n* log *n*) where *n* is `old.count + new.count`;
  ///   expected O(*n*) when the surviving items keep their order.
  @inlinable
  public init<Element: Identifiable & Equatable>(from old: [Element], to new: [Element]) {
    self.init(from: old, to: new, identifiedBy: { $0.id })
  }

  /// The delta that turns `old` into `new`, matching elements by the key at `id`
  /// (for example `id: \.self` for `[Int]`) and comparing them with `==`.
  ///
  /// Repeated ids are matched by occurrence and listed in `duplicates`.
  ///
  /// - Complexity: O(*n* log *n*) where *n* is `old.count + new.count`;
  ///   expected O(*n*) when the surviving items keep their order.
  @inlinable
  public init<Element: Equatable, ID: Hashable>(
    from old: [Element], to new: [Element], id: KeyPath<Element, ID>
  ) {
    self.init(from: old, to: new, identifiedBy: { $0[keyPath: id] })
  }

  /// The delta that turns `old` into `new`, matching elements by the key that
  /// `identifiedBy` returns and comparing them with `==`.
  ///
  /// Repeated ids are matched by occurrence and listed in `duplicates`.
  ///
  /// - Complexity: O(*n* log *n*) where *n* is `old.count + new.count`;
  ///   expected O(*n*) when the surviving items keep their order.
  ///   `identifiedBy` is called once per element (twice when ids repeat).
  @inlinable
  public init<Element: Equatable, ID: Hashable>(
    from old: [Element], to new: [Element], identifiedBy id: (Element) -> ID
  ) {
    let matching = IndexMatching(
      oldCount: old.count, newCount: new.count, oldID: { id(old[$0]) }, newID: { id(new[$0]) })
    var deletions: [Int] = []
    var reloads: [Reload] = []
    for (i, j) in matching.oldToNew.enumerated() {
      if j < 0 {
        deletions.append(i)
      } else if old[i] != new[j] {
        reloads.append(Reload(from: i, to: j))
      }
    }
    var duplicates: [Duplicate] = []
    if matching.hasDuplicates {
      duplicates = IndexMatching.duplicates(
        oldCount: old.count, newCount: new.count, oldID: { id(old[$0]) }, newID: { id(new[$0]) }
      ).map { Duplicate(id: String(describing: $0.id), oldPositions: $0.old, newPositions: $0.new) }
    }
    self.init(
      deletions: deletions, insertions: matching.insertions, moves: matching.moves(),
      reloads: reloads, duplicates: duplicates)
  }
}

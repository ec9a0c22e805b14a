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
    self.init(
      from: old, to: new, oldIDs: IndexMatching.ids(of: old) { $0.id },
      newIDs: IndexMatching.ids(of: new) { $0.id })
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
    if ID.self == Element.self && id as AnyKeyPath == \Element.self as AnyKeyPath {
      // `id: \.self`: the elements are their own ids, no key path to apply.
      self.init(
        from: old, to: new, oldIDs: unsafeBitCast(old, to: [ID].self),
        newIDs: unsafeBitCast(new, to: [ID].self))
    } else {
      self.init(
        from: old, to: new, oldIDs: IndexMatching.ids(of: old) { $0[keyPath: id] },
        newIDs: IndexMatching.ids(of: new) { $0[keyPath: id] })
    }
  }

  /// The delta that turns `old` into `new`, matching elements by the key that
  /// `identifiedBy` returns and comparing them with `==`.
  ///
  /// Repeated ids are matched by occurrence and listed in `duplicates`.
  ///
  /// - Complexity: O(*n* log *n*) where *n* is `old.count + new.count`;
  ///   expected O(*n*) when the surviving items keep their order.
  ///   `identifiedBy` is called once per element.
  @inlinable
  public init<Element: Equatable, ID: Hashable>(
    from old: [Element], to new: [Element], identifiedBy id: (Element) -> ID
  ) {
    self.init(
      from: old, to: new, oldIDs: IndexMatching.ids(of: old, id),
      newIDs: IndexMatching.ids(of: new, id))
  }

  /// The delta from `old` to `new` whose ids are `oldIDs` and `newIDs`.
  @inlinable
  init<Element: Equatable, ID: Hashable>(
    from old: [Element], to new: [Element], oldIDs: [ID], newIDs: [ID]
  ) {
    let matching = IndexMatching(oldIDs: oldIDs, newIDs: newIDs)
    var deletions: [Int] = []
    var reloads: [Reload] = []
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        for (i, j) in matching.oldToNew.enumerated() {
          if j < 0 {
            deletions.append(i)
          } else if old[i] != new[j] {
            reloads.append(Reload(from: i, to: j))
          }
        }
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
}

import ShelfDiff

/// What a transform makes of an upstream change.
enum UpstreamChange {
  /// Take the upstream sections as they are and tell downstream to reload.
  case reload
  /// A delta that does not fit the sections it claims to change: re-diff.
  case unmappable
  /// A delta read as a placement of upstream's new sections.
  case placement(Placement, isRediffed: Bool)

  /// Reads `change` against upstream's item counts before and after it.
  ///
  /// - Complexity: That of `Placement.init(_:oldCounts:newCounts:)`.
  init(_ change: SourceChange, oldCounts: [Int], newCounts: [Int]) {
    switch change {
    case .reload:
      self = .reload
    case .delta(let delta, let isRediffed):
      if let placement = Placement(delta, oldCounts: oldCounts, newCounts: newCounts) {
        self = .placement(placement, isRediffed: isRediffed)
      } else {
        self = .unmappable
      }
    }
  }
}

extension Array where Element: ChainableSection {
  /// The item count of each section.
  ///
  /// - Complexity: O(`count`).
  var itemCounts: [Int] { map { $0.items.count } }
}

extension ChainableSection {
  /// This section with `items` in place of its own.
  ///
  /// - Complexity: O(1).
  func with(items: [Item]) -> Self {
    var copy = self
    copy.items = items
    return copy
  }
}

/// How one array of identified elements becomes another, in the terms of a list
/// view's batch update: deletions, insertions, moves and reloads.
///
/// Elements are matched by id (`Identifiable`, a key path or a closure) and
/// compared with `==`: the id says which item it is, `==` whether its content
/// changed.
///
/// Index spaces: `deletions` and every `from` index into the old array;
/// `insertions` and every `to` index into the new array.
///
/// Moves are minimal: the surviving items that are not moved form a longest
/// increasing subsequence of new positions, so moving one item of 10,000 is
/// one move. An item can be both moved and reloaded (UIKit's batch updates
/// reject that: `separatingMovedReloads()` turns such an item into a deletion
/// and an insertion). Repeated ids never make a
/// delta invalid: the k-th occurrence in old matches the k-th in new, and the
/// repeats are listed in `duplicates` (wrap data that repeats ids on purpose in
/// `NonUnique`).
///
/// ```swift
/// let delta = IndexDelta(from: [1, 2, 3, 4], to: [4, 1, 2, 5], id: \.self)
/// // deletions [2], insertions [3], moves [3→0]
/// delta.applied(to: [1, 2, 3, 4], with: [4, 1, 2, 5])  // [4, 1, 2, 5]
/// ```
public struct IndexDelta: Hashable, Sendable {
  /// A surviving item that changed place relative to the other surviving
  /// items: `from` in old, `to` in new.
  public typealias Move = ItemMatch<Int>

  /// An item present in both arrays whose content differs (`old[from] != new[to]`).
  public typealias Reload = ItemMatch<Int>

  /// An id that occurs more than once in either array, with its positions.
  ///
  /// Repeated ids are matched by occurrence (the k-th in old with the k-th in
  /// new), so the delta stays valid; callers report these to whoever made the data.
  public struct Duplicate: Hashable, Sendable {
    /// The repeated id, as text.
    public var id: String
    /// Where the id occurs in the old array, ascending.
    public var oldPositions: [Int]
    /// Where the id occurs in the new array, ascending.
    public var newPositions: [Int]

    /// A duplicate report for `id`.
    ///
    /// - Complexity: O(1).
    public init(id: String, oldPositions: [Int], newPositions: [Int]) {
      self.id = id
      self.oldPositions = oldPositions
      self.newPositions = newPositions
    }
  }

  /// Indices in the old array of the items that are gone, ascending.
  public var deletions: [Int]
  /// Indices in the new array of the items that are new, ascending.
  public var insertions: [Int]
  /// Surviving items that changed place relative to the other survivors, by ascending `from`.
  public var moves: [Move]
  /// Surviving items whose content changed, by ascending `from`.
  public var reloads: [Reload]
  /// Ids that occur more than once in old or new; empty for well-formed data.
  public var duplicates: [Duplicate]

  /// A delta from its parts; `IndexDelta(from:to:)` computes one.
  @inlinable
  public init(
    deletions: [Int] = [], insertions: [Int] = [], moves: [Move] = [], reloads: [Reload] = [],
    duplicates: [Duplicate] = []
  ) {
    self.deletions = deletions
    self.insertions = insertions
    self.moves = moves
    self.reloads = reloads
    self.duplicates = duplicates
  }

  /// Whether the two arrays were the same: nothing to animate.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool {
    deletions.isEmpty && insertions.isEmpty && moves.isEmpty && reloads.isEmpty
  }

  /// The number of changes a view animates: deletions, insertions, moves and reloads.
  ///
  /// - Complexity: O(1).
  public var changeCount: Int {
    deletions.count + insertions.count + moves.count + reloads.count
  }
}

extension IndexDelta: CustomStringConvertible {
  /// A compact summary, such as `IndexDelta(-[1] +[0, 4] moves [2→5] reloads [3→3])`.
  ///
  /// - Complexity: O(`changeCount` + the number of duplicates).
  public var description: String {
    let summary = summary
    return "IndexDelta(" + (summary.isEmpty ? "no changes" : summary) + ")"
  }
}

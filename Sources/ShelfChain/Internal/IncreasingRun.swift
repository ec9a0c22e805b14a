import ShelfDiff

/// Longest strictly increasing subsequences, for keeping moves minimal.
package enum IncreasingRun {
  /// Whether `values` is strictly increasing already: then nothing moves.
  ///
  /// - Complexity: O(*n*).
  package static func isIncreasing(_ values: [Int]) -> Bool {
    var previous = Int.min
    for value in values {
      if value <= previous { return false }
      previous = value
    }
    return true
  }

  /// For each position of `values` (distinct integers), whether it belongs to
  /// one longest strictly increasing subsequence: ShelfDiff's, which the
  /// diff itself uses.
  ///
  /// - Complexity: O(*n* log *n*); O(*n*) when `values` is increasing.
  package static func members(of values: [Int]) -> [Bool] {
    LongestIncreasingSubsequence.members(of: values)
  }
}

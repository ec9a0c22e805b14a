/// Whether moves are needed at all: the members of a longest increasing run
/// are ShelfDiff's `LongestIncreasingSubsequence`.
enum IncreasingRun {
  /// Whether `values` is strictly increasing already: then nothing moves.
  ///
  /// - Complexity: O(*n*).
  static func isIncreasing(_ values: [Int]) -> Bool {
    var previous = Int.min
    for value in values {
      if value <= previous { return false }
      previous = value
    }
    return true
  }
}

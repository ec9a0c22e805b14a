/// Longest strictly increasing subsequences, for keeping the moves a
/// translated delta reports minimal.
enum IncreasingRun {
  /// For each position of `values` (distinct integers), whether it belongs to
  /// one longest strictly increasing subsequence (patience sorting).
  ///
  /// - Complexity: O(*n* log *n*).
  static func members(of values: [Int]) -> [Bool] {
    let n = values.count
    var isMember = [Bool](repeating: false, count: n)
    guard n > 0 else { return isMember }
    var ends: [Int] = []  // ends[k]: the position ending the best run of length k + 1
    var previous = [Int](repeating: -1, count: n)
    for p in 0..<n {
      var low = 0
      var high = ends.count
      while low < high {
        let mid = (low + high) / 2
        if values[ends[mid]] < values[p] { low = mid + 1 } else { high = mid }
      }
      previous[p] = low > 0 ? ends[low - 1] : -1
      if low == ends.count { ends.append(p) } else { ends[low] = p }
    }
    var p = ends[ends.count - 1]
    while p >= 0 {
      isMember[p] = true
      p = previous[p]
    }
    return isMember
  }
}

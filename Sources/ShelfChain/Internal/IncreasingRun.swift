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
  /// one longest strictly increasing subsequence (patience sorting).
  ///
  /// - Complexity: O(*n* log *n*).
  package static func members(of values: [Int]) -> [Bool] {
    let n = values.count
    var isMember = [Bool](repeating: false, count: n)
    guard n > 0 else { return isMember }
    var tails: [Int] = []  // tails[k]: position ending the best run of length k + 1
    tails.reserveCapacity(n)
    var previous = [Int](repeating: -1, count: n)
    for p in 0..<n {
      let value = values[p]
      var low = 0
      var high = tails.count
      if let last = tails.last, values[last] < value {
        low = high
      } else {
        while low < high {
          let mid = (low + high) / 2
          if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
        }
      }
      previous[p] = low > 0 ? tails[low - 1] : -1
      if low == tails.count { tails.append(p) } else { tails[low] = p }
    }
    var p = tails[tails.count - 1]
    while p >= 0 {
      isMember[p] = true
      p = previous[p]
    }
    return isMember
  }
}

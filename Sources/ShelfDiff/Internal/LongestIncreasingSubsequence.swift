/// Longest strictly increasing subsequence, by patience sorting; ShelfChain's
/// links use it too, to keep their moves minimal.
@usableFromInline
package enum LongestIncreasingSubsequence {
  /// Marks, in `isMember`, the positions of `values` (distinct integers) that
  /// belong to one longest strictly increasing subsequence, and returns its length.
  ///
  /// `isMember` must hold `values.count` elements, all `false`.
  ///
  /// - Complexity: O(*n* log *n*) where *n* is `values.count`; O(*n*) when
  ///   `values` is already increasing.
  @usableFromInline
  package static func mark(
    in values: UnsafeBufferPointer<Int>, isMember: UnsafeMutableBufferPointer<Bool>
  ) -> Int {
    let n = values.count
    if n == 0 { return 0 }
    // tails[k]: the position of the smallest last value of an increasing run of length k + 1.
    // previous[p]: the position before p in the run that ends at p.
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * n) { scratch in
      let tails = scratch.baseAddress!
      let previous = tails + n
      var length = 0
      for p in 0..<n {
        let value = values[p]
        var low = 0
        var high = length
        // Appending is the common case (values mostly in order): test it first.
        if length > 0 && values[tails[length - 1]] < value {
          low = length
        } else {
          while low < high {
            let mid = (low &+ high) &>> 1
            if values[tails[mid]] < value { low = mid &+ 1 } else { high = mid }
          }
        }
        previous[p] = low > 0 ? tails[low - 1] : -1
        tails[low] = p
        if low == length { length += 1 }
      }
      var p = tails[length - 1]
      while p >= 0 {
        isMember[p] = true
        p = previous[p]
      }
      return length
    }
  }

  /// For each position of `values` (distinct integers), whether it belongs to one
  /// longest strictly increasing subsequence.
  ///
  /// - Complexity: O(*n* log *n*) where *n* is `values.count`.
  @usableFromInline
  package static func members(of values: [Int]) -> [Bool] {
    var result = Array(repeating: false, count: values.count)
    values.withUnsafeBufferPointer { values in
      result.withUnsafeMutableBufferPointer { result in
        _ = mark(in: values, isMember: result)
      }
    }
    return result
  }
}

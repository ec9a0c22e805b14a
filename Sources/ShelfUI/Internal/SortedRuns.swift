import Dispatch

/// Sorted runs merged into one sorted array on every core: pairs of runs
/// merged a level at a time, each merge cut into pieces of about equal
/// length where the merged order puts each cut, so that the last merges,
/// of a few long runs, keep every core busy too.
enum SortedRuns {
  /// `runs`, each sorted by `areInIncreasingOrder`, merged: what a stable
  /// sort of their concatenation gives (on a tie, an element of an earlier
  /// run first). `pieces` is about how many pieces each level is cut into.
  ///
  /// - Complexity: O(*n* log *r*) for *n* elements in *r* runs, on every
  ///   core.
  static func merged<Element: BitwiseCopyable & Sendable>(
    _ runs: [[Element]], pieces: Int = 16,
    by areInIncreasingOrder: @Sendable (Element, Element) -> Bool
  ) -> [Element] {
    var bounds = [0]
    for run in runs { bounds.append(bounds[bounds.count - 1] + run.count) }
    let total = bounds[bounds.count - 1]
    var levels = 0
    var count = runs.count
    while count > 1 {
      count = (count + 1) / 2
      levels += 1
    }
    let spare = UnsafeMutableBufferPointer<Element>.allocate(capacity: total)
    defer { spare.deallocate() }
    return [Element](unsafeUninitializedCapacity: total) { result, initialized in
      // The runs are copied where the last level leaves its merge in `result`.
      var source = MergeBuffer(elements: levels % 2 == 0 ? result : spare)
      var target = MergeBuffer(elements: levels % 2 == 0 ? spare : result)
      DispatchQueue.concurrentPerform(iterations: runs.count) { [source, bounds] index in
        runs[index].withUnsafeBufferPointer { run in
          _ = UnsafeMutableBufferPointer(
            rebasing: source.elements[bounds[index]..<bounds[index + 1]]
          )
          .initialize(fromContentsOf: run)
        }
      }
      while bounds.count > 2 {
        var merges: [Merge] = []
        var next = [0]
        for first in stride(from: 0, to: bounds.count - 1, by: 2) {
          let a = bounds[first]..<bounds[first + 1]
          let b = bounds[first + 1]..<bounds[min(first + 2, bounds.count - 1)]
          let length = a.count + b.count
          let cuts = max(1, length * max(1, pieces) / max(1, total))
          for cut in 0..<cuts {
            merges.append(
              Merge(a: a, b: b, from: length * cut / cuts, to: length * (cut + 1) / cuts))
          }
          next.append(b.upperBound)
        }
        DispatchQueue.concurrentPerform(iterations: merges.count) {
          [source, target, merges] index in
          merges[index].run(from: source.elements, to: target.elements, by: areInIncreasingOrder)
        }
        swap(&source, &target)
        bounds = next
      }
      initialized = total
    }
  }

  /// A piece of the merge of two runs side by side, `a` then `b`: the
  /// elements `from..<to` of their merge, written where the merge goes (from
  /// `a`'s start).
  private struct Merge {
    let a: Range<Int>
    let b: Range<Int>
    let from: Int
    let to: Int

    func run<Element>(
      from source: UnsafeMutableBufferPointer<Element>,
      to target: UnsafeMutableBufferPointer<Element>,
      by areInIncreasingOrder: (Element, Element) -> Bool
    ) {
      precondition(
        a.upperBound == b.lowerBound && b.upperBound <= source.count
          && source.count == target.count && 0 <= from && from <= to
          && to <= a.count + b.count, "a merge outside its buffers")
      var i = a.lowerBound + split(at: from, source, areInIncreasingOrder)
      var j = b.lowerBound + from - (i - a.lowerBound)
      let iEnd = a.lowerBound + split(at: to, source, areInIncreasingOrder)
      let jEnd = b.lowerBound + to - (iEnd - a.lowerBound)
      var k = a.lowerBound + from
      while i < iEnd && j < jEnd {
        if areInIncreasingOrder(source[j], source[i]) {
          target.initializeElement(at: k, to: source[j])
          j += 1
        } else {
          target.initializeElement(at: k, to: source[i])
          i += 1
        }
        k += 1
      }
      while i < iEnd {
        target.initializeElement(at: k, to: source[i])
        i += 1
        k += 1
      }
      while j < jEnd {
        target.initializeElement(at: k, to: source[j])
        j += 1
        k += 1
      }
      precondition(k == a.lowerBound + to, "a merge piece of the wrong length")
    }

    /// How many of the first `count` elements of the merge come from `a`:
    /// found by halving, as an element of `a` goes first unless `b`'s is
    /// less.
    private func split<Element>(
      at count: Int, _ source: UnsafeMutableBufferPointer<Element>,
      _ areInIncreasingOrder: (Element, Element) -> Bool
    ) -> Int {
      var low = max(0, count - b.count)
      var high = min(count, a.count)
      while low < high {
        let middle = (low + high) / 2
        if areInIncreasingOrder(
          source[b.lowerBound + count - middle - 1], source[a.lowerBound + middle])
        {
          high = middle
        } else {
          low = middle + 1
        }
      }
      return low
    }
  }
}

/// A buffer the merges of one level read or write, each its own part.
private struct MergeBuffer<Element>: @unchecked Sendable {
  let elements: UnsafeMutableBufferPointer<Element>
}

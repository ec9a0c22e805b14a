import ShelfDiff

// The unsafe buffer work of the links' per-item loops, behind a few named
// operations. Written through a buffer, an array costs no uniqueness check
// per element; read through one, no bounds check; and in unspecialised
// generic code, no metadata lookup per access either. The loops that use
// these say only what they keep or write.

/// An array under construction at a capacity fixed in advance, appended to
/// in order. The caller's loop should leave room for every append; an
/// append past the capacity would write past the buffer, so it traps, in
/// release builds too (one comparison per append).
struct ArrayFiller<Element> {
  private let start: UnsafeMutablePointer<Element>?
  private let capacity: Int
  /// How many elements are appended so far.
  private(set) var count = 0

  fileprivate init(start: UnsafeMutablePointer<Element>?, capacity: Int) {
    self.start = start
    self.capacity = capacity
  }

  /// Appends `element` after the ones appended so far.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  mutating func append(_ element: Element) {
    precondition(count < capacity, "an array filler is full")
    (start.unsafelyUnwrapped + count).initialize(to: element)
    count += 1
  }
}

extension Array {
  /// The elements that `fill` appends, at most `capacity` of them, through
  /// a filler that writes them in place.
  ///
  /// With `capacity` 0, `fill` is called with an empty filler and the result
  /// is a fresh `[]`: the standard library would otherwise write the count
  /// of its one shared empty buffer, a race between threads.
  ///
  /// - Complexity: O(`capacity`) plus what `fill` does.
  @inline(__always)
  init(filling capacity: Int, _ fill: (inout ArrayFiller<Element>) -> Void) {
    guard capacity > 0 else {
      var filler = ArrayFiller<Element>(start: nil, capacity: 0)
      fill(&filler)
      self = []
      return
    }
    self.init(unsafeUninitializedCapacity: capacity) { buffer, initialized in
      var filler = ArrayFiller(start: buffer.baseAddress, capacity: capacity)
      fill(&filler)
      initialized = filler.count
    }
  }

  /// `count` elements, the one at each index made by `element(index)`,
  /// called for the indices in increasing order.
  ///
  /// The loop's index is the array's: where each index gets one element,
  /// this is faster than a filler, whose count a loop calling out of line
  /// must keep in memory.
  ///
  /// - Complexity: O(`count`) calls of `element`.
  @inline(__always)
  init(count: Int, generating element: (_ index: Int) -> Element) {
    guard count > 0 else {  // never writes the shared empty array
      self = []
      return
    }
    self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
      let start = buffer.baseAddress.unsafelyUnwrapped
      for index in 0..<count { (start + index).initialize(to: element(index)) }
      initialized = count
    }
  }

  /// The elements whose flag in `isKept` is true, in order, where
  /// `keptCount` of the flags are true; this array itself, uncopied, when
  /// all are.
  ///
  /// - Complexity: O(`count`).
  func kept(by isKept: [Bool], count keptCount: Int) -> [Element] {
    guard keptCount < count else { return self }
    return withUnsafeBufferPointer { elements in
      isKept.withUnsafeBufferPointer { isKept in
        [Element](filling: keptCount) { kept in
          for index in 0..<Swift.min(elements.count, isKept.count)
          where isKept[index] && kept.count < keptCount {
            kept.append(elements[index])
          }
        }
      }
    }
  }

  /// The elements at `indices`, in the order of `indices`.
  ///
  /// - Complexity: O(`indices.count`).
  func elements(at indices: [Int]) -> [Element] {
    withUnsafeBufferPointer { elements in
      [Element](filling: indices.count) { picked in
        for index in indices { picked.append(elements[index]) }
      }
    }
  }
}

/// The items a filter keeps in one section, in a scratch on the stack for a
/// whole change: each one's old and new output index, to find the fewest
/// moves that put them in order. Made once, at the size of the largest
/// section, and emptied for each section.
struct KeptItemScratch {
  private let oldIndices: UnsafeMutablePointer<Int>
  private let newIndices: UnsafeMutablePointer<Int>
  private let isInRun: UnsafeMutablePointer<Bool>
  /// How many items each of the three buffers holds.
  private let capacity: Int
  /// How many items are recorded for the current section.
  private(set) var count = 0

  /// Calls `body` with a scratch for up to `capacity` items.
  static func with<Result>(capacity: Int, _ body: (inout KeptItemScratch) -> Result) -> Result {
    let capacity = Swift.max(capacity, 1)
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * capacity) { indices in
      withUnsafeTemporaryAllocation(of: Bool.self, capacity: capacity) { flags in
        var scratch = KeptItemScratch(
          oldIndices: indices.baseAddress!, newIndices: indices.baseAddress! + capacity,
          isInRun: flags.baseAddress!, capacity: capacity)
        return body(&scratch)
      }
    }
  }

  private init(
    oldIndices: UnsafeMutablePointer<Int>, newIndices: UnsafeMutablePointer<Int>,
    isInRun: UnsafeMutablePointer<Bool>, capacity: Int
  ) {
    self.oldIndices = oldIndices
    self.newIndices = newIndices
    self.isInRun = isInRun
    self.capacity = capacity
  }

  /// Forgets the items recorded, for the next section.
  @inline(__always)
  mutating func removeAll() { count = 0 }

  /// Records a kept item, from old output index `old` to new output index
  /// `new`, in the order of its new index.
  ///
  /// - Precondition: fewer than `capacity` items are recorded: one more
  ///   would write past the scratch, so it traps.
  @inline(__always)
  mutating func append(old: Int, new: Int) {
    precondition(count < capacity, "a kept-item scratch is full")
    oldIndices[count] = old
    newIndices[count] = new
    count += 1
  }

  /// Calls `move(old, new)` for the fewest recorded items whose moves put
  /// the others in order (none when their old indices already are).
  ///
  /// - Complexity: O(*m*) when in order, O(*m* log *m*) otherwise, for *m*
  ///   items recorded.
  func forEachMove(_ move: (_ old: Int, _ new: Int) -> Void) {
    var isInOrder = true
    for index in 1..<Swift.max(count, 1) where oldIndices[index] < oldIndices[index - 1] {
      isInOrder = false
      break
    }
    guard !isInOrder else { return }
    let isMember = UnsafeMutableBufferPointer(start: isInRun, count: count)
    isMember.initialize(repeating: false)
    _ = LongestIncreasingSubsequence.mark(
      in: UnsafeBufferPointer(start: oldIndices, count: count), isMember: isMember)
    for index in 0..<count where !isMember[index] { move(oldIndices[index], newIndices[index]) }
  }
}

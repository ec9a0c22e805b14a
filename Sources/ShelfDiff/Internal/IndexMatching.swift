/// Which old position each new position matches, by id and occurrence: the k-th
/// occurrence of an id in old matches the k-th occurrence of it in new.
///
/// Positions are plain integers so that one matcher serves flat arrays
/// (`IndexDelta`) and sections flattened end to end (`SectionDelta`).
@usableFromInline
struct IndexMatching: Sendable {
  /// For each old position, the matching new position, or -1 when it is gone.
  @usableFromInline var oldToNew: [Int]
  /// For each new position, the matching old position, or -1 when it is new.
  @usableFromInline var newToOld: [Int]
  /// Whether an id occurs more than once in old or in new.
  @usableFromInline var hasDuplicates: Bool

  /// Matches the positions of `oldIDs` with those of `newIDs`.
  ///
  /// - Complexity: O(`oldIDs.count` + `newIDs.count`) expected, one hash of each id.
  @inlinable
  init<ID: Hashable>(oldIDs: [ID], newIDs: [ID]) {
    let oldCount = oldIDs.count
    let newCount = newIDs.count
    var oldToNew = Array(repeating: -1, count: oldCount)
    var newToOld = Array(repeating: -1, count: newCount)
    var hasDuplicates = false
    // Each id's first unmatched old position; `nextOld` chains later occurrences.
    // A negative entry is a state, see `Slot`.
    var table = [ID: Int](minimumCapacity: oldCount)
    var nextOld = Array(repeating: -1, count: oldCount)
    oldIDs.withUnsafeBufferPointer { oldIDs in
      var i = oldCount - 1
      while i >= 0 {
        if let later = table.updateValue(i, forKey: oldIDs[i]) {
          nextOld[i] = later
          hasDuplicates = true
        }
        i -= 1
      }
    }
    newIDs.withUnsafeBufferPointer { newIDs in
      nextOld.withUnsafeBufferPointer { nextOld in
        oldToNew.withUnsafeMutableBufferPointer { oldToNew in
          newToOld.withUnsafeMutableBufferPointer { newToOld in
            for j in 0..<newCount {
              let i = Self.claim(&table[newIDs[j], default: Slot.unseen], nextOld: nextOld)
              if i >= 0 {
                oldToNew[i] = j
                newToOld[j] = i
              } else if i == Slot.repeated {
                hasDuplicates = true
              }
            }
          }
        }
      }
    }
    self.oldToNew = oldToNew
    self.newToOld = newToOld
    self.hasDuplicates = hasDuplicates
  }

  /// The ids of `elements`, in order.
  ///
  /// - Complexity: O(`elements.count`) calls of `id`.
  @inlinable
  static func ids<Element, ID>(of elements: [Element], _ id: (Element) -> ID) -> [ID] {
    // Not for 0: `unsafeUninitializedCapacity` would write the count of the
    // shared empty buffer, a data race with any thread reading an empty array.
    guard !elements.isEmpty else { return [] }
    return elements.withUnsafeBufferPointer { elements in
      Array(unsafeUninitializedCapacity: elements.count) { buffer, count in
        for k in elements.indices { (buffer.baseAddress! + k).initialize(to: id(elements[k])) }
        count = elements.count
      }
    }
  }

  /// The states of a table entry, besides an old position to match next.
  @usableFromInline
  enum Slot {
    /// Every old occurrence of the id has been matched.
    @inlinable static var exhausted: Int { -1 }
    /// The id is not in old and was seen once in new.
    @inlinable static var newOnly: Int { -2 }
    /// The entry was just created: the id is not in old.
    @inlinable static var unseen: Int { -3 }
    /// Returned by `claim` for an unmatched occurrence that repeats an id.
    @inlinable static var repeated: Int { -4 }
  }

  /// Takes the next unmatched old position from `slot`; a negative result means
  /// the new occurrence is unmatched (`Slot.repeated` when its id repeats).
  @inlinable
  static func claim(_ slot: inout Int, nextOld: UnsafeBufferPointer<Int>) -> Int {
    let i = slot
    if i >= 0 {
      slot = nextOld[i] >= 0 ? nextOld[i] : Slot.exhausted
      return i
    }
    if i == Slot.unseen {
      slot = Slot.newOnly
      return -1
    }
    return Slot.repeated
  }

  /// The unmatched old positions, ascending.
  @usableFromInline
  var deletions: [Int] {
    var result: [Int] = []
    for (i, j) in oldToNew.enumerated() where j < 0 { result.append(i) }
    return result
  }

  /// The unmatched new positions, ascending.
  @usableFromInline
  var insertions: [Int] {
    var result: [Int] = []
    for (j, i) in newToOld.enumerated() where i < 0 { result.append(j) }
    return result
  }

  /// The survivors outside one longest increasing subsequence of new
  /// positions, in old order: the fewest moves that reorder the survivors.
  ///
  /// - Complexity: O(*n* log *n*), O(*n*) when the survivors kept their order.
  @usableFromInline
  func moves() -> [IndexDelta.Move] {
    var order: [Int] = []  // new positions of the survivors, in old order
    order.reserveCapacity(oldToNew.count)
    var isSorted = true
    var last = -1
    for j in oldToNew where j >= 0 {
      if j < last { isSorted = false }
      last = j
      order.append(j)
    }
    if isSorted { return [] }
    let staying = LongestIncreasingSubsequence.members(of: order)
    var result: [IndexDelta.Move] = []
    var k = 0
    for (i, j) in oldToNew.enumerated() where j >= 0 {
      if !staying[k] { result.append(IndexDelta.Move(from: i, to: j)) }
      k += 1
    }
    return result
  }

  /// Every id that occurs more than once in `oldIDs` or in `newIDs`, with its
  /// old and new positions, in order of first appearance (old before new).
  ///
  /// - Complexity: O(`oldIDs.count` + `newIDs.count`) expected.
  @usableFromInline
  static func duplicates<ID: Hashable>(oldIDs: [ID], newIDs: [ID]) -> [(
    id: ID, old: [Int], new: [Int]
  )] {
    var positions: [ID: (old: [Int], new: [Int], first: Int)] = [:]
    for (i, id) in oldIDs.enumerated() { positions[id, default: ([], [], i)].old.append(i) }
    for (j, id) in newIDs.enumerated() {
      positions[id, default: ([], [], oldIDs.count + j)].new.append(j)
    }
    return positions.filter { $0.value.old.count > 1 || $0.value.new.count > 1 }
      .sorted { $0.value.first < $1.value.first }
      .map { (id: $0.key, old: $0.value.old, new: $0.value.new) }
  }
}

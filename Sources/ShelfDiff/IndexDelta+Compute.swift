// MARK: - Computing a delta

extension IndexDelta {
  /// The delta that turns `old` into `new`, matching elements by `id` and
  /// comparing matched elements with `==`.
  ///
  /// - Complexity: O(*n* log *n*) where *n* is `old.count + new.count`.
  @inlinable
  public init<Element: Identifiable & Equatable>(from old: [Element], to new: [Element]) {
    self.init(from: old, to: new, identifiedBy: { $0.id })
  }

  /// The delta that turns `old` into `new`, matching elements by the key at `id`
  /// (for example `id: \.self` for `[Int]`) and comparing them with `==`.
  ///
  /// - Complexity: O(*n* log *n*) where *n* is `old.count + new.count`.
  @inlinable
  public init<Element: Equatable, ID: Hashable>(
    from old: [Element], to new: [Element], id: KeyPath<Element, ID>
  ) {
    self.init(from: old, to: new, identifiedBy: { $0[keyPath: id] })
  }

  /// The delta that turns `old` into `new`, matching elements by the key that
  /// `identifiedBy` returns and comparing them with `==`.
  ///
  /// - Complexity: O(*n* log *n*) where *n* is `old.count + new.count`.
  @inlinable
  public init<Element: Equatable, ID: Hashable>(
    from old: [Element], to new: [Element], identifiedBy id: (Element) -> ID
  ) {
    let matching = IndexMatching(old: old, new: new, id: id)
    var reloads: [Reload] = []
    for i in 0..<old.count {
      let j = matching.oldToNew[i]
      if j >= 0 && old[i] != new[j] { reloads.append(Reload(from: i, to: j)) }
    }
    self.init(
      deletions: matching.deletions, insertions: matching.insertions, moves: matching.moves(),
      reloads: reloads, duplicates: matching.duplicates)
  }
}

/// Which old index each new element matches, by id and occurrence.
@usableFromInline
struct IndexMatching: Sendable {
  /// For each old index, the matching new index, or -1 when deleted.
  @usableFromInline var oldToNew: [Int]
  /// New indices with no match in old, ascending.
  @usableFromInline var insertions: [Int] = []
  /// Repeated ids found while matching.
  @usableFromInline var duplicates: [IndexDelta.Duplicate] = []

  @inlinable
  init<Element, ID: Hashable>(old: [Element], new: [Element], id: (Element) -> ID) {
    let oldCount = old.count
    oldToNew = Array(repeating: -1, count: oldCount)
    // The head of each id's chain of old occurrences; `nextOld` links later ones.
    var head = [ID: Int](minimumCapacity: oldCount)
    var nextOld = Array(repeating: -1, count: oldCount)
    var hasDuplicates = false
    var i = oldCount - 1
    while i >= 0 {
      if let previous = head.updateValue(i, forKey: id(old[i])) {
        nextOld[i] = previous
        hasDuplicates = true
      }
      i -= 1
    }
    var insertedIDs: [ID: Int] = [:]
    for j in 0..<new.count {
      let key = id(new[j])
      if let slot = head.index(forKey: key) {
        let candidate = head.values[slot]
        if oldToNew[candidate] == -1 {
          oldToNew[candidate] = j
          if nextOld[candidate] >= 0 { head.values[slot] = nextOld[candidate] }
          continue
        }
        hasDuplicates = true  // more occurrences in new than in old
      } else if insertedIDs.updateValue(j, forKey: key) != nil {
        hasDuplicates = true
      }
      insertions.append(j)
    }
    if hasDuplicates { duplicates = Self.findDuplicates(old: old, new: new, id: id) }
  }

  /// Old indices with no match in new, ascending.
  @inlinable
  var deletions: [Int] {
    var result: [Int] = []
    for (i, j) in oldToNew.enumerated() where j < 0 { result.append(i) }
    return result
  }

  /// The survivors outside a longest increasing subsequence of new positions,
  /// taken in old order: the fewest moves that reorder the survivors.
  @inlinable
  func moves() -> [IndexDelta.Move] {
    var survivors: [Int] = []  // old indices of survivors, in old order
    survivors.reserveCapacity(oldToNew.count)
    var isSorted = true
    var last = -1
    for (i, j) in oldToNew.enumerated() where j >= 0 {
      if j < last { isSorted = false }
      last = j
      survivors.append(i)
    }
    if isSorted { return [] }
    let staying = LongestIncreasingSubsequence.members(of: survivors.map { oldToNew[$0] })
    var result: [IndexDelta.Move] = []
    for (k, i) in survivors.enumerated() where !staying[k] {
      result.append(IndexDelta.Move(from: i, to: oldToNew[i]))
    }
    return result
  }

  @usableFromInline
  static func findDuplicates<Element, ID: Hashable>(
    old: [Element], new: [Element], id: (Element) -> ID
  ) -> [IndexDelta.Duplicate] {
    var positions: [ID: (old: [Int], new: [Int], first: Int)] = [:]
    for (i, element) in old.enumerated() {
      positions[id(element), default: ([], [], i)].old.append(i)
    }
    for (j, element) in new.enumerated() {
      positions[id(element), default: ([], [], old.count + j)].new.append(j)
    }
    return positions.filter { $0.value.old.count > 1 || $0.value.new.count > 1 }
      .sorted { $0.value.first < $1.value.first }
      .map {
        IndexDelta.Duplicate(
          id: String(describing: $0.key), oldPositions: $0.value.old, newPositions: $0.value.new)
      }
  }
}

/// Longest increasing subsequence by patience sorting.
@usableFromInline
enum LongestIncreasingSubsequence {
  /// For each position of `values` (distinct integers), whether it belongs to one
  /// longest strictly increasing subsequence.
  ///
  /// - Complexity: O(*n* log *n*).
  @inlinable
  static func members(of values: [Int]) -> [Bool] {
    let n = values.count
    var tails: [Int] = []  // tails[k]: position of the smallest tail of a run of length k+1
    tails.reserveCapacity(n)
    var previous = Array(repeating: -1, count: n)
    for p in 0..<n {
      let value = values[p]
      var low = 0
      var high = tails.count
      while low < high {
        let mid = (low + high) >> 1
        if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
      }
      if low > 0 { previous[p] = tails[low - 1] }
      if low == tails.count { tails.append(p) } else { tails[low] = p }
    }
    var result = Array(repeating: false, count: n)
    var p = tails.last ?? -1
    while p >= 0 {
      result[p] = true
      p = previous[p]
    }
    return result
  }
}

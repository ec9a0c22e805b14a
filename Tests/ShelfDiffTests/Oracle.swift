import ShelfDiff

// Reference answers computed the slow, obvious way, independent of the engine.

/// The length of a longest strictly increasing subsequence, by O(n²) dynamic programming.
func longestIncreasingLength(_ values: [Int]) -> Int {
  var best = Array(repeating: 1, count: values.count)  // best[k]: longest run ending at k
  for k in values.indices {
    for p in 0..<k where values[p] < values[k] { best[k] = max(best[k], best[p] + 1) }
  }
  return best.max() ?? 0
}

/// The fewest moves that reorder the survivors of `old` into `new`, matching ids by
/// occurrence: survivors minus the longest run that already is in order.
func minimalMoveCount<ID: Hashable>(old: [ID], new: [ID]) -> Int {
  let pairs = occurrencePairs(old: old, new: new)
  return pairs.count - longestIncreasingLength(pairs.sorted { $0.old < $1.old }.map(\.new))
}

/// The (old index, new index) of every id present in both, the k-th occurrence
/// in old paired with the k-th in new.
func occurrencePairs<ID: Hashable>(old: [ID], new: [ID]) -> [(old: Int, new: Int)] {
  var newPositions: [ID: [Int]] = [:]
  for (j, id) in new.enumerated() { newPositions[id, default: []].append(j) }
  var used: [ID: Int] = [:]
  var pairs: [(old: Int, new: Int)] = []
  for (i, id) in old.enumerated() {
    let k = used[id, default: 0]
    if let positions = newPositions[id], k < positions.count {
      pairs.append((i, positions[k]))
      used[id] = k + 1
    }
  }
  return pairs
}

/// An identified value with content: `id` says which, `edition` whether it changed.
struct DiffBook: Identifiable, Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var edition: Int = 0

  var description: String { edition == 0 ? "\(id)" : "\(id)'\(edition)" }
}

/// A section of books whose header is its title.
struct DiffShelf: DiffableSection, Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var title: String = ""
  var items: [DiffBook]

  func hasSameHeader(as other: DiffShelf) -> Bool { title == other.title }

  var description: String { "\(id)\(title.isEmpty ? "" : "(\(title))"):\(items)" }
}

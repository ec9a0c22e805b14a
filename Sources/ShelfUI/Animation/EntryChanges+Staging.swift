extension EntryChanges {
  /// What each entry does while the table's stages run, old side and new side:
  /// deleted and inserted as the delta says, and of the surviving entries the
  /// heaviest set that keeps its order stable (all the delta's still entries,
  /// and as many of its moved ones as fit), the others moved.
  ///
  /// The delta may call more entries moved than that (the rows of a section
  /// that was deleted and inserted again): staged as still, they keep the
  /// closed-up table whole under the few that slide.
  ///
  /// - Complexity: O(entries × log entries).
  func stagingKinds() -> (old: [ChangeKind], new: [ChangeKind]) {
    let survivors = newOfOld.indices.filter { newOfOld[$0] >= 0 }
    // Every entry the delta keeps still outweighs all the moved ones: when the
    // delta's still entries keep their order, they all stay still.
    let keep = Self.heaviestIncreasingRun(
      survivors.map { newOfOld[$0] }, bound: newOfOld.count + oldOfNew.count
    ) { oldKinds[survivors[$0]] == .stable ? survivors.count + 1 : 1 }
    var old = oldKinds.map { $0 == .deleted ? ChangeKind.deleted : .moved }
    var new = newKinds.map { $0 == .inserted ? ChangeKind.inserted : .moved }
    for position in keep {
      let index = survivors[position]
      old[index] = .stable
      new[newOfOld[index]] = .stable
    }
    return (old, new)
  }

  /// The positions in `values` (each in 0..<`bound`) of a strictly increasing
  /// subsequence of the greatest total `weight` (by position).
  ///
  /// - Complexity: O(n log `bound`).
  static func heaviestIncreasingRun(_ values: [Int], bound: Int, weight: (Int) -> Int) -> [Int] {
    // best[v]: over positions seen so far with a value v, the heaviest run
    // ending there (weight and position), kept as a Fenwick tree of maxima.
    var tree = [(weight: Int, position: Int)](repeating: (0, -1), count: bound + 1)
    var previous = [Int](repeating: -1, count: values.count)
    var total = [Int](repeating: 0, count: values.count)
    var top = (weight: 0, position: -1)
    for (position, value) in values.enumerated() {
      var best = (weight: 0, position: -1)
      var node = value  // the values below `value`: tree nodes 1...value
      while node > 0 {
        if tree[node].weight > best.weight { best = tree[node] }
        node -= node & -node
      }
      previous[position] = best.position
      total[position] = best.weight + weight(position)
      if total[position] > top.weight { top = (total[position], position) }
      node = value + 1
      while node <= bound {
        if total[position] > tree[node].weight { tree[node] = (total[position], position) }
        node += node & -node
      }
    }
    var run: [Int] = []
    var position = top.position
    while position >= 0 {
      run.append(position)
      position = previous[position]
    }
    return run.reversed()
  }
}

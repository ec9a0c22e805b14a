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

  /// `stagingKinds()`, with a section that moves whole past a run of still
  /// whole sections (next to it before, next to it after) swapped with that
  /// run where the run is better seen as the block that moves: when it holds
  /// the focused row (old entry `focused`: drawn over everything, so nothing
  /// then passes under it), or when it is taller than the section and the
  /// section does not hold the focus.
  ///
  /// A section moving whole is one opaque block drawn over the still
  /// entries it passes (`TableMotion`). The still sections it passes read
  /// right where it covers them whole or leaves them whole; the taller block
  /// moving covers the shorter one whole for most of the way, where a short
  /// one moving over a tall one leaves the tall one's rows showing beyond it
  /// without their header for most of the way. Runs longer than
  /// `swappedRunLimit` entries are left as they are (the move is far, and
  /// what shows of it is the section). The run may hold rows the change
  /// deletes: a section that loses a row is passed whole all the same.
  ///
  /// - Complexity: O(entries × log entries).
  func stagingKinds(from old: DisplayModel, to new: DisplayModel, focused: Int?)
    -> (old: [ChangeKind], new: [ChangeKind])
  {
    var (oldStaging, newStaging) = stagingKinds()
    func isHeaderOrEnd(_ model: DisplayModel, _ index: Int) -> Bool {
      index >= model.entries.count || model.entries[index].row == nil
    }
    var header = 0
    while header < old.entries.count {
      // A section moving whole: its header and all its rows, moved, the same
      // entries in the same order after, alone in their section.
      var end = header + 1
      while end < old.entries.count && old.entries[end].row != nil { end += 1 }
      defer { header = end }
      let first = newOfOld[header]
      guard old.entries[header].row == nil, first >= 0,
        (header..<end).allSatisfy({
          oldStaging[$0] == .moved && newOfOld[$0] == first + $0 - header
        }),
        isHeaderOrEnd(new, first + end - header)
      else { continue }
      // The still entries it passes, next to it on both sides: above it
      // before and below it after (it moves up), or the other way round.
      /// Whether old entry `index` is in the run: still, and on the far
      /// side of the section after, or a row deleted among such entries (a
      /// section that loses a row is still whole sections passed, and may
      /// be the block that moves: left out, the focused section losing a
      /// row stood still while the section moved under it, hidden).
      func isInRun(_ index: Int, below: Bool) -> Bool {
        if oldStaging[index] == .deleted { return old.entries[index].row != nil }
        return oldStaging[index] == .stable
          && (below ? newOfOld[index] < first : newOfOld[index] > first)
      }
      var run: Range<Int>
      var lower = header
      while lower > 0 && header - lower < Self.swappedRunLimit && isInRun(lower - 1, below: false) {
        lower -= 1
      }
      run = lower..<header
      var runFirst = first + end - header  // its first new entry, when it moves down
      if run.isEmpty {
        var upper = end
        while upper < old.entries.count && upper - end < Self.swappedRunLimit
          && isInRun(upper, below: true)
        {
          upper += 1
        }
        run = end..<upper
        runFirst = first - run.filter { newOfOld[$0] >= 0 }.count
      }
      // Its survivors, in order, are the new entries from `runFirst` on.
      let survivors = run.filter { newOfOld[$0] >= 0 }
      guard !survivors.isEmpty, oldStaging[run.lowerBound] == .stable,
        old.entries[run.lowerBound].row == nil,
        isHeaderOrEnd(old, run.upperBound),
        survivors.indices.allSatisfy({ newOfOld[survivors[$0]] == runFirst + $0 }),
        isHeaderOrEnd(new, runFirst + survivors.count)
      else { continue }
      let section = header..<end
      let lines = { (range: Range<Int>) in range.reduce(0) { $0 + old.entries[$1].height } }
      let swaps: Bool
      if let focused, run.contains(focused) {
        swaps = true
      } else if let focused, section.contains(focused) {
        swaps = false
      } else {
        swaps = lines(run) > lines(section)
      }
      guard swaps else { continue }
      for index in section {
        oldStaging[index] = .stable
        newStaging[newOfOld[index]] = .stable
      }
      for index in survivors {
        oldStaging[index] = .moved
        newStaging[newOfOld[index]] = .moved
      }
    }
    return (oldStaging, newStaging)
  }

  /// The most entries a run of still sections swapped with a section moving
  /// whole may hold (see `stagingKinds(from:to:focused:)`).
  static let swappedRunLimit = 64

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

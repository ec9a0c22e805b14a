import Dispatch

// Index names (`t`, `s`, `j`, `i`, `k`, `u`): see the top of Internal/Placement.swift.

/// A filter's new predicate evaluated over upstream's sections: for each
/// section whose shown items change, which are shown now, its new items and
/// which items leave and arrive. A filter keeps order, so that is the whole
/// delta: no hashing, no diffing, no moves.
///
/// Each section is worked out on its own, from its items and its old flags
/// only, so sections can be spread over threads: the result is the same
/// however they are scheduled.
struct PredicateEvaluation<Section: ChainableSection> {
  /// One section's new state, where it changed.
  struct SectionChange {
    /// For each upstream item, whether it is shown now.
    var shown: [Bool]
    /// The shown items, in order.
    var items: [Section.Item]
    /// Old output indices of the items hidden now.
    var deletions: [Int]
    /// New output indices of the items shown now and not before.
    var insertions: [Int]
  }

  /// How many items (tested ones) make the evaluation worth spreading over
  /// threads; below it one thread is faster than waking others.
  static var concurrencyThreshold: Int { 1 << 15 }

  /// For each section of `sections`, its change, or nil where nothing changed.
  ///
  /// `wasShown[t]` holds the old flags of section `t`. With `isNarrowing`
  /// only items shown before are tested (the others stay hidden). With a
  /// `concurrent` predicate and at least `threshold` items to test, sections
  /// are evaluated on several threads.
  ///
  /// - Complexity: O(*n*) for *n* items (only the shown ones tested when
  ///   narrowing), divided among threads when concurrent.
  /// A `sectionTest`, when given, tests the items of a section in place of
  /// calling `predicate` on each (see `ItemFilter.setPredicate(_:isNarrowing:sectionTest:)`).
  static func changes(
    of sections: [Section], wasShown: [[Bool]], isNarrowing: Bool,
    predicate: (Section.Item) -> Bool, concurrent: (@Sendable (Section.Item) -> Bool)?,
    sectionTest: (@Sendable (Section, inout [Bool]) -> Void)? = nil, threshold: Int
  ) -> [SectionChange?] {
    let count = sections.count
    guard let concurrent, count > 1, testedCount(sections, wasShown, isNarrowing) >= threshold
    else {
      var changes: [SectionChange?] = []
      changes.reserveCapacity(count)
      for t in 0..<count {
        changes.append(
          change(of: sections[t], wasShown: wasShown[t], isNarrowing, predicate, sectionTest))
      }
      return changes
    }
    let results = UnsafeMutableBufferPointer<SectionChange?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
      _ = results.deinitialize()
      results.deallocate()
    }
    let shared = Slots(results: results)
    // Several runs per thread even out sections of different sizes.
    let runs = min(count, 32)
    DispatchQueue.concurrentPerform(iterations: runs) { run in
      for t in (count * run / runs)..<(count * (run + 1) / runs) {
        shared.results[t] = change(
          of: sections[t], wasShown: wasShown[t], isNarrowing, concurrent, sectionTest)
      }
    }
    return Array(results)
  }

  /// How many items the evaluation tests.
  private static func testedCount(_ sections: [Section], _ wasShown: [[Bool]], _ isNarrowing: Bool)
    -> Int
  {
    var total = 0
    for t in sections.indices {
      guard isNarrowing else {
        total += sections[t].items.count
        continue
      }
      for isShown in wasShown[t] where isShown { total += 1 }
    }
    return total
  }

  /// The change of one section, or nil when the same items stay shown.
  ///
  /// Plain loops over buffers: in unspecialized generic code every closure
  /// or array access per item costs a lookup.
  private static func change(
    of section: Section, wasShown: [Bool], _ isNarrowing: Bool,
    _ predicate: (Section.Item) -> Bool, _ sectionTest: ((Section, inout [Bool]) -> Void)?
  ) -> SectionChange? {
    let items = section.items
    let count = items.count
    var shownCount = 0
    var isChanged = false
    if let sectionTest {
      var shown = isNarrowing ? wasShown : [Bool](repeating: true, count: count)
      sectionTest(section, &shown)
      guard shown.count == count else {
        fatalError(
          "ItemFilter: a section test must keep one flag per item (\(count), not \(shown.count))")
      }
      for j in 0..<count {
        if isNarrowing && !wasShown[j] { shown[j] = false }  // hidden stays hidden
        if shown[j] { shownCount += 1 }
        if shown[j] != wasShown[j] { isChanged = true }
      }
      guard isChanged else { return nil }
      return change(of: items, wasShown: wasShown, shown: shown, shownCount: shownCount)
    }
    let shown = items.withUnsafeBufferPointer { items in
      wasShown.withUnsafeBufferPointer { was in
        [Bool](count: count) { j in
          let isShown = isNarrowing && !was[j] ? false : predicate(items[j])
          if isShown { shownCount += 1 }
          if isShown != was[j] { isChanged = true }
          return isShown
        }
      }
    }
    guard isChanged else { return nil }
    return change(of: items, wasShown: wasShown, shown: shown, shownCount: shownCount)
  }

  /// The change from `wasShown` to `shown` of a section holding `items`.
  private static func change(
    of items: [Section.Item], wasShown: [Bool], shown: [Bool], shownCount: Int
  ) -> SectionChange {
    let count = items.count
    var deletions: [Int] = []
    var insertions: [Int] = []
    var oldIndex = 0
    var newIndex = 0
    for j in 0..<count {
      let was = wasShown[j]
      let isShown = shown[j]
      if was && !isShown { deletions.append(oldIndex) }
      if isShown && !was { insertions.append(newIndex) }
      if was { oldIndex += 1 }
      if isShown { newIndex += 1 }
    }
    // With every item shown, `kept(by:count:)` shares the upstream array.
    return SectionChange(
      shown: shown, items: items.kept(by: shown, count: shownCount), deletions: deletions,
      insertions: insertions)
  }
}

/// The result slots the evaluating threads share: each writes only the slots
/// of its own sections.
private struct Slots<Change>: @unchecked Sendable {
  let results: UnsafeMutableBufferPointer<Change>
}

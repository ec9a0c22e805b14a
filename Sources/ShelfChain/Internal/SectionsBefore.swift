// Index names (`t`, `s`, `j`, `i`, `k`, `u`): see the top of Internal/Placement.swift.

/// A transform's output sections from before a change, as much of them as
/// the change's delta reads: all of them when the output is rebuilt anyway,
/// or only those a placement names when the output is updated in place, so
/// that keeping them does not make the output's array copy itself.
struct SectionsBefore<Section> {
  private let all: [Section]?
  private var some: [Int: Section] = [:]

  /// All of `sections`.
  ///
  /// - Complexity: O(1).
  init(all sections: [Section]) {
    all = sections
  }

  /// The sections of `sections` that `placement.delta(old:new:)` reads: the
  /// old sections of its touched and re-headed new sections.
  ///
  /// - Complexity: O(*c*) for *c* touched and re-headed sections.
  init(_ sections: [Section], readBy placement: Placement) {
    all = nil
    for t in placement.itemSources.keys where placement.sectionSources[t] >= 0 {
      some[placement.sectionSources[t]] = sections[placement.sectionSources[t]]
    }
    for t in placement.headerChanges where placement.sectionSources[t] >= 0 {
      some[placement.sectionSources[t]] = sections[placement.sectionSources[t]]
    }
  }

  /// The old section at `index`.
  ///
  /// - Precondition: `index` was kept.
  subscript(index: Int) -> Section {
    if let all { return all[index] }
    guard let section = some[index] else { preconditionFailure("old section \(index) not kept") }
    return section
  }
}

import ShelfDiff

/// The part of `LinkCore` that reads upstream's changes, so that a link
/// writes only its own index mapping: upstream's item counts, which
/// reading a delta needs from before the change as well as after it, and
/// what becomes of an upstream change that is not a placement to translate.
///
/// A reload recomputes the output and is told as a reload; a delta that
/// does not fit upstream's sections recomputes the output too, and is told
/// as the diff of the old and new output, re-diffed and counted. Either
/// way the link only says how to recompute its output (its oracle, the
/// `expectedSections` its tests read).
///
/// A link's `LinkCore` keeps one beside the output, and reads each
/// upstream change through it (`LinkCore.placement(of:in:told:isAdvanced:recomputed:)`).
///
/// `recomputed` may update the link's other state (a filter's flags), but
/// must not read the reader or the output, which are being written.
struct UpstreamReader {
  /// What a link does with an upstream change.
  enum Reading {
    /// Done: the output is recomputed; tell observers `change`.
    case handled(SourceChange)
    /// Translate `placement`, upstream's new sections placed in its old ones,
    /// into the link's output; the reader's `oldCounts` and `counts` are
    /// upstream's counts before and after it.
    case placement(Placement, isRediffed: Bool)
  }

  /// The item count of each upstream section, as of the last change read.
  private(set) var counts: [Int]
  /// The item count of each upstream section before the last change read.
  private(set) var oldCounts: [Int]
  /// How many upstream changes did not fit upstream's sections and were re-diffed.
  private(set) var fallbackCount = 0

  /// A reader of changes of an upstream whose sections are now `sections`.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  init<Upstream: ChainableSection>(_ sections: [Upstream]) {
    counts = sections.itemCounts
    oldCounts = counts
  }

  /// Takes upstream's counts after `change`, upstream's sections now being
  /// `sections` (with `told`, the placement upstream told of it, when it
  /// keeps the sections in place: then no change of the delta is read).
  /// For a link that passes a change on as it is, and for the first half of
  /// `read(_:of:told:output:recomputed:)`.
  ///
  /// - Complexity: That of `SourceChange.itemCounts(of:before:told:)`.
  mutating func advance<Upstream: ChainableSection>(
    past change: SourceChange, of sections: [Upstream], told: Placement? = nil
  ) {
    oldCounts = counts
    counts = change.itemCounts(of: sections, before: oldCounts, told: told)
  }

  /// Reads `change`, whose counts `advance(past:of:told:)` took: as `told`,
  /// upstream's placement of it, when upstream told one; otherwise from the
  /// delta. A reload or a delta that does not fit is handled here: `output`
  /// becomes `recomputed()` and the change to tell is returned.
  ///
  /// - Complexity: That of `UpstreamChange.init(_:oldCounts:newCounts:told:)`,
  ///   plus `recomputed` and a diff of the output when it is handled here.
  mutating func interpret<Upstream: ChainableSection, Output: ChainableSection>(
    _ change: SourceChange, of sections: [Upstream], told: Placement? = nil,
    output: inout SectionBuffer<Output>, recomputed: () -> [Output]
  ) -> Reading {
    switch UpstreamChange(change, oldCounts: oldCounts, newCounts: counts, told: told) {
    case .reload:
      output.replace(with: recomputed())
      return .handled(.reload)
    case .unmappable:
      counts = sections.itemCounts
      let old = output.sections
      output.replace(with: recomputed())
      fallbackCount += 1
      return .handled(.delta(SectionDelta(from: old, to: output.sections), isRediffed: true))
    case .placement(let placement, let isRediffed):
      return .placement(placement, isRediffed: isRediffed)
    }
  }

  /// `advance(past:of:told:)`, then `interpret(_:of:told:output:recomputed:)`:
  /// the whole of reading an upstream change.
  mutating func read<Upstream: ChainableSection, Output: ChainableSection>(
    _ change: SourceChange, of sections: [Upstream], told: Placement? = nil,
    output: inout SectionBuffer<Output>, recomputed: () -> [Output]
  ) -> Reading {
    advance(past: change, of: sections, told: told)
    return interpret(change, of: sections, told: told, output: &output, recomputed: recomputed)
  }
}

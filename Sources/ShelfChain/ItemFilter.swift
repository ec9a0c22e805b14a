import ShelfDiff

// Index names (`t`, `s`, `j`, `i`, `k`, `u`): see the top of Internal/Placement.swift.

// make specialization: ItemFilter.upstreamDidChange ItemFilter.translateInPlace ItemFilter.translate

/// The items of an upstream source that satisfy a predicate, in their
/// sections (a section left with no items stays; chain an
/// `EmptySectionFilter` to drop it).
///
/// An upstream change is translated through the filter's index mapping: the
/// predicate runs only on inserted and reloaded items, and kept items keep
/// their verdict. Setting `predicate` re-evaluates every item and animates
/// the difference as a delta, again without diffing: a filter keeps order, so
/// the delta is exactly the items hidden (deleted) and shown (inserted) now.
/// `setPredicate(_:isNarrowing:)` does the same with a predicate it may run
/// on several threads at once, and can test only the items shown.
///
/// - Complexity: An upstream change costs O(*s* + *c* + *t*) for *s*
///   sections, *c* changes and *t* items in the sections it touches (plus
///   O(*t* log *t*) where items move); a new predicate costs O(*s* + *n*)
///   for *n* items.
public final class ItemFilter<Section: ChainableSection>: SectionSource, PlacementTelling {
  /// The items of upstream that satisfy `predicate`, in their sections.
  public var sections: [Section] { core.sections }
  /// How many upstream changes did not fit upstream's sections and were re-diffed.
  public var fallbackCount: Int { core.fallbackCount }
  /// Which items to keep; setting it tells observers the difference.
  public var predicate: (Section.Item) -> Bool {
    get { currentPredicate }
    set { change(to: newValue, concurrent: nil, isNarrowing: false) }
  }
  /// Below how many items to test a concurrent predicate runs on one thread (tests).
  package var concurrencyThreshold = PredicateEvaluation<Section>.concurrencyThreshold
  /// Whether a placement that keeps the sections in place is translated in
  /// one pass (`FilteredDelta`), as it always is outside tests; false takes
  /// the general path (`Placement.delta`), which must give the same delta.
  package var translatesInOnePass = true

  private var currentPredicate: (Section.Item) -> Bool

  private let core: LinkCore<Section, Section>
  var observers: Observers { core.observers }
  /// For each upstream section, for each of its items, whether it is shown.
  private var isShown: [[Bool]]

  /// The items of `upstream` for which `predicate` is true.
  public init(_ upstream: any SectionSource<Section>, predicate: @escaping (Section.Item) -> Bool) {
    currentPredicate = predicate
    let upstreamSections = upstream.sections
    let isShown = upstreamSections.map { $0.items.map(predicate) }
    self.isShown = isShown
    core = LinkCore(
      upstream, sections: zip(upstreamSections, isShown).map { Self.section($0, shown: $1) })
    core.start(self) { link, change, told in link.upstreamDidChange(change, told: told) }
  }

  /// All the items of `upstream`, until a predicate is set: none is tested.
  ///
  /// - Complexity: O(*s* + *n*) for *s* sections and *n* items, with no
  ///   predicate called and no item copied.
  public init(_ upstream: any SectionSource<Section>) {
    currentPredicate = { _ in true }
    let upstreamSections = upstream.sections
    core = LinkCore(upstream, sections: upstreamSections)
    isShown = core.upstreamCounts.map { [Bool](repeating: true, count: $0) }
    core.start(self) { link, change, told in link.upstreamDidChange(change, told: told) }
  }

  /// Registers `observer` for every later change.
  @discardableResult
  public func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    core.observe(observer)
  }

  /// The sections recomputed from upstream, for tests of the translation.
  package var expectedSections: [Section] {
    core.upstream.sections.map { section in section.with(items: section.items.filter(predicate)) }
  }

  private static func section(_ section: Section, shown: [Bool]) -> Section {
    guard shown.contains(false) else { return section }  // shares upstream's items: no copy
    var items: [Section.Item] = []
    for (item, isShown) in zip(section.items, shown) where isShown { items.append(item) }
    return section.with(items: items)
  }

  /// The output recomputed from upstream's sections, with the flags.
  private func rebuilt(from upstreamSections: [Section]) -> [Section] {
    isShown = upstreamSections.map { $0.items.map(predicate) }
    return zip(upstreamSections, isShown).map { Self.section($0, shown: $1) }
  }

  // MARK: - Translating

  /// Translates `change`, whose placement upstream worked out as `told`
  /// (nil when it did not): then the delta is not read again.
  private func upstreamDidChange(_ change: SourceChange, told: Placement?) {
    let upstreamSections = core.upstream.sections
    guard
      let (placement, isRediffed) = core.placement(
        of: change, in: upstreamSections, told: told,
        recomputed: { rebuilt(from: upstreamSections) })
    else { return }
    if translatesInOnePass && placement.keepsSections {
      let (delta, outputPlacement) = translateInPlace(
        placement, deletions: change.delta?.items.deletions ?? [],
        upstreamSections: upstreamSections)
      observers.send(.delta(delta, isRediffed: isRediffed), placement: outputPlacement)
    } else {
      let (output, old) = translate(placement, upstreamSections: upstreamSections)
      observers.send(.delta(output.delta(old: old, new: sections), isRediffed: isRediffed))
    }
  }

  /// Updates the state for upstream's new sections, which keep their places
  /// (the usual change: items come, go and move, no section does), and
  /// returns the output's delta and placement (`FilteredDelta`), without
  /// `Placement.delta`. `deletions` are upstream's item deletions, which
  /// `placement` fits.
  private func translateInPlace(
    _ placement: Placement, deletions upstreamDeletions: [ItemPath],
    upstreamSections: [Section]
  ) -> (SectionDelta, Placement) {
    let keys = placement.touchedSections
    // Headers: upstream's, compared where a change touched or re-headed a section.
    var sectionReloads: [IndexDelta.Reload] = []
    let oldSections = core.output.sections
    for t in placement.touchedOrReheadedSections
    where !oldSections[t].hasSameHeader(as: upstreamSections[t]) {
      sectionReloads.append(IndexDelta.Reload(from: t, to: t))
    }
    // Scoped: `isShown` is unshared again when it is updated below. Locals,
    // not properties, in the per-item work: a class's stored property costs
    // an exclusivity check on every access.
    let (delta, outputPlacement, newShown, shownCounts) = {
      let predicate = predicate
      // The touched sections' items, by slot, read once.
      let touchedItems = keys.map { upstreamSections[$0].items }
      return FilteredDelta.delta(
        placement, touched: keys, wasShown: isShown, reloadFlags: placement.reloadFlags(),
        upstreamDeletions: upstreamDeletions, sectionReloads: sectionReloads
      ) { k, j in predicate(touchedItems[k][j]) }
    }()
    for (k, t) in keys.enumerated() { isShown[t] = newShown[k] }
    core.output.update { sections in
      for (k, t) in keys.enumerated() {
        let section = upstreamSections[t]
        sections[t] = section.with(
          items: section.items.kept(by: newShown[k], count: shownCounts[k]))
      }
      for t in placement.headerChanges where placement.itemSources[t] == nil {
        sections[t] = upstreamSections[t].with(items: sections[t].items)
      }
    }
    return (delta, outputPlacement)
  }

  /// Updates the state for upstream's new sections and returns the output's
  /// placement, with the old output sections its delta reads.
  private func translate(_ placement: Placement, upstreamSections: [Section]) -> (
    Placement, SectionsBefore<Section>
  ) {
    var output = placement
    output.itemSources = [:]
    output.reloads = []
    var touched: [Int: (shown: [Bool], items: [Section.Item])] = [:]
    // Locals, not properties, in the per-item loop: a class's stored
    // property costs an exclusivity check on every access. Scoped, so that
    // `isShown` is unshared again when it is updated below.
    do {
      let wasShownAt = isShown
      let predicate = predicate
      var ranks: [Int: [Int]] = [:]  // old upstream section -> old output index of each item, or -1
      // Kept items come in runs from one old section: the last section's
      // ranks are at hand, so only a change of section is looked up.
      var rankedSection = -1
      var rankList: [Int] = []
      func rank(_ path: ItemPath) -> Int {
        if path.section == rankedSection { return rankList[path.item] }
        if rankedSection >= 0 { ranks[rankedSection] = rankList }
        rankedSection = path.section
        if let known = ranks[path.section] {
          rankList = known
          return rankList[path.item]
        }
        var next = 0
        rankList = [Int](repeating: -1, count: wasShownAt[path.section].count)
        for (i, isShown) in wasShownAt[path.section].enumerated() where isShown {
          rankList[i] = next
          next += 1
        }
        return rankList[path.item]
      }
      let reloadFlags = placement.reloadFlags()
      // Plain loops, items touched only through buffers: in unspecialized
      // generic code every closure or array access per item costs a lookup.
      for (t, sources) in placement.itemSources {
        let isReloadedAt = reloadFlags[t]
        let upstreamItems = upstreamSections[t].items
        let count = sources.count
        var shown = [Bool](repeating: false, count: count)
        var keptIndices: [Int] = []
        var keptSources: [ItemPath?] = []
        upstreamItems.withUnsafeBufferPointer { items in
          for j in 0..<count {
            let source = sources[j]
            let isReloaded = isReloadedAt?[j] ?? false
            let wasShown = source.map { wasShownAt[$0.section][$0.item] } ?? false
            shown[j] = source != nil && !isReloaded ? wasShown : predicate(items[j])
            guard shown[j] else { continue }
            var outputSource: ItemPath?
            if let source, wasShown {
              outputSource = ItemPath(section: source.section, item: rank(source))
              if isReloaded { output.reloads.append(ItemPath(section: t, item: keptIndices.count)) }
            }
            keptIndices.append(j)
            keptSources.append(outputSource)
          }
        }
        touched[t] = (shown, upstreamItems.elements(at: keptIndices))
        output.itemSources[t] = ItemSources(keptSources)
      }
    }
    let before: SectionsBefore<Section>
    if placement.keepsSections {
      // In place: the output's array is not copied for a change of a few sections.
      before = SectionsBefore(core.output.sections, readBy: output)
      for (t, change) in touched { isShown[t] = change.shown }
      core.output.update { sections in
        for (t, change) in touched { sections[t] = upstreamSections[t].with(items: change.items) }
        for t in placement.headerChanges where touched[t] == nil {
          sections[t] = upstreamSections[t].with(items: sections[t].items)
        }
      }
    } else {
      let oldShown = isShown
      let oldSections = core.output.sections
      before = SectionsBefore(all: oldSections)
      isShown = placement.sectionSources.enumerated().map { t, s in
        touched[t]?.shown ?? oldShown[s]
      }
      var sections = placement.sectionSources.enumerated().map { t, s in
        if let change = touched[t] { return upstreamSections[t].with(items: change.items) }
        return oldSections[s]
      }
      for t in placement.headerChanges where touched[t] == nil {
        sections[t] = upstreamSections[t].with(items: sections[t].items)
      }
      core.output.replace(with: sections)
    }
    return (output, before)
  }

  // MARK: - A new predicate

  /// Keeps the items for which `predicate` is true, as setting `predicate`
  /// does, calling `predicate` on several threads at once when upstream has
  /// many items (the delta is the same however they run).
  ///
  /// With `isNarrowing` you promise that `predicate` is true only for items
  /// the current predicate keeps, as a longer search text is: only the shown
  /// items are tested, and the hidden ones stay hidden.
  ///
  /// - Complexity: O(*s* + *n*) for *s* sections and *n* items (only the
  ///   shown ones tested when narrowing), spread over the cores when *n* is
  ///   large, plus O(*c*) for *c* items hidden or shown.
  public func setPredicate(
    _ predicate: @escaping @Sendable (Section.Item) -> Bool, isNarrowing: Bool = false
  ) {
    change(to: predicate, concurrent: predicate, isNarrowing: isNarrowing)
  }

  /// `setPredicate(_:isNarrowing:)` with a test of a whole section's items at
  /// once, for when that is faster than one item at a time (it reads an
  /// index the section carries, say). `sectionTest(section, &flags)` finds
  /// `flags[i]` true for each item `i` to test and must set it to whether
  /// `predicate` keeps that item, leaving the other flags false. Sections are
  /// tested on several threads at once when upstream has many items.
  ///
  /// `predicate` must agree with `sectionTest`: the filter tests the items
  /// that arrive later with it.
  ///
  /// - Complexity: O(*s* + *n*) for *s* sections and *n* items, plus what
  ///   `sectionTest` costs, spread over the cores when *n* is large.
  public func setPredicate(
    _ predicate: @escaping @Sendable (Section.Item) -> Bool, isNarrowing: Bool = false,
    sectionTest: @escaping @Sendable (Section, inout [Bool]) -> Void
  ) {
    change(
      to: predicate, concurrent: predicate, isNarrowing: isNarrowing, sectionTest: sectionTest)
  }

  /// Re-evaluates every section and tells observers exactly the items that
  /// are hidden and shown now, section by section.
  private func change(
    to predicate: @escaping (Section.Item) -> Bool,
    concurrent: (@Sendable (Section.Item) -> Bool)?, isNarrowing: Bool,
    sectionTest: (@Sendable (Section, inout [Bool]) -> Void)? = nil
  ) {
    currentPredicate = predicate
    let upstreamSections = core.upstream.sections
    let changes = PredicateEvaluation.changes(
      of: upstreamSections, wasShown: isShown, isNarrowing: isNarrowing, predicate: predicate,
      concurrent: concurrent, sectionTest: sectionTest, threshold: concurrencyThreshold)
    var deletions: [ItemPath] = []
    var insertions: [ItemPath] = []
    core.output.update { sections in
      for (t, change) in changes.enumerated() {
        guard let change else { continue }
        for item in change.deletions { deletions.append(ItemPath(section: t, item: item)) }
        for item in change.insertions { insertions.append(ItemPath(section: t, item: item)) }
        isShown[t] = change.shown
        sections[t] = upstreamSections[t].with(items: change.items)
      }
    }
    let delta = SectionDelta(
      items: SectionDelta.Items(deletions: deletions, insertions: insertions))
    observers.send(.delta(delta, isRediffed: false))
  }
}

/// The former name of ``ItemFilter``, which names what it filters beside
/// ``EmptySectionFilter`` and keeps clear of the frameworks' `Filter`s.
@available(*, deprecated, renamed: "ItemFilter")
public typealias Filter = ItemFilter

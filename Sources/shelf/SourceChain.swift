import Dispatch
import ShelfChain
import ShelfContentMapping
import ShelfDiff
import ShelfUI

/// The sources on one screen, as a chain of rows of cards (the one shape
/// from the source to the screen: each row carries its section's id and
/// title): one store per source, their rows concatenated in the order given
/// (`Concat`), and a `SourceSwitch` between all of them and each alone (Tab).
/// A change of one source reaches the output as a change of that source's
/// rows only: the delta its converter computed, translated by each link
/// (`onChange` gets it).
///
/// With several sources, each source's section and row ids live in a
/// namespace of their own (`SourceNamespace`), so equal ids in two catalogs
/// stay two sections or rows: nothing to warn about.
@MainActor
final class SourceChain {
  /// The sources, in order.
  let specs: [SourceSpec]
  private let stores: [SectionStore<CarouselRow>]
  private let selection: SourceSwitch<CarouselRow>
  /// Each source's catalog title, or its name while it has none.
  private var titles: [String]
  /// The version of each source's content in its store (`SourceUpdate`):
  /// 0 at first; nil after a change that came without one.
  private var versions: [Int?]
  /// Called after the chain's output changed, with the change.
  var onChange: ((SourceChange) -> Void)?
  /// Where a change of selection is diffed; nil to diff at once, in the caller.
  private let switchQueue: DispatchQueue?
  /// The selection Tab asked for while its diff runs off the main queue.
  private var pendingSelection: Int?
  /// Counts selections and source changes: a switch's delta diffed before
  /// the latest of them is stale and dropped.
  private var switchGeneration = 0
  /// Whether the output's change is being told by `apply`, not by the links.
  private var isRelaying = false

  /// A chain of `specs`, showing `contents` (namespaced as
  /// `namespace(ofSourceAt:)` says) and their `ids`, all sources selected; a
  /// change of selection is diffed on `switchQueue` (at once when nil).
  init(
    specs: [SourceSpec], contents: [ShelfContent], switchQueue: DispatchQueue? = nil
  ) {
    precondition(!specs.isEmpty && specs.count == contents.count)
    self.specs = specs
    self.switchQueue = switchQueue
    versions = Array(repeating: 0, count: specs.count)
    titles = zip(specs, contents).map { spec, content in
      content.title.isEmpty ? spec.name : content.title
    }
    stores = contents.map { SectionStore($0.rows) }
    let all = Concat<CarouselRow>(stores)
    selection = SourceSwitch([all] + stores)
    selection.observe { [weak self] change in
      guard let self, !self.isRelaying else { return }
      self.onChange?(change)
    }
  }

  /// The namespace of the source at `index` among `count`: none for a single
  /// source, whose ids stay as they are.
  nonisolated static func namespace(ofSourceAt index: Int, count: Int) -> SourceNamespace? {
    count > 1 ? SourceNamespace(index: index) : nil
  }

  /// The namespace of source `index` among `specs`, its section headers
  /// labelled with its short name (so that two sources' "Featured" can be
  /// told apart); none for a single source.
  nonisolated static func namespace(ofSourceAt index: Int, in specs: [SourceSpec])
    -> SourceNamespace?
  {
    guard specs.count > 1 else { return nil }
    // Each source's relative cover paths from its own folder: a catalog
    // file's, the current one for the others.
    return SourceNamespace(
      index: index, label: shortName(ofSourceAt: index, in: specs),
      imageDirectory: CoverSettings.absoluteImageDirectory(of: specs[index]))
  }

  // MARK: - Changes

  /// Source `index` now shows `content` (already namespaced);
  /// nothing says how it changed, so the chain's output reloads.
  func update(_ index: Int, with content: ShelfContent) {
    versions[index] = nil
    apply(index, content: content, delta: nil)
  }

  /// Source `index`'s next version, converted and diffed off the main queue
  /// (`ContentConverter`): its delta goes down the chain (`Concat`, then
  /// `SourceSwitch`), translated, and on to the screen, so nothing downstream
  /// diffs the source again. A delta computed against another version than
  /// the one the store holds is never applied: the output reloads instead.
  func update(_ index: Int, with update: SourceUpdate) {
    let base = versions[index]
    versions[index] = update.version
    let fits = base.map { $0 + 1 == update.version } ?? false
    apply(index, content: update.content, delta: fits ? update.delta : nil)
  }

  /// Puts `content` in source `index`'s store: as a change by `delta`, or
  /// without one as a reload (the screen's holder then diffs the table).
  private func apply(_ index: Int, content: ShelfContent, delta: SectionDelta?) {
    titles[index] = content.title.isEmpty ? specs[index].name : content.title
    if let delta, !delta.undiffedSections.isEmpty, delta.items.isEmpty,
      let offset = shownOffset(ofSource: index)
    {
      // The converter named the rows whose cards changed without diffing
      // them (the table diffs the rows it shows): the links, which translate
      // card changes, take the rows as a reload, and the output's change is
      // the delta moved to the source's place among the rows shown, O(rows).
      isRelaying = true
      stores[index].reload(content.rows)
      isRelaying = false
      onChange?(.delta(delta.shiftingSections(by: offset), isRediffed: false))
    } else if let delta {
      // The converter diffed these very rows against the version the store
      // holds: the store reads the delta's placement but does not compare a
      // million cards again on the main queue. The table's holder still
      // checks the delta by replay, on its own queue.
      stores[index].update(content.rows, trustedDelta: delta)
    } else {
      stores[index].reload(content.rows)
    }
    // A switch diffed against the data before this change is stale: again.
    if let pending = pendingSelection { select(pending) }
  }

  /// Where source `index`'s rows start among the rows shown; nil when
  /// another source is shown alone.
  private func shownOffset(ofSource index: Int) -> Int? {
    switch selection.selectedIndex {
    case 0: stores[..<index].reduce(0) { $0 + $1.sections.count }
    case index + 1: 0
    default: nil
    }
  }

  // MARK: - Selection

  /// The source shown alone, or nil when all are shown.
  var selectedSource: Int? {
    selection.selectedIndex == 0 ? nil : selection.selectedIndex - 1
  }

  /// Whether Tab means something: there are several sources to choose from.
  var canSwitch: Bool { specs.count > 1 }

  /// Shows the next source alone, or all again after the last.
  func selectNext() {
    guard canSwitch else { return }
    select((requestedSelection + 1) % (specs.count + 1))
  }

  /// Shows the previous source alone, or all again before the first.
  func selectPrevious() {
    guard canSwitch else { return }
    select((requestedSelection + specs.count) % (specs.count + 1))
  }

  /// The selection last asked for: shown, or on its way.
  private var requestedSelection: Int { pendingSelection ?? selection.selectedIndex }

  /// Whether a Tab's switch is being diffed off the main queue (tests wait for it).
  var isSwitching: Bool { pendingSelection != nil }

  /// Selects `sources[index]` of the switch. With a queue, the diff of the
  /// outputs (a million cards take a while) runs there and the switch takes
  /// its delta back on the main queue, unless a later Tab or a change of a
  /// source made it stale by then.
  private func select(_ index: Int) {
    switchGeneration += 1
    guard let switchQueue else {
      selection.selectedIndex = index
      return
    }
    guard index != selection.selectedIndex else {
      pendingSelection = nil
      return
    }
    pendingSelection = index
    let generation = switchGeneration
    let old = selection.sections
    let new = selection.sources[index].sections
    switchQueue.async {
      let delta = SectionDelta(sectionBySectionFrom: old, to: new)
      DispatchQueue.main.async { [weak self] in
        MainActor.assumeIsolated {
          guard let self, generation == self.switchGeneration else { return }
          self.pendingSelection = nil
          self.selection.select(index, delta: delta)
        }
      }
    }
  }

  // MARK: - Output

  /// What the screen shows now.
  var content: ShelfContent {
    ShelfContent(title: title, rows: selection.sections)
  }

  /// The header's title: the catalog shown, or the catalogs' titles joined
  /// while they fit, else how many there are.
  var title: String {
    if let selected = selectedSource { return titles[selected] }
    if titles.count == 1 { return titles[0] }
    let joined = titles.joined(separator: " + ")
    return TerminalText.width(of: joined) <= 30 ? joined : "\(titles.count) catalogs"
  }

  /// What the header says is shown: nil for a single source, else "all
  /// sources" or the one source's name and place.
  var scope: String? {
    guard canSwitch else { return nil }
    guard let selected = selectedSource else { return "all sources" }
    return "\(Self.shortName(ofSourceAt: selected, in: specs)) (\(selected + 1)/\(specs.count))"
  }

  /// The name of source `index` of `specs`, short enough for the status
  /// line among several and told apart from the others (`SourceNames`).
  nonisolated static func shortName(ofSourceAt index: Int, in specs: [SourceSpec]) -> String {
    SourceNames.distinct(specs.map(\.name))[index]
  }
}

extension SectionDelta {
  /// The same change of sections placed `offset` sections further on, among
  /// others that do not change (a source's rows among all sources' rows).
  ///
  /// - Precondition: `items` is empty (a delta made by rows only).
  /// - Complexity: O(`changeCount`).
  fileprivate func shiftingSections(by offset: Int) -> SectionDelta {
    func index(_ i: Int) -> Int { i + offset }
    func match(_ m: IndexDelta.Reload) -> IndexDelta.Reload {
      IndexDelta.Reload(from: m.from + offset, to: m.to + offset)
    }
    var shifted = self
    shifted.sections.deletions = sections.deletions.map(index)
    shifted.sections.insertions = sections.insertions.map(index)
    shifted.sections.moves = sections.moves.map(match)
    shifted.sections.reloads = sections.reloads.map(match)
    shifted.sections.duplicates = sections.duplicates.map { duplicate in
      var duplicate = duplicate
      duplicate.oldPositions = duplicate.oldPositions.map(index)
      duplicate.newPositions = duplicate.newPositions.map(index)
      return duplicate
    }
    shifted.undiffedSections = undiffedSections.map(match)
    return shifted
  }
}

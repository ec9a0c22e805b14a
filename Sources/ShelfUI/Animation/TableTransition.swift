import ShelfDiff

/// The table moving from its layout before a change to its layout after it:
/// section headers and rows grow, collapse, slide and move, while the rows
/// handed to their carousels animate their cards inside.
///
/// A frame is a pure function of (before, after, the delta's kinds, progress),
/// so transitions are tested at fixed progress points without a clock. At
/// progress 1 the scene draws exactly as the plain layout of `after`.
struct TableTransition: Sendable {
  /// The layout before.
  let before: TransitionEnd
  /// The layout after.
  let after: TransitionEnd
  /// The screen both were laid out for.
  let size: Size
  /// What happens to each entry (section header or row), and which becomes which.
  let kinds: EntryChanges
  /// The rows whose cards change (or scroll) on screen, by row id: each is
  /// handed to its own carousel, which animates on its own clock.
  private(set) var carousels: [String: CarouselTransition]
  /// How many visible things change; a large batch snaps instead of animating.
  let visibleChangeCount: Int
  /// Where each header and row is part-way through.
  let motion: TableMotion
  /// Every new entry a frame can show, as the plain layout after places it,
  /// by new index: laid out once, not every frame.
  private let arrivals: [Int: SceneEntry]
  /// Every deleted entry a frame can show, as the plain layout before placed
  /// it (unfocused), by old index.
  private let departures: [Int: SceneEntry]

  /// The transition from `before` to `after` on a screen of `size`, whose
  /// sections and rows change as `delta` says (computed if nil). With
  /// `carouselsAwaitDeltas`, each row whose cards change waits for the delta
  /// its own holder computes (`resolveCarousel(_:with:)`): none is computed here.
  /// `startLines` (by old entry index) are the screen lines entries start
  /// from where a change cut short left them (`linesOnScreen(at:)`).
  ///
  /// - Complexity: O(entries) for the entry delta, plus O(cards) of the visible
  ///   rows whose cards changed.
  init(
    from before: TransitionEnd, to after: TransitionEnd, size: Size, delta: SectionDelta? = nil,
    carouselsAwaitDeltas: Bool = false, startLines: [Int: Int] = [:]
  ) {
    self.before = before
    self.after = after
    self.size = size
    let kinds = EntryChanges(
      from: before.model, to: after.model,
      delta: delta
        ?? SectionDelta(from: before.model.sections, to: after.model.sections))
    self.kinds = kinds

    let bodyHeight = ViewState.bodyHeight(for: size)
    // The entries on screen, and the changed ones next to them: as a gap
    // collapses and grows, the inserted and deleted entries just outside the
    // screen slide into it (leaving them out would leave holes).
    let oldVisible = kinds.widened(
      before.model.entries(covering: before.state.scrollY..<(before.state.scrollY + bodyHeight)),
      on: .old, count: before.model.entries.count)
    let newVisible = kinds.widened(
      after.model.entries(covering: after.state.scrollY..<(after.state.scrollY + bodyHeight)),
      on: .new, count: after.model.entries.count)
    let strip = after.model.strip(forScreenWidth: size.width)
    var found: [String: CarouselTransition] = [:]
    var changes = 0
    var seen = Set<Int>()  // new entry indices considered
    func consider(new: Int, old: Int) {
      guard seen.insert(new).inserted else { return }
      if kinds.kind(new: new) != .stable { changes += 1 }
      guard old >= 0, let newRow = after.model.entries[new].row,
        let oldRow = before.model.entries[old].row
      else { return }
      let oldCards = before.model.rows[oldRow]
      let newCards = after.model.rows[newRow]
      let oldOffset = before.state.offset(ofRow: oldCards, strip: strip)
      let newOffset = after.state.offset(ofRow: newCards, strip: strip)
      guard oldCards.cards != newCards.cards || oldOffset != newOffset else { return }
      var carousel =
        carouselsAwaitDeltas
        ? CarouselTransition(
          pendingRowID: newCards.id, oldCards: oldCards.cards, oldOffset: oldOffset,
          newCards: newCards.cards, newOffset: newOffset)
        : CarouselTransition(
          rowID: newCards.id, oldCards: oldCards.cards, oldOffset: oldOffset,
          newCards: newCards.cards, newOffset: newOffset)
      carousel.faceStyle = after.model.cardStyle
      changes += carousel.visibleChangeCount(strip)
      found[newCards.id] = carousel
    }
    var departures: [Int: SceneEntry] = [:]
    for new in newVisible { consider(new: new, old: kinds.oldOfNew[new]) }
    for old in oldVisible {
      let new = kinds.newOfOld[old]
      if new >= 0 {
        consider(new: new, old: old)
      } else {
        changes += 1
        departures[old] = Self.departure(old, from: before, size: size)
      }
    }
    carousels = found
    visibleChangeCount = changes
    var arrivals: [Int: SceneEntry] = [:]
    for new in seen { arrivals[new] = Self.arrival(new, in: after, size: size) }
    self.arrivals = arrivals
    self.departures = departures

    var focusedOld: Int?
    if after.model.rows.indices.contains(after.state.focusRow) {
      let old = kinds.oldOfNew[after.model.entryOfRow[after.state.focusRow]]
      if old >= 0 { focusedOld = old }
    }
    motion = TableMotion(
      from: before, to: after, kinds: kinds, body: Layout.body(for: size), focused: focusedOld,
      startLines: startLines)
  }

  /// The screen line of each entry of the layout after (by new index) as
  /// the frame at `progress` draws it, for the entries near the screen: where
  /// a change that cuts this one short starts them from. Entries far off
  /// screen at both moments are left out (they start from their layout).
  ///
  /// - Complexity: O(entries within a screen of the body, before or after,
  ///   × log entries + entries drawn).
  func linesOnScreen(at progress: Double) -> [Int: Int] {
    var lines: [Int: Int] = [:]
    let height = ViewState.bodyHeight(for: size)
    let near = after.model.entries(
      covering: max(0, after.state.scrollY - height)..<(after.state.scrollY + 2 * height))
    for new in near {
      let old = kinds.oldOfNew[new]
      if old >= 0, let y = motion.line(old: old, new: new, at: progress) { lines[new] = y }
    }
    for placement in motion.placements(at: progress) where placement.new >= 0 {
      lines[placement.new] = placement.y
    }
    return lines
  }

  /// Has the carousel of `rowID` replay `delta`, the one its holder computed
  /// and validated off the main thread.
  mutating func resolveCarousel(_ rowID: String, with delta: IndexDelta) {
    carousels[rowID] = carousels[rowID]?.resolved(with: delta)
  }

  /// Whether nothing visible moves or changes: the change can apply at once.
  ///
  /// - Complexity: O(visible entries × visible cards).
  var isStill: Bool {
    carousels.isEmpty
      && scene(at: 0, carouselProgress: { _ in 0 }) == scene(at: 1, carouselProgress: { _ in 1 })
  }

  // MARK: - Frames

  /// The table's scene at eased progress `progress`; each handed-over row's
  /// cards at `carouselProgress(rowID)`.
  ///
  /// Every block moves at once, as UIKit animates a batch (`TableMotion`):
  /// still entries go from their line before to their line after (giving way
  /// as moved blocks pass them), moved blocks travel straight over them,
  /// deleted entries collapse and inserted ones grow in place. The focused row
  /// never leaves the screen and is drawn over everything.
  ///
  /// - Complexity: O(log entries × moved blocks on screen + entries drawn).
  func scene(at progress: Double, carouselProgress: (String) -> Double) -> Scene {
    let body = Layout.body(for: size)
    var scene = Scene(size: size, body: body)
    if after.model.entries.isEmpty && (progress >= 1 || before.model.entries.isEmpty) {
      scene.emptyMessage = "no rows"
      return scene
    }
    var placed: [(entry: SceneEntry, layer: Layer)] = []
    func place(_ entry: SceneEntry?, y: Int, height: Int, layer: Layer) {
      guard let entry else { return }
      placed.append((entry.placed(y: y, height: height), layer))
    }
    // The focused row's section header, when it goes with the row: drawn
    // with it, over everything, so the focused section reads as one block.
    let focusedHeader = focusedEntry.map { $0.old - 1 }.flatMap {
      $0 >= 0 && motion.isHeaderGluedToNext(old: $0) ? $0 : nil
    }
    var headerWithFocus: SceneEntry?
    for piece in motion.placements(at: progress) {
      switch piece.kind {
      case .still where piece.old == focusedHeader:
        headerWithFocus = entry(
          new: piece.new, old: piece.old, progress: progress, carouselProgress: carouselProgress)?
          .placed(y: piece.y, height: piece.height)
      case .still, .travelling:
        place(
          entry(
            new: piece.new, old: piece.old, progress: progress, carouselProgress: carouselProgress),
          y: piece.y, height: piece.height,
          layer: piece.kind == .still ? .still : piece.isInSectionBlock ? .section : .moving)
      case .leaving:
        place(departure(piece.old), y: piece.y, height: piece.height, layer: .leaving)
      case .arriving:
        place(
          entry(
            new: piece.new, old: kinds.oldOfNew[piece.new], progress: progress,
            carouselProgress: carouselProgress),
          y: piece.y, height: piece.height, layer: .arriving)
      }
    }

    // The focused row never leaves the screen, even in part (it may come from
    // off screen when the focus came to it from a deleted row), and is drawn
    // last, over everything else.
    if !placed.contains(where: { $0.entry.isFocusedRow }), let (old, new) = focusedEntry,
      let y = motion.line(old: old, new: new, at: progress)
    {
      place(
        entry(new: new, old: old, progress: progress, carouselProgress: carouselProgress),
        y: y, height: after.model.entries[new].height, layer: .moving)
    }
    // A focused row that takes the place of the focused row deleted is
    // whole from the first frame, over it.
    if let (new, from, to) = focusTakingTheLeavingPlace,
      let whole = entry(
        new: new, old: kinds.oldOfNew[new], progress: progress, carouselProgress: carouselProgress)
    {
      placed.removeAll { $0.entry.isFocusedRow }
      place(
        whole, y: Easing.lerp(from, to, progress), height: after.model.entries[new].height,
        layer: .moving)
    }
    // A focused row that is itself arriving grows in its place, in its layer
    // (over the blocks travelling past it, it would cut them).
    var focused: SceneEntry?
    if let index = placed.firstIndex(where: { $0.entry.isFocusedRow }),
      case .row(let row) = placed[index].entry, row.height >= row.lineCount
    {
      var entry = placed.remove(at: index).entry
      if body.height >= row.height {
        entry = entry.placed(
          y: max(body.minY, min(row.y, body.maxY - row.height)), height: row.height)
      }
      focused = entry
    }
    // Still rows go over the deleted and inserted ones, and moving rows over
    // them all. A header a row crosses as it leaves or joins a section goes
    // over that row, so the header is seen sliding the other way and never
    // hides; a section moving whole is one opaque block over everything; the
    // focused row is drawn last.
    let order: [Layer] = [.leaving, .arriving, .still, .moving]
    scene.entries = []
    for layer in order {
      scene.entries += placed.filter { $0.entry.isRow && $0.layer == layer }.map(\.entry)
    }
    scene.entries += placed.filter { !$0.entry.isRow && $0.layer != .section }.map(\.entry)
    scene.entries += placed.filter { $0.layer == .section }.map(\.entry)
    if let focused {
      if let headerWithFocus { scene.entries.append(headerWithFocus) }
      scene.entries.append(focused)
    } else if let headerWithFocus {
      scene.entries.insert(headerWithFocus, at: 0)
    }
    return withoutRowsUnderOtherHeaders(scene)
  }

  /// Where the focus goes to a row that arrives (inserted, or come from far
  /// off screen) because the focused row is deleted: the new row's entry,
  /// the screen line the deleted row stood on and the line the new row
  /// takes (the same, as a rule: the focus keeps its line). That row is
  /// drawn whole all the way between the two, over the row it replaces,
  /// rather than growing in its slot without the focus box. Nil otherwise.
  var focusTakingTheLeavingPlace: (new: Int, from: Int, to: Int)? {
    guard after.model.rows.indices.contains(after.state.focusRow),
      before.model.rows.indices.contains(before.state.focusRow)
    else { return nil }
    let new = after.model.entryOfRow[after.state.focusRow]
    let old = before.model.entryOfRow[before.state.focusRow]
    guard motion.arrives(new: new), kinds.kind(old: old) == .deleted else { return nil }
    let body = Layout.body(for: size)
    return (
      new, body.minY + before.model.entries[old].y - before.state.scrollY,
      body.minY + after.model.entries[new].y - after.state.scrollY
    )
  }

  /// Which group of blocks an entry is drawn with.
  private enum Layer {
    case leaving, arriving, still, moving
    /// Travelling in a section that moves whole (its header with its rows).
    case section
  }

  /// The focused row's old and new entry, if it is in both.
  private var focusedEntry: (old: Int, new: Int)? {
    guard after.model.rows.indices.contains(after.state.focusRow) else { return nil }
    let new = after.model.entryOfRow[after.state.focusRow]
    let old = kinds.oldOfNew[new]
    return old >= 0 ? (old, new) : nil
  }

  /// Whether a surviving header or row has a new title.
  private func titleChanged(old: Int, new: Int) -> Bool {
    guard old >= 0 else { return false }
    let oldEntry = before.model.entries[old]
    let newEntry = after.model.entries[new]
    if let oldRow = oldEntry.row, let newRow = newEntry.row {
      return before.model.rows[oldRow].title != after.model.rows[newRow].title
    }
    return before.model.title(ofEntry: old) != after.model.title(ofEntry: new)
  }

  /// New entry `new` (old entry `old`, -1 if inserted) as the plain layout
  /// after places it, with its cards animated if its row was handed to a
  /// carousel, and its title flashing if it changed.
  private func entry(new: Int, old: Int, progress: Double, carouselProgress: (String) -> Double)
    -> SceneEntry?
  {
    guard let entry = arrivals[new] ?? Self.arrival(new, in: after, size: size) else { return nil }
    let flash = titleChanged(old: old, new: new) ? 1 - progress : 0
    guard case .row(var placement) = entry, let carousel = carousels[placement.id] else {
      return entry.highlighted(flash)
    }
    let strip = after.model.strip(forScreenWidth: size.width)
    let focused = after.model.entries[new].row == after.state.focusRow ? after.state.focusCard : nil
    placement.cards = carousel.cards(
      at: carouselProgress(placement.id), strip: strip, focusedCard: focused)
    return SceneEntry.row(placement).highlighted(flash)
  }

  /// Deleted old entry `old` as the plain layout before placed it, unfocused.
  private func departure(_ old: Int) -> SceneEntry? {
    departures[old] ?? Self.departure(old, from: before, size: size)
  }

  /// Entry `index` of `side` as its plain layout places it.
  private static func arrival(_ index: Int, in side: TransitionEnd, size: Size)
    -> SceneEntry?
  {
    let model = side.model
    guard let row = model.entries[index].row else {
      return Layout.placement(ofHeader: index, in: model, state: side.state, size: size).map {
        .header($0)
      }
    }
    return .row(Layout.placement(ofRow: row, in: model, state: side.state, size: size))
  }

  /// Old entry `old` as the plain layout before placed it, without the focus
  /// (a deleted entry).
  private static func departure(_ old: Int, from before: TransitionEnd, size: Size)
    -> SceneEntry?
  {
    let entry = arrival(old, in: before, size: size)
    guard case .row(var placement) = entry else { return entry }
    placement.isFocused = false
    for index in placement.cards.indices { placement.cards[index].isFocused = false }
    return .row(placement)
  }
}

extension SceneEntry {
  /// Whether it is a row (not a section header).
  var isRow: Bool {
    if case .row = self { true } else { false }
  }

  /// Whether it is the focused row.
  var isFocusedRow: Bool {
    if case .row(let row) = self { row.isFocused } else { false }
  }

  /// The entry at screen line `y`, `height` lines tall (nil keeps the height).
  func placed(y: Int, height: Int?) -> SceneEntry {
    switch self {
    case .header(var header):
      header.y = y
      if let height { header.height = height }
      return .header(header)
    case .row(var row):
      row.y = y
      if let height { row.height = height }
      return .row(row)
    }
  }

  /// The entry with its title highlighted by `amount` (0 to 1).
  func highlighted(_ amount: Double) -> SceneEntry {
    switch self {
    case .header(var header):
      header.highlight = amount
      return .header(header)
    case .row(var row):
      row.highlight = amount
      return .row(row)
    }
  }
}

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
  /// The entries visible before and after, by old and new index.
  private let oldVisible, newVisible: Range<Int>
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
  ///
  /// - Complexity: O(entries) for the entry delta, plus O(cards) of the visible
  ///   rows whose cards changed.
  init(
    from before: TransitionEnd, to after: TransitionEnd, size: Size, delta: SectionDelta? = nil,
    carouselsAwaitDeltas: Bool = false
  ) {
    self.before = before
    self.after = after
    self.size = size
    let kinds = EntryChanges(
      from: before.model, to: after.model,
      delta: delta
        ?? SectionDelta(from: before.model.content.sections, to: after.model.content.sections))
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
    self.oldVisible = oldVisible
    self.newVisible = newVisible
    let strip = Metrics.strip(forScreenWidth: size.width)
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
      let carousel =
        carouselsAwaitDeltas
        ? CarouselTransition(
          pendingRowID: newCards.id, oldCards: oldCards.cards, oldOffset: oldOffset,
          newCards: newCards.cards, newOffset: newOffset)
        : CarouselTransition(
          rowID: newCards.id, oldCards: oldCards.cards, oldOffset: oldOffset,
          newCards: newCards.cards, newOffset: newOffset)
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
  func scene(at progress: Double, carouselProgress: (String) -> Double) -> Scene {
    let body = Layout.body(for: size)
    var scene = Scene(size: size, body: body)
    let oldModel = before.model
    let newModel = after.model
    if newModel.entries.isEmpty && progress >= 1 {
      scene.emptyMessage = "no rows"
      return scene
    }

    var still: [SceneEntry] = []
    var leaving: [SceneEntry] = []
    var arriving: [SceneEntry] = []
    var moving: [SceneEntry] = []
    var placed = Set<Int>()
    let step = TransitionStep(progress)

    for new in newVisible {
      placed.insert(new)
      let old = kinds.oldOfNew[new]
      let kind = kinds.kind(new: new)
      guard var entry = placement(new: new, progress: progress, carouselProgress: carouselProgress)
      else { continue }
      if kind == .inserted {
        let height = step.opened(newModel.entries[new].height)
        entry = entry.placed(y: changedY(new, on: .new, step: step), height: height)
      } else {
        entry = entry.placed(y: slidingY(entry, old: old, new: new, step: step), height: nil)
        entry = entry.highlighted(titleChanged(old: old, new: new) ? 1 - progress : 0)
      }
      switch kind {
      case .inserted: arriving.append(entry)
      case .moved: moving.append(entry)
      case .stable, .deleted: still.append(entry)
      }
    }
    for old in oldVisible {
      let new = kinds.newOfOld[old]
      if new < 0 {
        guard var entry = departures[old] else { continue }
        let height = step.closed(oldModel.entries[old].height)
        entry = entry.placed(y: changedY(old, on: .old, step: step), height: height)
        leaving.append(entry)
      } else if !placed.contains(new) {
        placed.insert(new)
        guard
          var entry = placement(new: new, progress: progress, carouselProgress: carouselProgress)
        else { continue }
        entry = entry.placed(y: slidingY(entry, old: old, new: new, step: step), height: nil)
        entry = entry.highlighted(titleChanged(old: old, new: new) ? 1 - progress : 0)
        if kinds.kind(new: new) == .moved { moving.append(entry) } else { still.append(entry) }
      }
    }
    // The focused row is drawn last, over everything else: it is never hidden.
    if let focused = moving.firstIndex(where: \.isFocusedRow) {
      moving.append(moving.remove(at: focused))
    } else if let focused = still.firstIndex(where: \.isFocusedRow) {
      moving.append(still.remove(at: focused))
    }
    // Section headers go under every row: a header one line tall sliding over
    // a row would cut it in two.
    let ordered = still + leaving + arriving + moving
    scene.entries = ordered.filter { !$0.isRow } + ordered.filter(\.isRow)
    return scene
  }

  /// Where an entry in both layouts is drawn: on its way from its old line to
  /// its new one. The focused row starts from where it was on screen, or, if
  /// it was not (the focus came to it from a deleted row), from the nearest
  /// place where it shows whole: it never leaves the screen, even in part.
  private func slidingY(_ entry: SceneEntry, old: Int, new: Int, step: TransitionStep) -> Int {
    var from = oldY(old)
    if entry.isFocusedRow {
      let body = Layout.body(for: size)
      from = max(body.minY, min(from, body.maxY - Metrics.rowHeight))
    }
    return Easing.lerp(from, newY(new), step.progress)
  }

  /// Screen line of old entry `index` before.
  private func oldY(_ index: Int) -> Int {
    Layout.body(for: size).minY + before.model.entries[index].y - before.state.scrollY
  }

  /// Screen line of new entry `index` after.
  private func newY(_ index: Int) -> Int {
    Layout.body(for: size).minY + after.model.entries[index].y - after.state.scrollY
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

  /// New entry `new` as the plain layout after places it, with its cards
  /// animated if its row was handed to a carousel.
  private func placement(new: Int, progress: Double, carouselProgress: (String) -> Double)
    -> SceneEntry?
  {
    guard let entry = arrivals[new] else { return nil }
    guard case .row(var placement) = entry, let carousel = carousels[placement.id] else {
      return entry
    }
    let strip = Metrics.strip(forScreenWidth: size.width)
    let focused = after.model.entries[new].row == after.state.focusRow ? after.state.focusCard : nil
    placement.cards = carousel.cards(
      at: carouselProgress(placement.id), strip: strip, focusedCard: focused)
    return .row(placement)
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

  /// Where inserted entry `index` (on the new side) or deleted entry `index`
  /// (on the old side) is drawn: in the gap below the nearest still entry above
  /// it, past that gap's slots above its own (deleted entries first, then
  /// inserted ones), each as far grown or collapsed as `step` says. A gap's
  /// slots never need more lines than the still entries around it leave.
  private func changedY(_ index: Int, on side: TransitionSide, step: TransitionStep) -> Int {
    // The still entry the gap follows; the table's top moves as it scrolls.
    let top = Layout.body(for: size).minY
    guard let anchor = kinds.stillNeighbour(before: index, on: side) else {
      let (old, new) = (top - before.state.scrollY, top - after.state.scrollY)
      let shift = Easing.lerp(old, new, step.progress) - (side == .old ? old : new)
      return (side == .old ? oldY(index) : newY(index)) + shift
    }
    let anchorBottom =
      anchor.old < 0
      ? Easing.lerp(top - before.state.scrollY, top - after.state.scrollY, step.progress)
      : Easing.lerp(oldY(anchor.old), newY(anchor.new), step.progress)
        + after.model.entries[anchor.new].height
    var closing = 0  // lines of the gap's deleted (and moved-away) entries above it
    var opening = 0  // lines of the gap's inserted (and moved-in) entries above it
    if side == .old {
      for old in (anchor.old + 1)..<index { closing += before.model.entries[old].height }
    } else {
      let end = kinds.endOfOldGap(after: anchor.old, oldCount: before.model.entries.count)
      for old in (anchor.old + 1)..<end { closing += before.model.entries[old].height }
      for new in (anchor.new + 1)..<index { opening += after.model.entries[new].height }
    }
    return anchorBottom + step.span(closing: closing, opening: opening)
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

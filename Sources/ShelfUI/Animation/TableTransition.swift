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
  /// The old entries and the new ones, as stacks whose changing slots close
  /// and open stage by stage.
  private let oldStack, newStack: EntryStack
  /// Every moved entry, as its old and new index.
  private let moves: [(old: Int, new: Int)]
  /// How the duration is shared between collapsing, sliding and growing.
  let stages: TableStages
  /// The entry the view holds on to (old and new index): the focused row if it
  /// shows whole before and survives, else a still entry on screen before.
  private let anchor: (old: Int, new: Int)?
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

    let staging = kinds.stagingKinds()
    oldStack = EntryStack(before.model, kinds: staging.old)
    newStack = EntryStack(after.model, kinds: staging.new)
    moves = staging.old.indices.compactMap {
      staging.old[$0] == .moved ? ($0, kinds.newOfOld[$0]) : nil
    }
    let anchor = Self.anchor(
      from: before, to: after, size: size, kinds: kinds, staging: staging.old,
      oldVisible: oldVisible)
    self.anchor = anchor
    let scrolls =
      anchor.map {
        before.model.entries[$0.old].y - before.state.scrollY
          != after.model.entries[$0.new].y - after.state.scrollY
      } ?? (before.state.scrollY != after.state.scrollY)
    stages = TableStages(
      deletes: oldVisible.contains { staging.old[$0] == .deleted },
      movesOut: oldVisible.contains { staging.old[$0] == .moved },
      movesIn: newVisible.contains { staging.new[$0] == .moved },
      inserts: newVisible.contains { staging.new[$0] == .inserted }, scrolls: scrolls)
  }

  /// The entry a transition's view holds on to: the focused row if it survives
  /// and shows whole before, else the first still entry that shows whole before.
  private static func anchor(
    from before: TransitionEnd, to after: TransitionEnd, size: Size, kinds: EntryChanges,
    staging: [ChangeKind], oldVisible: Range<Int>
  ) -> (old: Int, new: Int)? {
    let body = Layout.body(for: size)
    func showsWhole(_ index: Int, in side: TransitionEnd) -> Bool {
      let entry = side.model.entries[index]
      let y = body.minY + entry.y - side.state.scrollY
      return y >= body.minY && y + entry.height <= body.maxY
    }
    if after.model.rows.indices.contains(after.state.focusRow) {
      let new = after.model.entryOfRow[after.state.focusRow]
      let old = kinds.oldOfNew[new]
      if old >= 0, showsWhole(old, in: before) { return (old, new) }
    }
    // A still entry on screen before, and after too if one is; else a moved one.
    let surviving = oldVisible.filter { kinds.newOfOld[$0] >= 0 && showsWhole($0, in: before) }
    let still = surviving.filter { staging[$0] == .stable }
    let old =
      still.first { showsWhole(kinds.newOfOld[$0], in: after) } ?? still.first ?? surviving.first
    return old.map { ($0, kinds.newOfOld[$0]) }
  }

  /// Has the carousel of `rowID` replay `delta`, the one its holder computed
  /// and validated off the main thread.
  mutating func resolveCarousel(_ rowID: String, with delta: IndexDelta) {
    carousels[rowID] = carousels[rowID]?.resolved(with: delta)
  }

  /// Whether its moved blocks cannot slide without holes: when an update
  /// moves nearly everything, the still entries left make a closed-up table
  /// that ends more than a row above the bottom of the view held on the
  /// anchor (where the tables before and after reach), and the blocks sliding
  /// over that blank come apart. Such a change applies at once, as a large
  /// batch does.
  var slidesOverAHole: Bool {
    guard !moves.isEmpty, stages.slides else { return false }
    let closedEnd = newStack.slotY(newStack.count, .closed)
    let reach = min(before.model.totalHeight, after.model.totalHeight)
    // The shift is linear while blocks slide: its ends bound it.
    return [TransitionStep(0), TransitionStep(1)].contains { step in
      min(window(screenShift(in: .slide(step))).upperBound, reach) > closedEnd + Metrics.rowHeight
    }
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
  /// The table's own motion runs in stages within the one duration, as UIKit
  /// and DifferenceKit stage a batch: first deleted entries collapse while the
  /// slots of moved ones close under them (each moved block rides whole at the
  /// top of its gap), then moved blocks slide over the closed-up table, then
  /// inserted entries grow while moved blocks' new slots open under them. The
  /// table under the moving blocks is thus never torn open: a frame shows no
  /// more blank lines than one block's slot as it closes or opens. The view
  /// holds on to the focused row (or a still entry near the top) as it goes.
  ///
  /// - Complexity: O(log entries + entries on screen + moved entries).
  func scene(at progress: Double, carouselProgress: (String) -> Double) -> Scene {
    let body = Layout.body(for: size)
    var scene = Scene(size: size, body: body)
    if after.model.entries.isEmpty && progress >= 1 {
      scene.emptyMessage = "no rows"
      return scene
    }
    let stage = stages.stage(at: progress)
    var placed: [(entry: SceneEntry, layer: Layer)] = []
    func place(_ entry: SceneEntry?, y: Int, height: Int, layer: Layer) {
      guard let entry else { return }
      placed.append((entry.placed(y: y, height: height), layer))
    }

    switch stage {
    case .collapse(let step):
      let opening = EntryStack.Opening.collapsing(step)
      let shift = screenShift(in: stage)
      for (old, drawnY) in oldStack.entries(meeting: window(shift), opening) {
        let y = drawnY + shift
        let new = kinds.newOfOld[old]
        switch oldStack.kind(old) {
        case .deleted, .inserted:
          place(
            departure(old), y: y, height: opening.shown(oldStack.height(old)), layer: .leaving)
        case .moved:
          place(
            entry(new: new, old: old, progress: progress, carouselProgress: carouselProgress),
            y: y, height: oldStack.height(old), layer: .moving)
        case .stable:
          place(
            entry(new: new, old: old, progress: progress, carouselProgress: carouselProgress),
            y: y, height: oldStack.height(old), layer: .still)
        }
      }
    case .slide(let step):
      let shift = screenShift(in: stage)
      let lines = window(shift)
      var seen = Set<Int>()
      let stable =
        oldStack.stableEntries(meeting: lines).map { ($0, kinds.newOfOld[$0]) }
        + newStack.stableEntries(meeting: lines).map { (kinds.oldOfNew[$0], $0) }
      for (old, new) in stable where seen.insert(new).inserted {
        let y = Easing.lerp(
          oldStack.slotY(old, .closed), newStack.slotY(new, .closed), step.progress)
        place(
          entry(new: new, old: old, progress: progress, carouselProgress: carouselProgress),
          y: y + shift, height: newStack.height(new), layer: .still)
      }
      for (old, new) in moves {
        let y = Easing.lerp(
          oldStack.drawnY(old, .closed), newStack.drawnY(new, .closed), step.progress)
        guard y + shift < body.maxY, y + shift + newStack.height(new) > body.minY else { continue }
        place(
          entry(new: new, old: old, progress: progress, carouselProgress: carouselProgress),
          y: y + shift, height: newStack.height(new), layer: .moving)
      }
    case .grow(let step):
      let opening = EntryStack.Opening.growing(step)
      let shift = screenShift(in: stage)
      for (new, drawnY) in newStack.entries(meeting: window(shift), opening) {
        let y = drawnY + shift
        let old = kinds.oldOfNew[new]
        let layer: Layer
        let height: Int
        switch newStack.kind(new) {
        case .inserted, .deleted:
          (layer, height) = (.arriving, opening.shown(newStack.height(new)))
        case .moved: (layer, height) = (.moving, newStack.height(new))
        case .stable: (layer, height) = (.still, newStack.height(new))
        }
        place(
          entry(new: new, old: old, progress: progress, carouselProgress: carouselProgress),
          y: y, height: height, layer: layer)
      }
    }

    // The focused row never leaves the screen, even in part (it may come from
    // off screen when the focus came to it from a deleted row), and is drawn
    // last, over everything else.
    if !placed.contains(where: { $0.entry.isFocusedRow }), let (old, new) = focusedEntry,
      let y = tableY(old: old, new: new, in: stage)
    {
      let shift = screenShift(in: stage)
      place(
        entry(new: new, old: old, progress: progress, carouselProgress: carouselProgress),
        y: y + shift, height: newStack.height(new), layer: .moving)
    }
    // A focused row that is itself arriving grows in its place, in its layer.
    var focused: SceneEntry?
    if focusedEntry != nil, let index = placed.firstIndex(where: { $0.entry.isFocusedRow }) {
      var entry = placed.remove(at: index).entry
      if case .row(let row) = entry, body.height >= row.height {
        entry = entry.placed(
          y: max(body.minY, min(row.y, body.maxY - row.height)), height: row.height)
      }
      focused = entry
    }
    // Section headers go under every row: a header one line tall sliding over
    // a row would cut it in two. Still rows go over the deleted and inserted
    // ones their gap's moved blocks push down; moving blocks go over them all.
    let order: [Layer] = [.leaving, .arriving, .still, .moving]
    scene.entries = placed.filter { !$0.entry.isRow }.map(\.entry)
    for layer in order {
      scene.entries += placed.filter { $0.entry.isRow && $0.layer == layer }.map(\.entry)
    }
    if let focused { scene.entries.append(focused) }
    return scene
  }

  /// Which group of blocks an entry is drawn with.
  private enum Layer {
    case leaving, arriving, still, moving
  }

  /// The table lines the body shows when table line 0 is drawn at screen line `shift`.
  private func window(_ shift: Int) -> Range<Int> {
    let body = Layout.body(for: size)
    return (body.minY - shift)..<(body.maxY - shift)
  }

  /// The anchor's table line in `stage`, if there is an anchor.
  private func anchorY(in stage: TableStages.Stage) -> Int? {
    anchor.flatMap { tableY(old: $0.old, new: $0.new, in: stage) }
  }

  /// The focused row's old and new entry, if it is in both.
  private var focusedEntry: (old: Int, new: Int)? {
    guard after.model.rows.indices.contains(after.state.focusRow) else { return nil }
    let new = after.model.entryOfRow[after.state.focusRow]
    let old = kinds.oldOfNew[new]
    return old >= 0 ? (old, new) : nil
  }

  /// The table line of a stable or moved entry (old and new index) in `stage`.
  private func tableY(old: Int, new: Int, in stage: TableStages.Stage) -> Int? {
    guard old >= 0, new >= 0 else { return nil }
    switch stage {
    case .collapse(let step):
      return oldStack.drawnY(old, .collapsing(step))
    case .slide(let step):
      return Easing.lerp(
        oldStack.drawnY(old, .closed), newStack.drawnY(new, .closed), step.progress)
    case .grow(let step):
      return newStack.drawnY(new, .growing(step))
    }
  }

  /// The screen line of table line 0 in `stage`: the anchor goes steadily from
  /// its line on screen before to its line after while entries slide, and the
  /// table never starts below the body's top (a gap there would be a hole).
  private func screenShift(in stage: TableStages.Stage) -> Int {
    let top = Layout.body(for: size).minY
    let scrolled: Double  // how far the view has scrolled
    switch stage {
    case .collapse: scrolled = 0
    case .slide(let step): scrolled = step.progress
    case .grow: scrolled = 1
    }
    guard let anchor, let anchorY = anchorY(in: stage) else {
      return top - Easing.lerp(before.state.scrollY, after.state.scrollY, scrolled)
    }
    let line = Easing.lerp(oldY(anchor.old), newY(anchor.new), scrolled)
    return min(top, line - anchorY)
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
    let strip = Metrics.strip(forScreenWidth: size.width)
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

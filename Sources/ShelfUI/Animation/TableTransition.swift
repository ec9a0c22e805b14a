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
  let before: LayoutSnapshot
  /// The layout after.
  let after: LayoutSnapshot
  /// The screen both were laid out for.
  let size: Size
  /// What happens to each entry (section header or row), and which becomes which.
  let kinds: EntryChanges
  /// Which entry becomes which (the same value as `kinds`).
  var mapping: EntryChanges { kinds }
  /// The rows whose cards change (or scroll) on screen, by row id: each is
  /// handed to its own carousel, which animates on its own clock.
  let carousels: [String: CarouselTransition]
  /// How many visible things change; a large batch snaps instead of animating.
  let visibleChangeCount: Int

  /// How far back to look for a still neighbour to move with.
  static let neighbourSearchLimit = 64

  /// The transition from `before` to `after` on a screen of `size`, whose
  /// sections and rows change as `delta` says (computed if nil).
  ///
  /// - Complexity: O(entries) for the entry delta, plus O(cards) of the visible
  ///   rows whose cards changed.
  init(
    from before: LayoutSnapshot, to after: LayoutSnapshot, size: Size, delta: SectionDelta? = nil
  ) {
    self.before = before
    self.after = after
    self.size = size
    let kinds = EntryChanges(
      from: before.model, to: after.model,
      delta: delta
        ?? SectionDelta(from: before.model.content.sections, to: after.model.content.sections))
    let mapping = kinds
    self.kinds = kinds

    let bodyHeight = ViewState.bodyHeight(for: size)
    let oldVisible = before.model.entries(
      covering: before.state.scrollY..<(before.state.scrollY + bodyHeight))
    let newVisible = after.model.entries(
      covering: after.state.scrollY..<(after.state.scrollY + bodyHeight))
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
      let carousel = CarouselTransition(
        rowID: newCards.id, oldCards: oldCards.cards, oldOffset: oldOffset,
        newCards: newCards.cards,
        newOffset: newOffset)
      changes += carousel.visibleChangeCount(strip)
      found[newCards.id] = carousel
    }
    for new in newVisible { consider(new: new, old: mapping.oldOfNew[new]) }
    for old in oldVisible {
      let new = mapping.newOfOld[old]
      if new < 0 { changes += 1 } else { consider(new: new, old: old) }
    }
    carousels = found
    visibleChangeCount = changes
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
    let oldVisible = oldModel.entries(
      covering: before.state.scrollY..<(before.state.scrollY + body.height))
    let newVisible = newModel.entries(
      covering: after.state.scrollY..<(after.state.scrollY + body.height))

    var still: [SceneEntry] = []
    var leaving: [SceneEntry] = []
    var arriving: [SceneEntry] = []
    var moving: [SceneEntry] = []
    var placed = Set<Int>()

    for new in newVisible {
      placed.insert(new)
      let old = mapping.oldOfNew[new]
      let kind = kinds.kind(new: new)
      guard var entry = placement(new: new, progress: progress, carouselProgress: carouselProgress)
      else { continue }
      if kind == .inserted {
        let height = Easing.lerp(0, newModel.entries[new].height, progress)
        entry = entry.placed(y: insertedY(new: new, progress: progress), height: height)
      } else {
        entry = entry.placed(y: Easing.lerp(oldY(old), newY(new), progress), height: nil)
        entry = entry.highlighted(titleChanged(old: old, new: new) ? 1 - progress : 0)
      }
      switch kind {
      case .inserted: arriving.append(entry)
      case .moved: moving.append(entry)
      case .stable, .deleted: still.append(entry)
      }
    }
    for old in oldVisible {
      let new = mapping.newOfOld[old]
      if new < 0 {
        guard var entry = oldPlacement(old: old) else { continue }
        let height = Easing.lerp(oldModel.entries[old].height, 0, progress)
        entry = entry.placed(y: deletedY(old: old, progress: progress), height: height)
        leaving.append(entry)
      } else if !placed.contains(new) {
        placed.insert(new)
        guard
          var entry = placement(new: new, progress: progress, carouselProgress: carouselProgress)
        else { continue }
        entry = entry.placed(y: Easing.lerp(oldY(old), newY(new), progress), height: nil)
        entry = entry.highlighted(titleChanged(old: old, new: new) ? 1 - progress : 0)
        if kinds.kind(new: new) == .moved { moving.append(entry) } else { still.append(entry) }
      }
    }
    scene.entries = still + leaving + arriving + moving
    return scene
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
    let model = after.model
    guard let row = model.entries[new].row else {
      return Layout.placement(ofHeader: new, in: model, state: after.state, size: size).map {
        .header($0)
      }
    }
    var placement = Layout.placement(ofRow: row, in: model, state: after.state, size: size)
    if let carousel = carousels[placement.id] {
      let strip = Metrics.strip(forScreenWidth: size.width)
      let focused = row == after.state.focusRow ? after.state.focusCard : nil
      placement.cards = carousel.cards(
        at: carouselProgress(placement.id), strip: strip, focusedCard: focused)
    }
    return .row(placement)
  }

  /// Old entry `old` as the plain layout before placed it (a deleted entry).
  private func oldPlacement(old: Int) -> SceneEntry? {
    let model = before.model
    guard let row = model.entries[old].row else {
      return Layout.placement(ofHeader: old, in: model, state: before.state, size: size).map {
        .header($0)
      }
    }
    var placement = Layout.placement(ofRow: row, in: model, state: before.state, size: size)
    placement.isFocused = false
    for index in placement.cards.indices { placement.cards[index].isFocused = false }
    return .row(placement)
  }

  /// Where inserted entry `new` is drawn: just below what comes before it —
  /// the still entry above (where that entry is now) plus the inserted entries
  /// between them, as far as they have grown.
  private func insertedY(new: Int, progress: Double) -> Int {
    var index = new - 1
    var grown = 0
    while index >= 0 && new - index <= Self.neighbourSearchLimit
      && kinds.kind(new: index) == .inserted
    {
      grown += Easing.lerp(0, after.model.entries[index].height, progress)
      index -= 1
    }
    if index >= 0 && kinds.kind(new: index) == .stable {
      let y = Easing.lerp(oldY(mapping.oldOfNew[index]), newY(index), progress)
      return y + after.model.entries[index].height + grown
    }
    return newY(index + 1) + shiftOfStillNeighbour(beforeNew: index + 1, progress: progress) + grown
  }

  /// Where deleted entry `old` is drawn: just below what came before it — the
  /// still entry above (where that entry is now) plus the deleted entries
  /// between them, as far as they have collapsed.
  private func deletedY(old: Int, progress: Double) -> Int {
    var index = old - 1
    var remaining = 0
    while index >= 0 && old - index <= Self.neighbourSearchLimit
      && kinds.kind(old: index) == .deleted
    {
      remaining += Easing.lerp(before.model.entries[index].height, 0, progress)
      index -= 1
    }
    if index >= 0 && kinds.kind(old: index) == .stable {
      let y = Easing.lerp(oldY(index), newY(mapping.newOfOld[index]), progress)
      return y + before.model.entries[index].height + remaining
    }
    return oldY(index + 1) + shiftOfStillNeighbour(beforeOld: index + 1, progress: progress)
      + remaining
  }

  /// How far the table's top moves: where nothing still is above, entries move with it.
  private func shiftOfTop(progress: Double) -> (fromOld: Int, fromNew: Int) {
    let top = Layout.body(for: size).minY
    let old = top - before.state.scrollY
    let new = top - after.state.scrollY
    let now = Easing.lerp(old, new, progress)
    return (now - old, now - new)
  }

  /// How far the nearest still entry above new entry `new` is from its final
  /// line: an inserted entry grows travelling with it.
  private func shiftOfStillNeighbour(beforeNew new: Int, progress: Double) -> Int {
    var index = new - 1
    while index >= 0 && new - index <= Self.neighbourSearchLimit {
      if kinds.kind(new: index) == .stable {
        let final = newY(index)
        return Easing.lerp(oldY(mapping.oldOfNew[index]), final, progress) - final
      }
      index -= 1
    }
    return shiftOfTop(progress: progress).fromNew
  }

  /// How far the nearest still entry above old entry `old` is from its first
  /// line: a deleted entry collapses travelling with it.
  private func shiftOfStillNeighbour(beforeOld old: Int, progress: Double) -> Int {
    var index = old - 1
    while index >= 0 && old - index <= Self.neighbourSearchLimit {
      if kinds.kind(old: index) == .stable {
        let first = oldY(index)
        return Easing.lerp(first, newY(mapping.newOfOld[index]), progress) - first
      }
      index -= 1
    }
    return shiftOfTop(progress: progress).fromOld
  }
}

extension SceneEntry {
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

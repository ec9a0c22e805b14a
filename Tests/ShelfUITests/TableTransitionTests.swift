import TestSupport
import Testing

@testable import ShelfUI

// Where rows and section headers sit part-way through the table's transition:
// an inserted entry grows from nothing at its new place, a deleted one collapses
// at its old place, still entries slide steadily, and nothing but a moved entry
// covers another.

/// The seeds every property below runs over.
private let seeds = 0..<300 as Range<UInt64>

/// Progress values from 0 to 1 in twentieths.
private let progressSteps = (0...20).map { Double($0) / 20 }

/// A random change to the table: rows deleted, inserted and moved (also
/// between sections), sections inserted, deleted and moved, headers gained or
/// lost, and the table perhaps scrolled.
private struct RandomTableChange {
  let transition: TableTransition
  let oldModel: DisplayModel
  let newModel: DisplayModel

  init(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var rowPool = (0..<40).map { "r\($0)" }.shuffled(using: &rng)
    var sectionPool = (0..<10).map { "s\($0)" }.shuffled(using: &rng)
    func row() -> CarouselRow {
      let id = rowPool.removeLast()
      return CarouselRow(id: id, title: "Row \(id)", cards: [CardFace(id: "c", title: "Card")])
    }
    func section() -> ShelfSection {
      let id = sectionPool.removeLast()
      return ShelfSection(
        id: id, title: Bool.random(using: &rng) ? "Section \(id)" : nil,
        rows: (0..<Int.random(in: 0...4, using: &rng)).map { _ in row() })
    }
    let old = (0..<Int.random(in: 0...4, using: &rng)).map { _ in section() }
    var new = old.filter { _ in Int.random(in: 0..<6, using: &rng) != 0 }
    for s in new.indices {
      new[s].rows = new[s].rows.filter { _ in Int.random(in: 0..<4, using: &rng) != 0 }
      for _ in 0..<Int.random(in: 0...2, using: &rng) {
        new[s].rows.insert(row(), at: Int.random(in: 0...new[s].rows.count, using: &rng))
      }
      if Int.random(in: 0..<5, using: &rng) == 0 {
        new[s].title = new[s].title == nil ? "Section \(new[s].id), titled" : nil
      }
    }
    for _ in 0..<Int.random(in: 0...1, using: &rng) {
      new.insert(section(), at: Int.random(in: 0...new.count, using: &rng))
    }
    if new.count > 1 && Int.random(in: 0..<3, using: &rng) == 0 {
      let moved = new.remove(at: Int.random(in: new.indices, using: &rng))
      new.insert(moved, at: Int.random(in: 0...new.count, using: &rng))
    }
    let nonEmpty = new.indices.filter { !new[$0].rows.isEmpty }
    if let from = nonEmpty.randomElement(using: &rng), Bool.random(using: &rng) {
      let moved = new[from].rows.remove(at: Int.random(in: new[from].rows.indices, using: &rng))
      let to = Int.random(in: new.indices, using: &rng)
      new[to].rows.insert(moved, at: Int.random(in: 0...new[to].rows.count, using: &rng))
    }
    oldModel = DisplayModel(ShelfContent(title: "Old", sections: old))
    newModel = DisplayModel(ShelfContent(title: "New", sections: new))
    let size = [Size(width: 80, height: 24), Size(width: 60, height: 60)][
      Int.random(in: 0..<2, using: &rng)]
    let body = ViewState.bodyHeight(for: size)
    // No row has the focus: the focused row slides by its own rule (it never
    // leaves the screen; see `theFocusedRowNeverLeavesTheScreen`).
    var before = ViewState()
    before.focusRow = -1
    before.scrollY = Int.random(in: 0...max(0, oldModel.totalHeight - body), using: &rng)
    var after = ViewState()
    after.focusRow = -1
    after.scrollY =
      Bool.random(using: &rng)
      ? min(before.scrollY, max(0, newModel.totalHeight - body))
      : Int.random(in: 0...max(0, newModel.totalHeight - body), using: &rng)
    transition = TableTransition(
      from: TransitionEnd(model: oldModel, state: before),
      to: TransitionEnd(model: newModel, state: after), size: size)
  }

  /// Each placed header and row by entry id, at `progress`.
  func entries(at progress: Double) -> [EntryID: (y: Int, height: Int)] {
    let scene = transition.scene(at: progress, carouselProgress: { _ in progress })
    var placed: [EntryID: (y: Int, height: Int)] = [:]
    for entry in scene.entries {
      switch entry {
      case .header(let header): placed[.section(header.id)] = (header.y, header.height)
      case .row(let row): placed[.row(row.id)] = (row.y, row.height)
      }
    }
    return placed
  }

  /// What happens to entry `id`.
  func kind(of id: EntryID) -> ChangeKind {
    if let new = newModel.entryIndexByID[id] { return transition.kinds.kind(new: new) }
    return .deleted
  }

  /// Lines of entry `id` when whole.
  func fullHeight(of id: EntryID) -> Int {
    (newModel.entryIndexByID[id].map { newModel.entries[$0] }
      ?? oldModel.entries[oldModel.entryIndexByID[id]!]).height
  }

  func oldY(_ id: EntryID) -> Int {
    Layout.body(for: transition.size).minY + oldModel.entries[oldModel.entryIndexByID[id]!].y
      - transition.before.state.scrollY
  }

  func newY(_ id: EntryID) -> Int {
    Layout.body(for: transition.size).minY + newModel.entries[newModel.entryIndexByID[id]!].y
      - transition.after.state.scrollY
  }
}

/// Whether `values` never decrease.
private func isNondecreasing(_ values: [Int]) -> Bool {
  zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }
}

/// Whether `values` never fall more than two lines below the highest before:
/// a gap's entries share its lines, rounded, so each may take one more or
/// less, and a row never shows one line alone (it takes two, or none).
private func isNondecreasingWithinALine(_ values: [Int]) -> Bool {
  var highest = values.first ?? 0
  for value in values {
    if value < highest - 2 { return false }
    highest = max(highest, value)
  }
  return true
}

/// Whether `values` only ever move one way.
private func isMonotonic(_ values: [Int]) -> Bool {
  isNondecreasing(values) || isNondecreasing(values.reversed())
}

@Test(arguments: seeds)
func anInsertedRowOrHeaderGrowsFromNothingAtItsNewPlace(seed: UInt64) {
  let change = RandomTableChange(seed: seed)
  let frames = progressSteps.map(change.entries(at:))
  // Before its stage, an inserted entry is not drawn at all (as if 0 lines
  // tall), nor while it is out of view.
  for (id, _) in frames.last! where change.kind(of: id) == .inserted {
    let heights = frames.compactMap { $0[id]?.height }
    #expect(frames[0][id] == nil || frames[0][id]!.height == 0, "seed \(seed) \(id)")
    #expect(heights.last == change.fullHeight(of: id), "seed \(seed) \(id)")
    // (Where blocks travel past, the gaps' shares follow their passing, not
    // an even pace: only their ends are fixed.)
    if change.transition.motion.groups.isEmpty {
      #expect(isNondecreasingWithinALine(heights), "seed \(seed) \(id): \(heights)")
    }
    #expect(heights.allSatisfy { $0 <= change.fullHeight(of: id) }, "seed \(seed) \(id)")
    #expect(frames.last![id]!.y == change.newY(id), "seed \(seed) \(id)")
  }
}

@Test(arguments: seeds)
func aDeletedRowOrHeaderCollapsesAtItsOldPlace(seed: UInt64) {
  let change = RandomTableChange(seed: seed)
  let frames = progressSteps.map(change.entries(at:))
  for (id, _) in frames[0] where change.kind(of: id) == .deleted {
    // At the very end the table draws only what is left.
    let heights = frames.compactMap { $0[id]?.height }
    #expect(heights.first == change.fullHeight(of: id), "seed \(seed) \(id)")
    #expect(heights.count < frames.count || heights.last == 0, "seed \(seed) \(id)")
    if change.transition.motion.groups.isEmpty {
      #expect(isNondecreasingWithinALine(heights.reversed()), "seed \(seed) \(id): \(heights)")
    }
    #expect(heights.allSatisfy { $0 <= change.fullHeight(of: id) }, "seed \(seed) \(id)")
    #expect(frames.first![id]!.y == change.oldY(id), "seed \(seed) \(id)")
  }
}

@Test(arguments: seeds)
func stillAndMovedEntriesTravelSteadilyFromTheirOldLineToTheirNewOne(seed: UInt64) {
  let change = RandomTableChange(seed: seed)
  let frames = progressSteps.map(change.entries(at:))
  // Every entry in both layouts goes one way, from its old line to its new
  // one, in one motion: no stage closes it up and reopens it.
  // Only what meets the screen is placed: an entry may pass out of view.
  // (A moved entry that does not travel collapses and grows as a deletion
  // and an insertion do: see `aReorderThatWouldTearTheScreenCollapsesAndGrows`.)
  let oldIndex = change.oldModel.entryIndexByID
  for (id, _) in frames[0]
  where change.kind(of: id) == .stable
    || (change.kind(of: id) == .moved && change.transition.motion.travels(old: oldIndex[id]!))
  {
    #expect(frames[0][id]!.y == change.oldY(id), "seed \(seed) \(id)")
    if let last = frames.last![id] { #expect(last.y == change.newY(id), "seed \(seed) \(id)") }
    let ys = frames.compactMap { $0[id]?.y }
    #expect(isMonotonic(ys), "seed \(seed) \(id): \(ys)")
    if frames[0][id]!.y == change.newY(id) {
      #expect(ys.allSatisfy { $0 == change.oldY(id) }, "seed \(seed) \(id) is still: \(ys)")
    }
    #expect(
      frames.allSatisfy { $0[id].map { $0.height == change.fullHeight(of: id) } ?? true },
      "seed \(seed) \(id)")
  }
}

@Test(arguments: seeds)
func noEntryCoversAnotherExceptAMovedOne(seed: UInt64) {
  let change = RandomTableChange(seed: seed)
  for progress in progressSteps {
    let entries = change.entries(at: progress).filter {
      change.kind(of: $0.key) != .moved && $0.value.height > 0
    }.sorted { $0.value.y < $1.value.y }
    for (top, below) in zip(entries, entries.dropFirst()) {
      #expect(
        top.value.y + top.value.height <= below.value.y,
        "seed \(seed) at \(progress): \(top.key) [\(top.value.y), +\(top.value.height)) covers \(below.key) at \(below.value.y)"
      )
    }
  }
}

@Test(arguments: seeds)
func entriesKeepTheirOrderOnEachSideOfTheChange(seed: UInt64) {
  let change = RandomTableChange(seed: seed)
  for progress in progressSteps {
    let entries = change.entries(at: progress)
    // Before: the still entries and the deleted ones, in old order; after: the
    // still entries and the inserted ones, in new order.
    let oldSide = change.oldModel.entries.map(\.id).filter {
      entries[$0] != nil && [.stable, .deleted].contains(change.kind(of: $0))
    }
    let newSide = change.newModel.entries.map(\.id).filter {
      entries[$0] != nil && [.stable, .inserted].contains(change.kind(of: $0))
    }
    for side in [oldSide, newSide] {
      for (top, below) in zip(side, side.dropFirst()) {
        #expect(
          entries[top]!.y + entries[top]!.height <= entries[below]!.y,
          "seed \(seed) at \(progress): \(top) then \(below)")
      }
    }
  }
}

// The properties above check each row or header of one kind; a seed with none checks
// nothing, so over all the seeds every kind must have been checked.
@Test func everyKindOfEntryChangeIsCheckedOverTheSeeds() {
  var checked: [ChangeKind: Int] = [:]
  for seed in seeds {
    let change = RandomTableChange(seed: seed)
    let ids = Set(progressSteps.flatMap { change.entries(at: $0).keys })
    for id in ids { checked[change.kind(of: id), default: 0] += 1 }
  }
  for kind in [ChangeKind.inserted, .deleted, .stable, .moved] {
    #expect(checked[kind, default: 0] > 0, "no \(kind) row or header in any seed")
  }
}

// A change that cuts another short mid-way starts from what that one drew:
// every entry on screen that goes on moving (still or travelling) is, in the
// new transition's first frame, on the line the cut one showed it on, not
// where the cut one would have ended (UIKit starts a new batch from the
// presentation layer). Its last frame is the new layout, as ever.
@Test func aChangeCuttingAnotherShortStartsFromWhatIsOnScreen() {
  var jumpsAvoided = 0
  for seed in seeds.prefix(100) {
    let first = RandomTableChange(seed: seed)
    var rng = SeededGenerator(seed: seed + 1000)
    // The next change: a row moved to another place, a section moved.
    var sections = first.newModel.content.sections
    let nonEmpty = sections.indices.filter { !sections[$0].rows.isEmpty }
    if let from = nonEmpty.randomElement(using: &rng) {
      let moved = sections[from].rows.remove(
        at: Int.random(in: sections[from].rows.indices, using: &rng))
      let to = Int.random(in: sections.indices, using: &rng)
      sections[to].rows.insert(moved, at: Int.random(in: 0...sections[to].rows.count, using: &rng))
    }
    if sections.count > 1 {
      sections.swapAt(0, Int.random(in: 1..<sections.count, using: &rng))
    }
    let progress = Double(Int.random(in: 1...19, using: &rng)) / 20
    let cut = first.transition
    let second = TableTransition(
      from: cut.after,
      to: TransitionEnd(
        model: DisplayModel(ShelfContent(title: "Next", sections: sections)), state: cut.after.state
      ),
      size: cut.size, startLines: cut.linesOnScreen(at: progress))
    let shown = first.entries(at: progress)
    let starts = second.scene(at: 0, carouselProgress: { _ in 0 }).entries
    for entry in starts {
      let (id, y, height): (EntryID, Int, Int) =
        switch entry {
        case .header(let header): (.section(header.id), header.y, header.height)
        case .row(let row): (.row(row.id), row.y, row.height)
        }
      guard let new = second.before.model.entryIndexByID[id],
        let was = shown[id], was.height == height,
        height == second.before.model.entries[new].height,
        second.motion.line(old: new, new: second.kinds.newOfOld[new], at: 0) != nil
      else { continue }
      #expect(y == was.y, "seed \(seed) at \(progress): \(id) jumps from line \(was.y) to \(y)")
      if y != first.newY(id) { jumpsAvoided += 1 }
    }
    // Where each entry stands in the last frame (the order drawn aside).
    func ends(_ transition: TableTransition) -> [String] {
      transition.scene(at: 1, carouselProgress: { _ in 1 }).entries.map { "\($0)" }.sorted()
    }
    let uncut = TableTransition(from: second.before, to: second.after, size: second.size)
    #expect(ends(second) == ends(uncut), "seed \(seed): the last frame is not the new layout")
  }
  // The cut changes left entries off their end lines: the check above bites.
  #expect(jumpsAvoided > 30)
}

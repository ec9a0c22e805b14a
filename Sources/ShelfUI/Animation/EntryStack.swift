/// One side of a staged table transition (the entries before, or after): where
/// each entry sits, in table lines, while the entries that change on this side
/// are part-way open.
///
/// On the old side the changing entries are the deleted and the moved ones:
/// their slots close while deletions collapse. On the new side they are the
/// inserted and the moved ones: their slots open while insertions grow. A
/// stable entry keeps its full height throughout. A deleted or inserted entry
/// is drawn as tall as its slot, in it. A moved entry is drawn whole, in its
/// slot or just below the moved entry before it in its gap, whichever is lower:
/// as the slots close, the gap's moved entries come to ride one under the
/// other at its top, over what slides up beneath them, and the lines their
/// slots leave are always covered.
///
/// Every question is O(1) or O(log entries) from prefix counts built once:
/// a frame costs the same for ten rows or a million.
struct EntryStack: Sendable {
  /// What the side's entries are: their lines and heights.
  private let model: DisplayModel
  /// For each entry index i (and the end), how many entries before i change,
  /// as rows and as headers (the two heights a table has).
  private let changedRows, changedHeaders: [Int32]
  /// The same for the moved entries alone.
  private let movedRows, movedHeaders: [Int32]
  /// For each entry, the last stable entry before it (-1: none).
  private let previousStable: [Int32]
  /// For each entry index i (and the end), the first entry at or after i that
  /// is not deleted or inserted (a stable or moved one; the count if none).
  private let nextKept: [Int32]
  /// For each entry index i (and the end), the first stable entry at or after i.
  private let nextStable: [Int32]
  /// What happens to each entry.
  private let kinds: [ChangeKind]

  /// The stack of `model`'s entries, each changing as `kinds` says.
  ///
  /// - Complexity: O(entries).
  init(_ model: DisplayModel, kinds: [ChangeKind]) {
    precondition(kinds.count == model.entries.count, "one kind per entry")
    self.model = model
    self.kinds = kinds
    let count = model.entries.count
    var changedRows = [Int32](repeating: 0, count: count + 1)
    var changedHeaders = changedRows
    var movedRows = changedRows
    var movedHeaders = changedRows
    var previousStable = [Int32](repeating: -1, count: count)
    var last: Int32 = -1
    for (index, entry) in model.entries.enumerated() {
      precondition(
        entry.height == Metrics.rowHeight || entry.height == Metrics.sectionHeaderHeight,
        "an entry is a row or a header")
      let isRow = entry.height == Metrics.rowHeight ? Int32(1) : 0
      let kind = kinds[index]
      let changes: Int32 = kind == .stable ? 0 : 1
      let moves: Int32 = kind == .moved ? 1 : 0
      changedRows[index + 1] = changedRows[index] + changes * isRow
      changedHeaders[index + 1] = changedHeaders[index] + changes * (1 - isRow)
      movedRows[index + 1] = movedRows[index] + moves * isRow
      movedHeaders[index + 1] = movedHeaders[index] + moves * (1 - isRow)
      previousStable[index] = last
      if kind == .stable { last = Int32(index) }
    }
    var nextKept = [Int32](repeating: Int32(count), count: count + 1)
    var nextStable = nextKept
    for index in stride(from: count - 1, through: 0, by: -1) {
      let kind = kinds[index]
      nextKept[index] = kind == .stable || kind == .moved ? Int32(index) : nextKept[index + 1]
      nextStable[index] = kind == .stable ? Int32(index) : nextStable[index + 1]
    }
    self.changedRows = changedRows
    self.changedHeaders = changedHeaders
    self.movedRows = movedRows
    self.movedHeaders = movedHeaders
    self.previousStable = previousStable
    self.nextKept = nextKept
    self.nextStable = nextStable
  }

  /// How much of each changing entry shows: its lines when `rows` of a row's and
  /// `headers` of a header's are left of it.
  struct Opening: Sendable {
    var row: Int
    var header: Int

    /// Every changing slot closed.
    static let closed = Opening(row: 0, header: 0)

    /// Every changing slot as far open as `step` says (growing: `opened`).
    static func growing(_ step: TransitionStep) -> Opening {
      Opening(
        row: rowLines(step.opened(Metrics.rowHeight)),
        header: step.opened(Metrics.sectionHeaderHeight))
    }

    /// Every changing slot as far closed as `step` says (collapsing: `closed`).
    static func collapsing(_ step: TransitionStep) -> Opening {
      Opening(
        row: rowLines(step.closed(Metrics.rowHeight)),
        header: step.closed(Metrics.sectionHeaderHeight))
    }

    /// A row slot `lines` tall, but never one line: a row's title alone is
    /// not drawn (it would stand without its cards), so a one-line slot would
    /// be a blank line, and a run of them a hole.
    private static func rowLines(_ lines: Int) -> Int { lines == 1 ? 0 : lines }

    /// Lines lost by `rows` row slots and `headers` header slots so open.
    func lost(rows: Int32, headers: Int32) -> Int {
      Int(rows) * (Metrics.rowHeight - row) + Int(headers) * (Metrics.sectionHeaderHeight - header)
    }

    /// Lines shown of a changing slot `height` tall.
    func shown(_ height: Int) -> Int { height == Metrics.rowHeight ? row : header }
  }

  /// Entries on this side.
  var count: Int { kinds.count }

  /// What happens to entry `index`.
  func kind(_ index: Int) -> ChangeKind { kinds[index] }

  /// Full lines of entry `index`.
  func height(_ index: Int) -> Int { model.entries[index].height }

  /// The table line where entry `index`'s slot starts (`index` may be the count:
  /// the end of the table).
  func slotY(_ index: Int, _ opening: Opening) -> Int {
    let y = index < count ? model.entries[index].y : model.totalHeight
    return y - opening.lost(rows: changedRows[index], headers: changedHeaders[index])
  }

  /// Lines entry `index` takes in the stack (its slot).
  func slotHeight(_ index: Int, _ opening: Opening) -> Int {
    kinds[index] == .stable ? height(index) : opening.shown(height(index))
  }

  /// The table line where entry `index` is drawn: a stable, deleted or
  /// inserted entry at its slot; a moved one at its slot too, unless the moved
  /// entry before it in its gap reaches lower: then just below that one (moved
  /// entries of a gap ride whole, one under the other, at its top).
  ///
  /// - Complexity: O(1) for all but a moved entry in a partly open gap:
  ///   O(the gap before it), looking back at most `lookBehind` entries.
  func drawnY(_ index: Int, _ opening: Opening, lookBehind: Int = 64) -> Int {
    guard kinds[index] == .moved else { return slotY(index, opening) }
    if opening.row == 0 && opening.header == 0 {
      // Closed: the gap's moved entries stack from its top.
      let gapStart = Int(previousStable[index]) + 1
      let slot = slotY(index, opening)
      return slot
        + opening.lost(
          rows: movedRows[index] - movedRows[gapStart],
          headers: movedHeaders[index] - movedHeaders[gapStart])
    }
    let start = max(Int(previousStable[index]) + 1, index - lookBehind)
    var ride = Ride(slot: slotY(start, opening))
    for earlier in start..<index { ride.pass(earlier, in: self, opening) }
    return ride.y(of: index, in: self)
  }

  /// The walk down one gap: where the next slot starts, and how low the last
  /// moved entry reaches.
  private struct Ride {
    var slot: Int
    var movedBottom = Int.min

    /// Where entry `index` (the next one) is drawn.
    func y(of index: Int, in stack: EntryStack) -> Int {
      stack.kinds[index] == .moved ? max(slot, movedBottom) : slot
    }

    /// Steps past entry `index`.
    mutating func pass(_ index: Int, in stack: EntryStack, _ opening: Opening) {
      switch stack.kinds[index] {
      case .moved: movedBottom = y(of: index, in: stack) + stack.height(index)
      case .stable: movedBottom = Int.min
      case .deleted, .inserted: break
      }
      slot += stack.slotHeight(index, opening)
    }
  }

  /// Lines entry `index` shows when drawn: a stable or moved entry whole, the
  /// others as open as their slots.
  func drawnHeight(_ index: Int, _ opening: Opening) -> Int {
    kinds[index] == .stable || kinds[index] == .moved ? height(index) : opening.shown(height(index))
  }

  /// The first entry whose slot reaches below table line `line`.
  ///
  /// - Complexity: O(log entries).
  func firstSlot(reachingBelow line: Int, _ opening: Opening) -> Int {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if slotY(mid + 1, opening) <= line { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The entries drawn over table lines `lines` with slots so open, with the
  /// lines where they are drawn: those whose block meets the lines, in order,
  /// stable ones included.
  ///
  /// - Complexity: O(log entries + entries met + the entries of the gaps met),
  ///   looking back at most `lookBehind` entries for a gap's start.
  func entries(meeting lines: Range<Int>, _ opening: Opening, lookBehind: Int = 64)
    -> [(index: Int, y: Int)]
  {
    guard count > 0 else { return [] }
    let first = firstSlot(reachingBelow: lines.lowerBound, opening)
    // A gap that starts above the lines may reach into them with the moved
    // entries riding at its top.
    var index =
      first < count ? max(Int(previousStable[first]) + 1, first - lookBehind, 0) : max(0, first - 1)
    var ride = Ride(slot: slotY(index, opening))
    var found: [(index: Int, y: Int)] = []
    while index < count && ride.slot < lines.upperBound {
      let kind = kinds[index]
      if kind != .stable && kind != .moved && opening.shown(height(index)) == 0 {
        // Closed: nothing to draw, no line taken. With every slot closed (a
        // row's shows no line, so a header's shows none either), skip the run.
        index = opening.row == 0 ? Int(nextKept[index]) : index + 1
        continue
      }
      let y = ride.y(of: index, in: self)
      if y < lines.upperBound && y + drawnHeight(index, opening) > lines.lowerBound {
        found.append((index, y))
      }
      ride.pass(index, in: self, opening)
      index += 1
    }
    return found
  }

  /// The stable entries whose place in the closed stack meets `lines`, in order.
  ///
  /// - Complexity: O(log entries + entries met).
  func stableEntries(meeting lines: Range<Int>) -> [Int] {
    guard count > 0 else { return [] }
    var index = Int(nextStable[firstSlot(reachingBelow: lines.lowerBound, .closed)])
    var found: [Int] = []
    while index < count && slotY(index, .closed) < lines.upperBound {
      found.append(index)
      index = Int(nextStable[index + 1])
    }
    return found
  }
}

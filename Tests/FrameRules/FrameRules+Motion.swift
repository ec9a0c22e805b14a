/// The motion rules: what makes a change hard to follow, read over its frames
/// from one frame at rest to the next. Blocks are told apart by what a user
/// reads: a section header's title, a row's title (its mark and position
/// aside). A title shown twice in a frame is not followed in that frame, nor
/// one missing at either end of the change.
///
/// - **still**: a block on the same line in a change's first and last frames
///   is drawn on that line in every frame it shows in (a moving block may
///   cover it).
/// - **oneway**: a block on different lines at the two ends goes one way,
///   from its first line to its last, never back and never beyond.
/// - **animated**: when some block changed lines, or the body's layout (its
///   boxes, headers and titles, where they are) changed, some frame between
///   the two ends differs from both.
/// - **sections**: a section header stands over its own rows only: in no
///   frame is a row title under a header (below it, above the next one) a
///   row that both ends of the change show under one other header. A section
///   moving whole is one opaque block, and a row whose own header it hides
///   does not show under it. Two rows are exempt: one that leaves or joins a
///   section (it is seen crossing the sections on its way), and the focused
///   one, which is whole in every frame, even where a section moving past it
///   hides its header (the focus wins). And a header whose section gains or
///   loses rows and changes lines is seen in at least half the frames of its
///   trip (from the last frame at its first line to the first at its last),
///   not hidden, then popped in (a header crossing the focused row steps over
///   it in one frame rather than hide behind it). A header shown once at
///   both ends is never drawn twice in a frame.
/// - **gaps** (every frame, read with the one before and the one after): no
///   run of blank body lines (the one reaching the bottom aside) taller than
///   the tallest block moving at that moment, plus the one line a passing
///   block's hidden title adds. The blocks whose line differs between two
///   neighbouring frames move, and those that show in one and not the other
///   are inserted, deleted or scrolled; when no row does (a header alone),
///   the 8 frames each way are read (a slow change, or one whose rows'
///   titles are hidden under the blocks passing), and when none
///   does there either, nothing moves: no gap may be taller than one line. A
///   section header and the rows under it that move the same distance with
///   it are one block; a row cut by the body's top, its title above it,
///   moves when its last line does. A screen of no block (a message alone)
///   has no gaps.
extension FrameRules {
  /// A section header or a row, by its title.
  package struct Block: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var isHeader: Bool
    package var title: String

    package var description: String { "\(isHeader ? "header" : "row") \"\(title)\"" }

    package static func < (a: Block, b: Block) -> Bool {
      (a.isHeader ? 0 : 1, a.title) < (b.isHeader ? 0 : 1, b.title)
    }
  }

  /// What the motion rules read of one frame.
  package struct Still: Sendable {
    /// Each block shown once in the body, with its line.
    package var lines: [Block: Int]
    /// The body's boxes, headers and titles, words left out: where things are drawn.
    package var shape: [String]
    /// The body's text.
    package var text: [String]
    /// The runs of blank body lines, as (first line, length), but the one
    /// reaching the bottom.
    package var gaps: [(line: Int, count: Int)]
    /// Each header with the rows drawn directly under it, one after the other.
    package var sections: [Block: [Block]]
    /// The focused row, marked at the start of its title.
    package var focused: Block?
    /// Where the row cut by the body's top (its title above it) ends, if one is.
    package var cutEnd: Int?
    /// The body's lines, and those of them that are blank.
    package var body: ClosedRange<Int>? = nil
    package var blank: Set<Int> = []
    /// The blocks whose title the frame shows more than once (not followed, but drawn).
    package var repeated: Set<Block> = []
    /// The rows whose strip shows no cards (the line under their title is blank).
    package var empty: Set<Block> = []
  }

  /// What the motion rules read of `frame`.
  package func still(_ frame: Frame) -> Still {
    let kinds = kinds(frame)
    let body = body(height: frame.cells.count).map { Array($0) } ?? []
    var seen: [Block: Int] = [:]
    var repeated = Set<Block>()
    for y in body {
      let block: Block
      switch kinds[y]! {
      case .header: block = Block(isHeader: true, title: Lines.headerTitle(frame.text(ofLine: y)))
      case .title: block = Block(isHeader: false, title: Lines.rowTitle(frame.text(ofLine: y)))
      default: continue
      }
      if seen[block] != nil { repeated.insert(block) }
      seen[block] = y
    }
    for block in repeated { seen[block] = nil }
    let shape = body.map { y in
      switch kinds[y]! {
      case .header, .title: return kinds[y]!.rawValue
      default: return frame.cells[y].map { Box.glyphs[$0] != nil ? $0 : " " }.joined()
      }
    }
    var gaps: [(Int, Int)] = []
    var run = 0
    // A screen of no block at all (a message such as `no rows`) has no gaps.
    let showsBlocks = kinds.values.contains { $0 != .blank && $0 != .text }
    if let last = body.last, showsBlocks {
      for y in body + [last + 1] {
        if y <= last && kinds[y] == .blank {
          run += 1
          continue
        }
        if run > 0 && y <= last { gaps.append((y - run, run)) }
        run = 0
      }
    }
    let at = Dictionary(uniqueKeysWithValues: seen.map { ($1, $0) })
    var sections: [Block: [Block]] = [:]
    for (block, y) in seen where block.isHeader {
      var rows: [Block] = []
      var below = y + 1
      while let row = at[below], !row.isHeader {
        rows.append(row)
        below += rowHeight
      }
      sections[block] = rows
    }
    let focused = body.first { kinds[$0] == .title && frame.cells[$0].first == marker }.map {
      Block(isHeader: false, title: Lines.rowTitle(frame.text(ofLine: $0)))
    }
    let cardLines: Set<LineKind> = [.top, .side, .bottom, .edge, .mixed]
    var cutEnd: Int?
    if let top = body.first, let bottom = body.last, cardLines.contains(kinds[top]!) {
      var y = top
      while y <= bottom && cardLines.contains(kinds[y]!) && (y == top || kinds[y] != .top) {
        y += 1
      }
      cutEnd = y
    }
    let empty = Set(
      seen.compactMap { block, y in
        !block.isHeader && kinds[y + 1] == .blank ? block : nil
      })
    return Still(
      lines: seen, shape: shape, text: body.map(frame.text(ofLine:)), gaps: gaps,
      sections: sections, focused: focused, cutEnd: cutEnd,
      body: body.first.flatMap { top in body.last.map { top...$0 } },
      blank: Set(body.filter { kinds[$0] == .blank }), repeated: repeated, empty: empty)
  }

  /// The still, oneway and animated problems of one change: its frames, the
  /// first and the last at rest. Each comes with its frame's offset in the change.
  package static func motionProblems(_ change: [Still]) -> [(offset: Int, problem: Problem)] {
    guard let first = change.first, let last = change.last else { return [] }
    var problems: [(Int, Problem)] = []
    for (block, start) in first.lines.sorted(by: { $0.value < $1.value }) {
      guard let end = last.lines[block] else { continue }
      let seen = change.enumerated().compactMap { i, frame in frame.lines[block].map { (i, $0) } }
      if start == end {
        for (i, y) in seen where y != start {
          problems.append(
            (i, Problem(check: "still", reason: "still \(block) drawn at line \(y), not \(start)")))
        }
        continue
      }
      let down = end > start
      var previous = start
      for (i, y) in seen {
        let backwards = down ? y < previous : y > previous
        let beyond = down ? y > end : y < end
        if backwards || beyond {
          problems.append(
            (
              i,
              Problem(
                check: "oneway",
                reason:
                  "\(block) at line \(y) after line \(previous), on its way from line \(start) "
                  + "to line \(end)")
            ))
        }
        previous = y
      }
    }
    let moves =
      first.lines.contains { block, y in last.lines[block].map { $0 != y } ?? false }
      || first.shape != last.shape
    if moves
      && !change.dropFirst().dropLast().contains(where: {
        $0.text != first.text && $0.text != last.text
      })
    {
      problems.append(
        (
          change.count - 1,
          Problem(
            check: "animated",
            reason:
              "the change jumps from its first frame to its last in \(change.count) frames: "
              + "nothing animates")
        ))
    }
    return problems
  }

  /// The shown problems of one change, each with its frame's offset in the
  /// change: a block (a header, or a row: its title and cards) on screen at
  /// both ends is drawn in every frame between, or hidden under another
  /// block drawn over it; it never vanishes. Where a frame does not show its
  /// title, the block stands somewhere between its lines in the nearest
  /// frames before and after that show it (it goes one way; a line either
  /// way is allowed for rounding): some such place
  /// must be drawn over all its lines (a block passing over it, or its own
  /// lines under one that hides only its title). A place wholly off the body
  /// is hidden; an empty row's strip is blank, so only its title is read.
  ///
  /// Blocks that keep their distance travel together: where another block
  /// stands at the same distance from it in the nearest frames before and
  /// after that show both, the hidden block is at that distance from it now
  /// too (a line either way). So a block is not taken as hidden anywhere on
  /// its way when the blocks it travels with say where it is: a section
  /// whose rows all vanish at once must be covered as a whole, and a row
  /// next to one shown is covered where that one says (not some other place
  /// a tall block passes on its way).
  package func shownProblems(_ change: [Still]) -> [(offset: Int, problem: Problem)] {
    guard let first = change.first, let last = change.last else { return [] }
    let blocks = first.lines.keys.filter { last.lines[$0] != nil }.sorted {
      (first.lines[$0]!, $0) < (first.lines[$1]!, $1)
    }
    func height(_ block: Block) -> Int {
      block.isHeader || first.empty.contains(block) ? 1 : rowHeight
    }
    var problems: [(Int, Problem)] = []
    for (i, frame) in change.enumerated().dropFirst().dropLast() {
      let missing = blocks.filter { frame.lines[$0] == nil && !frame.repeated.contains($0) }
      guard !missing.isEmpty else { continue }
      /// The distance from `a` to `b` in the nearest frames before and after
      /// `i` that show both, when it is the same in the two.
      func distance(_ a: Block, _ b: Block) -> Int? {
        func at(_ index: Int) -> Int? {
          guard let y = change[index].lines[a], let z = change[index].lines[b] else { return nil }
          return z - y
        }
        guard let before = (0..<i).reversed().lazy.compactMap(at).first,
          let after = ((i + 1)..<change.count).lazy.compactMap(at).first, before == after
        else { return nil }
        return before
      }
      for block in missing {
        // Its way: between its lines in the nearest frames showing it.
        guard let previous = (0..<i).reversed().lazy.compactMap({ change[$0].lines[block] }).first,
          let next = ((i + 1)..<change.count).lazy.compactMap({ change[$0].lines[block] }).first
        else { continue }
        // A line either way where it moves: its line is rounded.
        let slack = previous == next ? 0 : 1
        let range = (min(previous, next) - slack)...(max(previous, next) + slack)
        var tops = Array(range)
        // A shown block it travels with says where it is.
        let anchors = blocks.compactMap { other -> Int? in
          guard other != block, let y = frame.lines[other], let d = distance(other, block)
          else { return nil }
          return y + d
        }
        if let anchor = anchors.first {
          tops = Array((anchor - 1)...(anchor + 1)).filter(range.contains)
        }
        // The hidden ones it travels with are hidden with it.
        let partners = missing.compactMap { other -> (Int, Int)? in
          guard other != block, let d = distance(block, other) else { return nil }
          return (d, height(other))
        }
        let covered = tops.contains { top in
          Self.isCovered(frame, top...top, height: height(block))
            && partners.allSatisfy {
              Self.isCovered(frame, (top + $0.0)...(top + $0.0), height: $0.1)
            }
        }
        guard !covered else { continue }
        problems.append(
          (
            i,
            Problem(
              check: "shown",
              reason:
                "\(block) vanishes: on its way from line \(range.lowerBound) to "
                + "\(range.upperBound), nothing is drawn over all its lines")
          ))
      }
    }
    return problems
  }

  /// Whether a block `height` lines tall whose top is somewhere in `tops`
  /// can be hidden in `frame`: at one such place, each of its lines on the
  /// body is drawn (not blank). A row's title over cards all hidden is not
  /// drawn (a title never stands alone): its line may be blank.
  private static func isCovered(_ frame: Still, _ tops: ClosedRange<Int>, height: Int) -> Bool {
    guard let body = frame.body else { return true }
    return tops.contains { top in
      ((height > 1 ? top + 1 : top)..<(top + height)).allSatisfy {
        !body.contains($0) || !frame.blank.contains($0)
      }
    }
  }

  /// Each section header of `frame` -> the rows under it, down to the next header.
  private static func sectionRows(_ frame: Still) -> [Block: Set<Block>] {
    var sections: [Block: Set<Block>] = [:]
    var current: Block?
    for (block, _) in frame.lines.sorted(by: { $0.value < $1.value }) {
      if block.isHeader {
        current = block
        sections[block] = []
      } else if let current {
        sections[current]!.insert(block)
      }
    }
    return sections
  }

  /// The sections problems of one change, each with its frame's offset in the change.
  package static func sectionProblems(_ change: [Still]) -> [(offset: Int, problem: Problem)] {
    guard let first = change.first, let last = change.last else { return [] }
    let (start, end) = (sectionRows(first), sectionRows(last))
    // Each row both ends show under the same header -> that header.
    var headers: [Block: [Block]] = [:]
    for sections in [start, end] {
      for (header, rows) in sections {
        for row in rows { headers[row, default: []].append(header) }
      }
    }
    let own = headers.compactMapValues { $0.count == 2 && $0[0] == $0[1] ? $0[0] : nil }
    var problems: [(Int, Problem)] = []
    for (i, frame) in change.enumerated() {
      for (header, rows) in sectionRows(frame).sorted(by: { $0.key < $1.key }) {
        for row in rows.sorted()
        where row != frame.focused && own[row].map({ $0 != header }) ?? false {
          problems.append(
            (
              i,
              Problem(
                check: "sections",
                reason:
                  "header \"\(header.title)\" stands over row \"\(row.title)\" of another section")
            ))
        }
      }
    }
    // A header shown once at both ends is drawn once in every frame: drawn
    // twice, the section reads as split in two.
    for (i, frame) in change.enumerated() {
      for block in frame.repeated.sorted()
      where block.isHeader && first.lines[block] != nil && last.lines[block] != nil {
        problems.append(
          (i, Problem(check: "sections", reason: "header \"\(block.title)\" drawn twice")))
      }
    }
    // A header whose section gains or loses rows, of those both ends show
    // (a row the screen's edge cuts off at one end is neither).
    let shownAtBothEnds = Set(first.lines.keys).intersection(last.lines.keys)
    for (block, old) in first.lines.sorted(by: { $0.value < $1.value }) where block.isHeader {
      guard let new = last.lines[block], new != old,
        start[block, default: []].intersection(shownAtBothEnds)
          != end[block, default: []].intersection(shownAtBothEnds)
      else { continue }
      let leaves = change.lastIndex { $0.lines[block] == old } ?? 0
      let arrives = change.firstIndex { $0.lines[block] == new } ?? change.count - 1
      guard leaves + 1 < arrives else { continue }
      let trip = change[(leaves + 1)..<arrives]
      let seen = trip.filter { $0.lines[block] != nil }.count
      if 2 * seen < trip.count {
        problems.append(
          (
            arrives,
            Problem(
              check: "sections",
              reason:
                "header \"\(block.title)\" seen in \(seen) of the \(trip.count) frames of its "
                + "trip: it pops")
          ))
      }
    }
    return problems
  }

  /// Lines a block takes at rest.
  private func height(_ block: Block) -> Int { block.isHeader ? 1 : rowHeight }

  /// The height of the tallest block that moves, appears or goes from `first`
  /// to `last`; 0 when none. Moving blocks that travel the same distance and
  /// follow one another in `first`, starting with a section header, are one
  /// block; so is a moving header with the rows `sections` says are its own
  /// (some perhaps hidden now under a block passing over them), when one of
  /// those shown moves with it.
  private func tallestChangingBlock(_ first: Still, _ last: Still, sections: [Block: Set<Block>])
    -> Int
  {
    let moving = first.lines.compactMap { block, start -> (Int, Int, Block)? in
      guard let end = last.lines[block], end != start else { return nil }
      return (start, end - start, block)
    }.sorted { ($0.0, $0.2) < ($1.0, $1.2) }
    var tallest = 0
    var groupEnd: Int?
    var groupShift: Int?
    var groupHeight = 0
    for (start, shift, block) in moving {
      let height = height(block)
      if !block.isHeader && start == groupEnd && shift == groupShift {
        groupHeight += height
      } else {
        groupHeight = height
        groupShift = block.isHeader ? shift : nil
      }
      groupEnd = start + height
      tallest = max(tallest, groupHeight)
      let own = sections[block] ?? []
      if block.isHeader
        && own.contains(where: { row in
          guard let a = first.lines[row], let b = last.lines[row] else { return false }
          return b - a == shift
        })
      {
        tallest = max(tallest, 1 + rowHeight * own.count)
      }
    }
    for block in Set(first.lines.keys).symmetricDifference(last.lines.keys) {
      tallest = max(tallest, height(block))
    }
    // A row cut by the body's top shows no title, but moves when its end does.
    if let before = first.cutEnd, let after = last.cutEnd, before != after {
      tallest = max(tallest, rowHeight)
    }
    return tallest
  }

  /// Frames back (and one ahead) the gaps rule looks for the rows of each section.
  static let sectionMemory = 30
  /// Frames each way the gaps rule looks for a change when none shows next to a frame.
  static let gapReach = 8

  /// The gaps problems of a run of frames, each with its frame's index.
  package func gapProblems(_ stills: [Still]) -> [(offset: Int, problem: Problem)] {
    var problems: [(Int, Problem)] = []
    for (i, frame) in stills.enumerated() {
      var sections: [Block: Set<Block>] = [:]
      for recent in stills[max(0, i - Self.sectionMemory)..<min(stills.count, i + 2)] {
        for (header, rows) in recent.sections { sections[header, default: []].formUnion(rows) }
      }
      var tallest = 0
      // The frames next to it, then (when no row shows changing between
      // those: a slow change, or one whose rows' titles are hidden, a header
      // alone seen moving) a few more.
      for reach in [1, Self.gapReach] {
        for a in (i - reach)..<(i + reach) where a >= 0 && a + 1 < stills.count {
          tallest = max(
            tallest, tallestChangingBlock(stills[a], stills[a + 1], sections: sections))
        }
        if tallest >= rowHeight { break }
      }
      for (y, run) in frame.gaps where run > tallest + 1 {
        problems.append(
          (
            i,
            Problem(
              check: "gaps",
              reason:
                "lines \(y)-\(y + run - 1): \(run) blank lines, taller than the tallest block "
                + "moving (\(tallest) lines)")
          ))
      }
    }
    return problems
  }
}

@testable import ShelfUI

/// Reads a change's frames in order, as a user watches them, and names what
/// makes the motion hard to follow: a block whose place is the same before
/// and after that moves, a block that goes back and forth on its way, and a
/// change that jumps to its end without a frame in between.
///
/// Blocks are told apart by what a user reads: a section header's title, a
/// row's title (its focus mark and counter aside). A title shown twice in a
/// frame, or not at both ends, is not followed.
extension FrameChecker {
  /// A header or row title seen on a body line.
  struct Block: Hashable {
    var isHeader: Bool
    var title: String
  }

  /// Each block that shows once in the frame, with its line.
  var blockLines: [Block: Int] {
    var seen: [Block: Int] = [:]
    var repeated: Set<Block> = []
    for y in 1..<max(1, grid.count - 1) {
      let text = grid[y].joined()
      let block: Block
      switch kind(ofLine: y) {
      case .header:
        block = Block(isHeader: true, title: Self.headerTitle(text))
      case .title:
        block = Block(isHeader: false, title: Self.rowTitle(text))
      default:
        continue
      }
      if seen[block] != nil { repeated.insert(block) }
      seen[block] = y
    }
    for block in repeated { seen[block] = nil }
    return seen
  }

  /// The body's boxes, rules and blank lines, its words and numbers left out:
  /// where things are drawn, not what they say.
  var layoutShape: [String] {
    let boxes = Set("┌┐└┘─│┏┓┗┛━┃")
    return (1..<max(1, grid.count - 1)).map { y in
      switch kind(ofLine: y) {
      case .header: return "header"
      case .title: return "title"
      default: return String(grid[y].joined().map { boxes.contains($0) ? $0 : " " })
      }
    }
  }

  /// The row titles under each section header, down to the next header: the
  /// section's rows as a user reads them in a frame at rest.
  var sectionRows: [String: Set<String>] {
    var sections: [String: Set<String>] = [:]
    var current: String?
    for y in 1..<max(1, grid.count - 1) {
      switch kind(ofLine: y) {
      case .header:
        let title = Self.headerTitle(grid[y].joined())
        current = title
        sections[title, default: []].formUnion([])
      case .title:
        if let current { sections[current, default: []].insert(Self.rowTitle(grid[y].joined())) }
      default: continue
      }
    }
    return sections
  }

  /// The title of the row marked focused, if one is.
  var focusedRowTitle: String? {
    (1..<max(1, grid.count - 1)).first { grid[$0].first == "▸" }.map {
      Self.rowTitle(grid[$0].joined())
    }
  }

  /// A header line's title.
  static func headerTitle(_ text: String) -> String { text.trimmingCharacters(in: "━ ") }

  /// A row title line's title, without the focus mark and the `n / m` counter.
  static func rowTitle(_ text: String) -> String {
    var words = text.dropFirst().split(separator: " ", omittingEmptySubsequences: true)
    words.removeLast(min(3, words.count))
    return words.joined(separator: " ")
  }

  /// The section rules of a change's `frames`, whose ends give each section's rows:
  ///
  /// - **A header stands over its own rows only**: in no frame is a row title
  ///   under a header (below it, above the next header) one of a row that
  ///   both ends show under another header, the same at both. A section
  ///   moving whole is one opaque block, and a row whose own header it hides
  ///   does not show under it. Two rows are exempt: one that leaves or joins
  ///   a section (it is seen crossing the sections on its way), and the
  ///   focused one, which is whole in every frame, even where a section
  ///   moving past it hides its header (the focus wins).
  /// - **No header pops**: a header whose section gains or loses a row, and
  ///   which changes lines, is seen in at least half the frames of its trip
  ///   (from the last frame at its first line to the first at its last), not
  ///   hidden and then shown at its new line. (The focused row is drawn over
  ///   everything: a header crossing it steps over it in one frame rather
  ///   than hide behind it, so the focus stays whole and the header seen.)
  static func sectionProblems(_ frames: [FrameChecker]) -> [String] {
    guard let first = frames.first, let last = frames.last else { return [] }
    // Each row both ends show under the same header -> that header.
    var headers: [String: [String]] = [:]
    for sections in [first.sectionRows, last.sectionRows] {
      for (header, rows) in sections {
        for row in rows { headers[row, default: []].append(header) }
      }
    }
    let own = headers.compactMapValues { $0.count == 2 && $0[0] == $0[1] ? $0[0] : nil }
    var problems: [String] = []
    for (index, frame) in frames.enumerated() {
      let focused = frame.focusedRowTitle
      for (header, rows) in frame.sectionRows.sorted(by: { $0.key < $1.key }) {
        for row in rows.sorted() where row != focused && own[row].map({ $0 != header }) ?? false {
          problems.append(
            "frame \(index): header \"\(header)\" stands over row \"\(row)\" of another section"
          )
        }
      }
    }
    let (start, end) = (first.sectionRows, last.sectionRows)
    let (from, to) = (first.blockLines, last.blockLines)
    let lines = frames.map(\.blockLines)
    for (block, old) in from where block.isHeader {
      guard let new = to[block], new != old, start[block.title] != end[block.title] else {
        continue
      }
      let leaves = lines.lastIndex { $0[block] == old } ?? 0
      let arrives = lines.firstIndex { $0[block] == new } ?? frames.count - 1
      guard arrives - leaves > 1 else { continue }
      let trip = lines[(leaves + 1)..<arrives]
      let seen = trip.filter { $0[block] != nil }.count
      if 2 * seen < trip.count {
        problems.append(
          "header \"\(block.title)\" seen in \(seen) of the \(trip.count) frames of its trip: "
            + "it pops")
      }
    }
    return problems
  }

  /// Everything wrong with the motion of `frames`, the first before a change
  /// and the last at rest after it, one sentence each (empty: easy to follow).
  ///
  /// - **Stillness**: a block on the same line in the first and the last frame
  ///   shows on that line in every frame it shows in (a moving block may pass
  ///   over it and hide it).
  /// - **One way**: a block on different lines at the two ends goes one way
  ///   from the first to the second, never beyond either.
  /// - **Always animated**: when the first and last frames differ, some frame
  ///   between them differs from both.
  static func motionProblems(_ frames: [FrameChecker]) -> [String] {
    guard let first = frames.first, let last = frames.last, frames.count >= 1 else { return [] }
    var problems: [String] = []
    let start = first.blockLines
    let end = last.blockLines
    let lines = frames.map(\.blockLines)
    for (block, from) in start {
      guard let to = end[block] else { continue }
      let name = "\(block.isHeader ? "header" : "row") \"\(block.title)\""
      let seen = lines.enumerated().compactMap { index, lines in lines[block].map { (index, $0) } }
      if from == to {
        for (index, y) in seen where y != from {
          problems.append("frame \(index): still \(name) drawn at line \(y), not \(from)")
        }
        continue
      }
      let down = to > from
      var previous = from
      for (index, y) in seen {
        let backwards = down ? y < previous : y > previous
        let beyond = down ? y > to : y < to
        if backwards || beyond {
          problems.append(
            "frame \(index): \(name) at line \(y) after \(previous), on its way from \(from) to \(to)"
          )
        }
        previous = y
      }
    }
    // Something moves: a block on other lines, or boxes drawn elsewhere (a
    // retitled row or an edited card changes in place, with a highlight the
    // text does not show).
    let moves =
      start.contains { block, line in end[block].map { $0 != line } ?? false }
      || first.layoutShape != last.layoutShape
    if moves {
      let between = frames.dropFirst().dropLast()
      if !between.contains(where: { $0.grid != first.grid && $0.grid != last.grid }) {
        problems.append("the change jumps from its first frame to its last: nothing animates")
      }
    }
    return problems
  }
}

extension String {
  /// The string without `characters` at either end.
  fileprivate func trimmingCharacters(in characters: String) -> String {
    let set = Set(characters)
    return String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}

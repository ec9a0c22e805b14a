@testable import ShelfUI

/// Reads one frame of the screen as a user does, line by line, and names what
/// makes it hard to read: a row torn apart or interleaved with another, a
/// section header cutting through a row, a row title with none of its cards, a
/// hole of blank lines, the focused card cut, hidden or unmarked, a resting
/// screen that starts on a slice of a row.
///
/// It sees only the drawn frame (text, and the styles when given a canvas), so
/// it holds the renderer, the transitions and the terminal output alike.
struct FrameChecker {
  /// What a frame must satisfy besides the rules every frame keeps.
  struct Expectations {
    /// The frame shows a focused card (the focused row has cards and survives).
    var focus = true
    /// The longest run of blank lines allowed inside the body (0 at rest; the
    /// lines of the largest block a change inserts, deletes or moves while it
    /// animates).
    var maximumHole = 0
    /// The frame is at rest: it must start on a whole block.
    var isAtRest = false
  }

  /// What one body line is, read as a user reads it.
  enum LineKind: Equatable {
    case blank
    /// `━━ Title ━━━━`.
    case header
    /// A row's title line (`▸` marks the focused one).
    case title(isFocused: Bool)
    /// Card tops (`┌──┐`), sides (`│  │`) and bottoms (`└──┘`).
    case top, middle, bottom
    /// An empty row's `no cards` / `no matches`.
    case placeholder
    /// A line mixing the parts of different boxes.
    case torn
    /// Anything else (a message, an overlay).
    case other
  }

  /// The frame's columns, line by line: each cell's text ("" for the right
  /// half of a wide character).
  let grid: [[String]]
  /// Whether each cell is drawn in the focus colour, when known.
  let focusStyled: [[Bool]]?

  /// A frame given as text (a golden transcript's frame).
  init(text: String) {
    grid = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var cells: [String] = []
      for character in line {
        cells.append(String(character))
        if TerminalText.width(of: String(character)) == 2 { cells.append("") }
      }
      return cells
    }
    focusStyled = nil
  }

  /// A frame given as a canvas: its styles are checked too.
  init(canvas: Canvas) {
    grid = (0..<canvas.size.height).map { y in canvas.row(y).map { $0.width == 0 ? "" : $0.text } }
    focusStyled = (0..<canvas.size.height).map { y in
      canvas.row(y).map { $0.style.foreground == .focus }
    }
  }

  private func cell(_ x: Int, _ y: Int) -> String {
    grid.indices.contains(y) && grid[y].indices.contains(x) ? grid[y][x] : " "
  }

  /// The body's lines: all but the status line and the key hint.
  private var body: Range<Int> { 1..<max(1, grid.count - 1) }

  // MARK: - Reading lines

  /// What line `y` is.
  func kind(ofLine y: Int) -> LineKind {
    let cells = grid[y]
    let text = cells.joined()
    if text.allSatisfy({ $0 == " " }) { return .blank }
    if text.hasPrefix(" ━━ ") { return .header }
    let tops: Set<String> = ["┌", "┐", "┏", "┓"]
    let bottoms: Set<String> = ["└", "┘", "┗", "┛"]
    let sides: Set<String> = ["│", "┃"]
    let hasTop = cells.contains(where: tops.contains)
    let hasBottom = cells.contains(where: bottoms.contains)
    let hasSide = cells.contains(where: sides.contains)
    if [hasTop, hasBottom, hasSide].filter({ $0 }).count > 1 { return .torn }
    if hasTop { return .top }
    if hasBottom { return .bottom }
    if hasSide { return .middle }
    if text.contains("no cards") || text.contains("no matches") { return .placeholder }
    if Self.endsWithPosition(text) && (cells.first == " " || cells.first == "▸") {
      return .title(isFocused: cells.first == "▸")
    }
    return .other
  }

  /// Whether `text` ends with a row's position, such as `3 / 24`.
  private static func endsWithPosition(_ text: String) -> Bool {
    let trimmed = text.reversed().drop { $0 == " " }
    let parts = String(trimmed.reversed()).split(separator: " ")
    guard parts.count >= 3 else { return false }
    let tail = parts.suffix(3)
    return tail[tail.startIndex + 1] == "/" && tail.first!.allSatisfy(\.isNumber)
      && tail.last!.allSatisfy(\.isNumber)
  }

  // MARK: - Checking

  /// Everything wrong with the frame, one sentence each (empty: readable).
  func problems(_ expected: Expectations = Expectations()) -> [String] {
    let lines = Array(body)
    guard !lines.isEmpty else { return [] }
    let kinds = lines.map(kind(ofLine:))
    var problems: [String] = []
    func report(_ index: Int, _ text: String) { problems.append("line \(lines[index]): \(text)") }
    let isCard: (LineKind) -> Bool = { [.top, .middle, .bottom].contains($0) }
    // Blank lines that are an empty row's strip, not a hole.
    var stripBlank = Array(repeating: false, count: kinds.count)
    for (index, kind) in kinds.enumerated() where kind == .placeholder {
      for near in max(0, index - 2)...min(kinds.count - 1, index + 2) where kinds[near] == .blank {
        stripBlank[near] = true
      }
    }

    var middles = 0  // side lines since the last top or bottom
    var runHasTop = false  // the run of card lines started with a top
    for (index, kind) in kinds.enumerated() {
      let next = index + 1 < kinds.count ? kinds[index + 1] : nil
      switch kind {
      case .torn:
        report(index, "card lines of different rows mixed on one line")
      case .title:
        let emptyRow =
          index + 3 < kinds.count && kinds[index + 1] == .blank && kinds[index + 2] == .blank
          && kinds[index + 3] == .placeholder
        if next != .top && !emptyRow {
          report(index, "a row title without its cards directly below it")
        }
      case .top:
        // A block drawn over this one may start right under its top line (a
        // blank line: that block's title, which shows only with its cards).
        if let next, next != .middle, next != .blank, !Self.isBlockStart(next) {
          report(index, "a card top without its sides below it")
        }
      // A header may stand over part of a row: a row leaving or joining its
      // section passes under it (the motion rules hold which rows it stands over).
      default: break
      }
      if isCard(kind) {
        if kind == .top {
          middles = 0
          runHasTop = true
        } else if kind == .middle {
          middles += 1
          if middles > Metrics.cardHeight - 2 {
            report(index, "more card side lines than a card has: two rows interleaved")
          }
        } else {
          if runHasTop && middles != Metrics.cardHeight - 2 {
            report(
              index, "a card box with \(middles) side lines instead of \(Metrics.cardHeight - 2)")
          }
          middles = 0
          runHasTop = false
        }
      } else {
        middles = 0
        runHasTop = false
      }
    }

    // Holes: runs of blank lines with something below them (in a table that
    // shows any block at all).
    let showsBlocks = kinds.contains { ![.blank, .other].contains($0) }
    var run = 0
    for (index, kind) in kinds.enumerated() {
      if kind == .blank && !stripBlank[index] {
        run += 1
        continue
      }
      if showsBlocks && run > expected.maximumHole {
        report(index - run, "a hole of \(run) blank lines (at most \(expected.maximumHole))")
      }
      run = 0
    }

    if expected.isAtRest, showsBlocks, let first = kinds.first {
      let whole: Bool
      switch first {
      case .header, .title, .other: whole = true
      default: whole = false
      }
      if !whole { report(0, "the resting screen starts on a slice of a row") }
    }

    problems += focusProblems(kinds: kinds, lines: lines, expected: expected)
    return problems
  }

  /// Whether a line of `kind` can start a block drawn over the one above.
  private static func isBlockStart(_ kind: LineKind) -> Bool {
    switch kind {
    case .title, .header: true
    default: false
    }
  }

  /// The focused card: marked `▸` on its row's title, whole, heavy, in the focus colour.
  private func focusProblems(kinds: [LineKind], lines: [Int], expected: Expectations) -> [String] {
    let marks = lines.indices.filter { cell(0, lines[$0]) == "▸" }
    guard expected.focus || !marks.isEmpty else { return [] }
    guard marks.count == 1, let mark = marks.first else {
      return ["\(marks.count) focus marks ▸ instead of 1"]
    }
    guard kinds[mark] == .title(isFocused: true) else {
      return ["line \(lines[mark]): the ▸ mark is not on a row title"]
    }
    guard expected.focus else { return [] }
    let top = lines[mark] + 1
    guard top + Metrics.cardHeight <= lines.last! + 1,
      let left = grid[top].firstIndex(of: "┏"),
      let right = grid[top][left...].firstIndex(of: "┓")
    else {
      return ["line \(top): the focused card's top is cut or hidden"]
    }
    var problems: [String] = []
    for y in top..<(top + Metrics.cardHeight) {
      let (l, r) =
        y == top ? ("┏", "┓") : y == top + Metrics.cardHeight - 1 ? ("┗", "┛") : ("┃", "┃")
      if cell(left, y) != l || cell(right, y) != r {
        problems.append("line \(y): the focused card is cut (columns \(left)–\(right))")
      }
      if let styled = focusStyled, !styled[y][left] || !styled[y][right] {
        problems.append("line \(y): the focused card's border is not highlighted")
      }
    }
    let heavyTops = lines.reduce(0) { $0 + grid[$1].filter { $0 == "┏" }.count }
    if heavyTops != 1 { problems.append("\(heavyTops) focused cards drawn instead of 1") }
    return problems
  }
}

extension FrameChecker {
  /// The problems of every frame of `transcript` (frames separated by form
  /// feeds, as `shelf frames` prints them), each prefixed with its frame.
  static func problems(
    inTranscript transcript: String, during: Expectations, atRest: Expectations
  ) -> [String] {
    let frames = transcript.components(separatedBy: "\n\u{0C}\n")
    return frames.enumerated().flatMap { index, text in
      let isEnd = index == 0 || index == frames.count - 1
      return FrameChecker(text: text).problems(isEnd ? atRest : during).map {
        "frame \(index): \($0)"
      }
    }
  }
}

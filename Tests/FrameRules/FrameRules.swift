/// The frame rules: what makes one frame of the table hard to read. Every
/// frame Shelf draws is judged by these, whether it comes from the headless
/// renderer (`ShelfUITests`) or from the real app replayed through a terminal
/// emulator (`frames.py` records, `frame-judge` judges).
///
/// - **focus**: exactly one focused card, drawn whole as a heavy box (top,
///   three sides, bottom, in one style; in the focus colour when the frame
///   says which it is), with the row marker, in the border's colour, at the
///   start of the row title directly above its top edge and nowhere else.
/// - **blocks**: the body reads as whole blocks. Card lines form box groups
///   (split after each bottom edge and before each top edge); a group is a
///   contiguous part of a card box (top, sides, bottom), its lines have their
///   corners and sides in the same columns and weights, and every edge line
///   is well formed: whole edges, or edges cut by the strip's ends or by a
///   whole box drawn over them (a card sliding over the cards it passes). A
///   group starting with a top edge sits directly under a row title, a bottom
///   edge or a section header (a block sliding over another hides the other's
///   top lines, title included; a header slides over the rows that leave or
///   join its section); a group that starts lower sits directly under a
///   bottom edge or a header; either may start the body. A row title has its
///   cards' top edge directly below it (or, for an empty row, its `no cards`
///   two lines lower), and a top edge has its sides, or another block's start,
///   below it. Knowing the catalog, the cards under a row title are that row's.
/// - **holes**: no run of blank body lines longer than the hole allowed, but
///   the one reaching the bottom of the body (the table ends there) and the
///   blank lines of an empty row's strip.
/// - **rest**: a frame at rest starts its body with a section header or a row
///   title.
///
/// A frame that shows no block at all (only a message, such as `no rows`)
/// has no holes and needs no block at its top.
package struct FrameRules: Sendable {
  /// The lines of a card box: top, sides, bottom.
  package var cardHeight = 5
  /// The first and last body lines; a negative last counts from the bottom
  /// (-2: all but the status line and the key hint).
  package var bodyTop = 1
  package var bodyBottom = -2
  /// Row title -> its cards' titles, when the data is known.
  package var catalogRows: [String: Set<String>] = [:]

  package init(cardHeight: Int = 5, bodyTop: Int = 1, bodyBottom: Int = -2) {
    self.cardHeight = cardHeight
    self.bodyTop = bodyTop
    self.bodyBottom = bodyBottom
  }

  /// Lines of a row block at rest: its title, then its cards.
  package var rowHeight: Int { 1 + cardHeight }

  /// What one frame must satisfy besides the rules every frame keeps.
  package struct Expectations: Sendable {
    /// The longest run of blank body lines allowed.
    package var maximumHole: Int
    /// The frame is at rest: it must start on a whole block.
    package var isAtRest: Bool
    /// The frame shows a focused card, whole, when it shows cards (false
    /// while the focused card itself arrives: the focus is not checked).
    package var focus: Bool
    /// The focus colour's name, when the frame's styles name it.
    package var focusForeground: String?

    package init(
      maximumHole: Int, isAtRest: Bool = false, focus: Bool = true, focusForeground: String? = nil
    ) {
      self.maximumHole = maximumHole
      self.isAtRest = isAtRest
      self.focus = focus
      self.focusForeground = focusForeground
    }
  }

  /// One broken rule: the check's name and why.
  package struct Problem: Sendable, Equatable {
    package var check: String
    package var reason: String
  }

  /// The body's first and last lines in a frame of `height` lines.
  package func body(height: Int) -> ClosedRange<Int>? {
    let bottom = bodyBottom < 0 ? height + bodyBottom : bodyBottom
    return bodyTop <= bottom ? bodyTop...bottom : nil
  }

  /// The kinds of a frame's body lines, by line.
  package func kinds(_ frame: Frame) -> [Int: LineKind] {
    guard let body = body(height: frame.cells.count) else { return [:] }
    return Dictionary(uniqueKeysWithValues: body.map { ($0, Lines.kind(frame.cells[$0])) })
  }

  /// Everything wrong with `frame`. `strip` holds the outermost columns card
  /// lines have used so far (a box cut there is clipped by the strip, not
  /// torn); it grows here.
  package func problems(
    _ frame: Frame, _ expected: Expectations, strip: inout (Int, Int)?
  ) -> [Problem] {
    guard let body = body(height: frame.cells.count) else { return [] }
    let rows = frame.cells
    let kinds = kinds(frame)
    var problems: [Problem] = []
    func add(_ check: String, _ reason: String) {
      problems.append(Problem(check: check, reason: reason))
    }
    for y in body where [.top, .side, .bottom].contains(kinds[y]!) {
      let xs = rows[y].indices.filter { Box.glyphs[rows[y][$0]] != nil }
      guard let first = xs.first, let last = xs.last else { continue }
      strip = strip.map { (min($0.0, first), max($0.1, last)) } ?? (first, last)
    }
    let stripEnds = strip ?? (-1, -1)

    // blocks: box groups.
    var groups: [[Int]] = []
    var current: [Int] = []
    for y in body {
      let kind = kinds[y]!
      if [.top, .side, .bottom, .mixed, .edge].contains(kind) {
        if kind == .top && !current.isEmpty {
          groups.append(current)
          current = []
        }
        current.append(y)
        if kind == .bottom {
          groups.append(current)
          current = []
        }
      } else if !current.isEmpty {
        groups.append(current)
        current = []
      }
    }
    if !current.isEmpty { groups.append(current) }
    let template: [LineKind] = [.top] + Array(repeating: .side, count: cardHeight - 2) + [.bottom]
    for group in groups {
      let first = group.first!
      let names = group.map { kinds[$0]! }
      if let torn = names.firstIndex(where: { $0 == .mixed }) ?? names.firstIndex(of: .edge) {
        add("blocks", "line \(group[torn]): a torn card line (edges and sides of different boxes)")
        continue
      }
      let fits = (0..<template.count).contains { start in
        Array(template[start..<min(template.count, start + names.count)]) == names
      }
      if !fits {
        add(
          "blocks",
          "lines \(first)-\(group.last!): card lines \(names.map(\.rawValue)) are not one box")
        continue
      }
      if Set(group.map { Lines.signature(rows[$0]) }).count != 1 {
        add("blocks", "lines \(first)-\(group.last!): box sides and corners do not line up")
        continue
      }
      for y in group where kinds[y] == .top || kinds[y] == .bottom {
        if let problem = Lines.edgeProblem(rows[y], kind: kinds[y]!, strip: stripEnds) {
          add("blocks", "line \(y): \(problem)")
        }
      }
      let above = first > body.lowerBound ? kinds[first - 1] : nil
      if names[0] == .top {
        if let above, ![.title, .bottom, .header].contains(above) {
          add(
            "blocks", "line \(first): a row's cards with no title above them (a \(above) line)")
        }
      } else if let above, above != .bottom && above != .header {
        add(
          "blocks",
          "line \(first): the rest of a row's cards under a \(above) line, cut from their own row")
      }
      if !catalogRows.isEmpty, names.starts(with: [.top, .side]), above == .title,
        let stranger = foreignCard(title: rows[first - 1], edge: rows[first], card: rows[first + 1])
      {
        add("blocks", "line \(first + 1): \(stranger)")
      }
    }
    for y in body {
      let next = y < body.upperBound ? kinds[y + 1] : nil
      switch kinds[y]! {
      case .title:
        let emptyRow =
          y + 3 <= body.upperBound && kinds[y + 1] == .blank && kinds[y + 2] == .blank
          && kinds[y + 3] == .placeholder
        if next != .top && !emptyRow {
          add("blocks", "line \(y): a row title without its cards directly below it")
        }
      case .top:
        if let next, ![.side, .blank, .title, .header].contains(next) {
          add("blocks", "line \(y): a card top without its sides below it (a \(next) line)")
        }
      default: break
      }
    }

    // A screen of no block at all (a message such as `no rows`) has no holes
    // and is at rest wherever its text stands.
    let showsBlocks = kinds.values.contains { $0 != .blank && $0 != .text }
    // holes: blank lines of an empty row's strip are no hole.
    var strips = Set<Int>()
    for y in body where kinds[y] == .placeholder {
      for near in max(body.lowerBound, y - 2)...min(body.upperBound, y + 2)
      where kinds[near] == .blank {
        strips.insert(near)
      }
    }
    var run = 0
    for y in body.lowerBound...(body.upperBound + 1) {
      if y <= body.upperBound && kinds[y] == .blank && !strips.contains(y) {
        run += 1
        continue
      }
      if showsBlocks && run > expected.maximumHole && y <= body.upperBound {
        add("holes", "lines \(y - run)-\(y - 1): \(run) blank lines")
      }
      run = 0
    }

    problems += focusProblems(frame, kinds: kinds, body: body, expected: expected)

    // rest.
    if expected.isAtRest && showsBlocks {
      let first = kinds[body.lowerBound]!
      if first != .header && first != .title {
        add(
          "rest",
          "at rest the body starts with a \(first) line, not a section header or a row title")
      }
    }
    return problems
  }

  /// The focus rule.
  private func focusProblems(
    _ frame: Frame, kinds: [Int: LineKind], body: ClosedRange<Int>, expected: Expectations
  ) -> [Problem] {
    // A focused card that is itself arriving grows in with its row: not whole yet.
    guard expected.focus else { return [] }
    let rows = frame.cells
    let width = rows.map(\.count).max() ?? 0
    func cell(_ x: Int, _ y: Int) -> String {
      rows[y].indices.contains(x) ? rows[y][x] : " "
    }
    var heavy: [(y: Int, x: Int)] = []
    for y in body where kinds[y] != .header {
      for (x, text) in rows[y].enumerated() where Box.glyphs[text]?.heavy == true {
        heavy.append((y, x))
      }
    }
    let markers = body.filter { rows[$0].first == marker }
    let hasCards = kinds.values.contains { [.top, .side, .bottom].contains($0) }
    guard !heavy.isEmpty else {
      return hasCards
        ? [Problem(check: "focus", reason: "no focused card (markers on lines \(markers))")] : []
    }
    let tops = heavy.filter { cell($0.x, $0.y) == "┏" }
    var box: (y0: Int, x0: Int, x1: Int)?
    if tops.count == 1, let (y0, x0) = tops.first.map({ ($0.y, $0.x) }) {
      let x1 = ((x0 + 1)..<width).first { cell($0, y0) != "━" } ?? width
      let bottom = y0 + cardHeight - 1
      if x1 < width && cell(x1, y0) == "┓" && bottom <= body.upperBound {
        var expectedCells = Set<[Int]>()
        var glyphsOK = true
        for y in y0...bottom {
          for x in x0...x1 where y == y0 || y == bottom || x == x0 || x == x1 {
            expectedCells.insert([y, x])
            let glyph =
              y == y0
              ? (x == x0 ? "┏" : x == x1 ? "┓" : "━")
              : y == bottom ? (x == x0 ? "┗" : x == x1 ? "┛" : "━") : "┃"
            if cell(x, y) != glyph { glyphsOK = false }
          }
        }
        if glyphsOK && Set(heavy.map { [$0.y, $0.x] }) == expectedCells {
          box = (y0, x0, x1)
        }
      }
    }
    guard let (y0, _, _) = box else {
      return [
        Problem(
          check: "focus",
          reason:
            "the focused card is not one whole box (\(tops.count) top-left corners, "
            + "\(heavy.count) heavy cells)")
      ]
    }
    var problems: [Problem] = []
    let styles = Set(heavy.compactMap { frame.style($0.x, $0.y) })
    if styles.count > 1 {
      problems.append(
        Problem(
          check: "focus", reason: "the focused card's border at line \(y0) is not in one style"))
    } else if let style = styles.first {
      if let focus = expected.focusForeground, style.foreground != focus {
        problems.append(
          Problem(
            check: "focus",
            reason: "the focused card's border at line \(y0) is not in the focus colour"))
      } else if markers == [y0 - 1], let mark = frame.style(0, y0 - 1),
        mark.foreground != style.foreground
      {
        problems.append(
          Problem(
            check: "focus",
            reason: "the marker at line \(y0 - 1) and the focused card's border differ in colour"))
      }
    }
    if markers != [y0 - 1] {
      problems.append(
        Problem(
          check: "focus",
          reason:
            "the marker is on lines \(markers), not directly above the focused card "
            + "(line \(y0 - 1))"))
    } else if kinds[y0 - 1] != .title {
      problems.append(
        Problem(check: "focus", reason: "the marker's line \(y0 - 1) is not a row title"))
    }
    return problems
  }

  /// Why a card on `card` (a box's first text line) is not a card of the row
  /// named on `title`, or nil. Only boxes whose top edge (`edge`) is whole
  /// are read; a text matches a card title it begins (cards can be narrow).
  private func foreignCard(title: [String], edge: [String], card: [String]) -> String? {
    let shown = Lines.rowTitle(title.joined())
    let candidates = catalogRows.keys.filter {
      $0 == shown || (shown.hasSuffix("…") && $0.hasPrefix(shown.dropLast()))
    }
    guard !candidates.isEmpty else { return nil }
    let cards = candidates.reduce(into: Set<String>()) { $0.formUnion(catalogRows[$1]!) }
    var opened: Int?
    for (x, glyph) in edge.enumerated() {
      let role = Box.glyphs[glyph]?.role
      if role == .topLeft {
        opened = x
      } else if role == .topRight, let start = opened {
        var text = card[min(start + 1, card.count)..<min(x, card.count)].joined()
        while text.last == " " { text.removeLast() }
        while text.last == "…" { text.removeLast() }
        if !text.isEmpty && !cards.contains(where: { $0.hasPrefix(text) }) {
          return "the card \"\(text)\" is not one of the cards of the row \"\(shown)\" above it"
        }
        opened = nil
      } else if role != .horizontal {
        opened = nil
      }
    }
    return nil
  }
}

/// What one body line is, read as a user reads it.
package enum LineKind: String, Sendable {
  /// `━━ Title ━━━━`: a section header.
  case header
  /// A row's title line (`▸` marks the focused one; it ends with `3 / 24`).
  case title
  /// Card tops (`┌──┐`), sides (`│  │`), bottoms (`└──┘`), light or heavy.
  case top, side, bottom
  /// Corners and sides of different boxes on one line: a torn card line.
  case mixed
  /// Only horizontal edge glyphs: a box edge with both corners clipped.
  case edge
  case blank
  /// An empty row's `no cards` or `no matches`.
  case placeholder
  /// Anything else (a message, an overlay).
  case text
}

/// The box glyphs the rules read: each one's part of a box and its weight.
enum Box {
  enum Role { case topLeft, topRight, bottomLeft, bottomRight, horizontal, side }

  static let glyphs: [String: (role: Role, heavy: Bool)] = [
    "┌": (.topLeft, false), "┐": (.topRight, false), "└": (.bottomLeft, false),
    "┘": (.bottomRight, false), "─": (.horizontal, false), "│": (.side, false),
    "┏": (.topLeft, true), "┓": (.topRight, true), "┗": (.bottomLeft, true),
    "┛": (.bottomRight, true), "━": (.horizontal, true), "┃": (.side, true),
  ]
}

/// The focus mark at the start of the focused row's title.
let marker = "▸"

enum Lines {
  /// The kind of a line of `cells`.
  static func kind(_ cells: [String]) -> LineKind {
    if cells.count > 3 && cells[1] == "━" && cells[2] == "━" && cells[3] == " " { return .header }
    var top = false
    var bottom = false
    var side = false
    var edge = false
    for cell in cells {
      guard let role = Box.glyphs[cell]?.role else { continue }
      switch role {
      case .topLeft, .topRight: top = true
      case .bottomLeft, .bottomRight: bottom = true
      case .side: side = true
      case .horizontal: edge = true
      }
    }
    if top || bottom || side {
      switch (top, bottom, side) {
      case (true, false, false): return .top
      case (false, true, false): return .bottom
      case (false, false, true): return .side
      default: return .mixed
      }
    }
    if edge { return .edge }
    if cells.allSatisfy({ $0 == " " || $0 == "" }) { return .blank }
    let text = cells.joined()
    if text.contains("no cards") || text.contains("no matches") { return .placeholder }
    if cells.first == marker || (cells.count > 1 && cells[1] != " " && cells[1] != "")
      || endsWithPosition(text)
    {
      return .title
    }
    return .text
  }

  /// Whether `text` ends with a row's position, `3 / 24`, and at most one space.
  static func endsWithPosition(_ text: String) -> Bool {
    var rest = Substring(text)
    if rest.last == " " { rest = rest.dropLast() }
    let last = rest.reversed().prefix { $0.isASCII && $0.isNumber }.count
    guard last > 0 else { return false }
    rest = rest.dropLast(last)
    guard rest.hasSuffix(" / ") else { return false }
    rest = rest.dropLast(3)
    return rest.last.map { $0.isASCII && $0.isNumber } ?? false
  }

  /// A row title line's title, without the mark and the position.
  static func rowTitle(_ text: String) -> String {
    var title = String(text.dropFirst())
    while title.last == " " { title.removeLast() }
    let words = title.split(separator: " ", omittingEmptySubsequences: false)
    if words.count >= 3, words[words.count - 2] == "/",
      !words[words.count - 1].isEmpty, words[words.count - 1].allSatisfy(\.isNumber)
    {
      title = words.dropLast(3).joined(separator: " ")
      while title.last == " " { title.removeLast() }
    }
    return title
  }

  /// A section header line's title.
  static func headerTitle(_ text: String) -> String {
    let trimmed: (Character) -> Bool = { $0 == "━" || $0 == " " }
    return String(text.drop(while: trimmed).reversed().drop(while: trimmed).reversed())
  }

  /// The columns and weights of a card line's corners and sides.
  static func signature(_ cells: [String]) -> [Int] {
    cells.indices.compactMap { x in
      guard let glyph = Box.glyphs[cells[x]], glyph.role != .horizontal else { return nil }
      return glyph.heavy ? -1 - x : x
    }
  }

  /// Why a top or bottom edge line is not a row of well-formed box edges, or nil.
  ///
  /// Each run of box glyphs is cut into pieces at corners: a whole edge (both
  /// corners), the start of an edge whose end another box covers (the next
  /// piece starts right after it), or the end of an edge whose start another
  /// box covers (the previous piece ends right before it): a moving card is
  /// an opaque box over the cards it passes. A piece may also be cut by the
  /// strip's ends. A covered box must be covered: the run goes on for at
  /// least a card's width (that of the line's whole edges) past its start.
  static func edgeProblem(_ cells: [String], kind: LineKind, strip: (Int, Int)) -> String? {
    let (leftCorner, rightCorner): (Box.Role, Box.Role) =
      kind == .top ? (.topLeft, .topRight) : (.bottomLeft, .bottomRight)
    typealias Glyph = (x: Int, role: Box.Role, heavy: Bool)
    var runs: [[Glyph]] = []
    for (x, cell) in cells.enumerated() {
      guard let glyph = Box.glyphs[cell] else { continue }
      guard [leftCorner, rightCorner, .horizontal].contains(glyph.role) else {
        return "\"\(cell)\" at column \(x) in a \(kind.rawValue) edge line"
      }
      if let last = runs.last?.last, last.x == x - 1 {
        runs[runs.count - 1].append((x, glyph.role, glyph.heavy))
      } else {
        runs.append([(x, glyph.role, glyph.heavy)])
      }
    }
    var pieces: [(run: Int, glyphs: [Glyph])] = []
    for (index, run) in runs.enumerated() {
      var piece: [Glyph] = []
      for glyph in run {
        if glyph.role == leftCorner && !piece.isEmpty {
          pieces.append((index, piece))
          piece = []
        }
        piece.append(glyph)
        if glyph.role == rightCorner {
          pieces.append((index, piece))
          piece = []
        }
      }
      if !piece.isEmpty { pieces.append((index, piece)) }
    }
    var widths: [Int: Int] = [:]
    for (_, piece) in pieces
    where piece.first!.role == leftCorner && piece.last!.role == rightCorner {
      widths[piece.last!.x - piece.first!.x + 1, default: 0] += 1
    }
    let cardWidth = widths.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    for (index, piece) in pieces {
      let run = runs[index]
      let (start, end) = (piece.first!.x, piece.last!.x)
      if Set(piece.map(\.heavy)).count > 1 {
        return "the edge at columns \(start)-\(end) mixes light and heavy glyphs"
      }
      if piece.first!.role != leftCorner && start != strip.0 {
        if start == run.first!.x {
          return "an edge at column \(start) with no corner before it"
        }
        if let cardWidth, run.first!.x > end - cardWidth + 1, run.first!.x != strip.0 {
          return "the box ending at column \(end) is cut at column \(start) "
            + "with nothing covering the rest"
        }
      }
      if piece.last!.role != rightCorner && end != strip.1 {
        if end == run.last!.x {
          return "the edge begun at column \(start) stops at column \(end) without a corner"
        }
        if let cardWidth, run.last!.x < start + cardWidth - 1, run.last!.x != strip.1 {
          return "the box begun at column \(start) is cut at column \(end) "
            + "with nothing covering the rest"
        }
      }
    }
    return nil
  }
}

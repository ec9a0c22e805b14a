/// Border glyphs for boxes.
struct BoxGlyphs: Hashable, Sendable {
  var topLeft, top, topRight, side, bottomLeft, bottomRight: String

  /// `┌─┐│└┘`: an ordinary card.
  static let light = BoxGlyphs(
    topLeft: "┌", top: "─", topRight: "┐", side: "│", bottomLeft: "└", bottomRight: "┘")
  /// `┏━┓┃┗┛`: the focused card, visible without colour.
  static let heavy = BoxGlyphs(
    topLeft: "┏", top: "━", topRight: "┓", side: "┃", bottomLeft: "┗", bottomRight: "┛")
  /// `╔═╗║╚╝`: overlays (details, help).
  static let double = BoxGlyphs(
    topLeft: "╔", top: "═", topRight: "╗", side: "║", bottomLeft: "╚", bottomRight: "╝")
}

extension Canvas {
  /// Writes `text` from `point` rightwards, drawing only glyphs wholly inside
  /// `clip` (and the canvas).
  ///
  /// - Returns: the columns the text takes (drawn or not), at most `maxWidth`.
  @discardableResult
  mutating func write(
    _ text: String, at point: Point, style: Style, maxWidth: Int = .max, clip: Rect
  ) -> Int {
    guard point.y >= clip.minY, point.y < clip.maxY else { return 0 }
    var column = 0
    for glyph in TerminalText.glyphs(of: text) {
      if column + glyph.width > maxWidth { break }
      let x = point.x + column
      if x >= clip.maxX { break }
      if x >= clip.minX && x + glyph.width <= clip.maxX {
        put(Cell(text: glyph.text, width: glyph.width, style: style), x: x, y: point.y)
      }
      column += glyph.width
    }
    return column
  }

  /// Fills `rect` clipped to `clip`.
  mutating func fill(_ rect: Rect, with character: String = " ", style: Style, clip: Rect) {
    fill(rect.intersection(clip), with: character, style: style)
  }

  /// Draws the border of `rect` with `glyphs`, clipped to `clip`, and blanks its inside.
  mutating func drawBox(_ rect: Rect, glyphs: BoxGlyphs, style: Style, clip: Rect) {
    guard rect.width >= 2, rect.height >= 2 else {
      fill(rect, with: " ", style: style, clip: clip)
      return
    }
    let area = rect.intersection(clip)
    guard !area.isEmpty else { return }
    for y in area.minY..<area.maxY {
      for x in area.minX..<area.maxX {
        let isTop = y == rect.minY
        let isBottom = y == rect.maxY - 1
        let isLeft = x == rect.minX
        let isRight = x == rect.maxX - 1
        let character: String
        switch (isTop, isBottom, isLeft, isRight) {
        case (true, _, true, _): character = glyphs.topLeft
        case (true, _, _, true): character = glyphs.topRight
        case (_, true, true, _): character = glyphs.bottomLeft
        case (_, true, _, true): character = glyphs.bottomRight
        case (true, _, _, _), (_, true, _, _): character = glyphs.top
        case (_, _, true, _), (_, _, _, true): character = glyphs.side
        default: character = " "
        }
        put(Cell(text: character, style: style), x: x, y: y)
      }
    }
  }
}

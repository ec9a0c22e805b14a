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
    if TerminalText.isSimple(text) {
      return writeSimple(text, at: point, style: style, maxWidth: maxWidth, clip: clip)
    }
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

  /// `write(_:at:style:maxWidth:clip:)` of a simple text (see
  /// `TerminalText.isSimple`): its glyphs are its scalars.
  private mutating func writeSimple(
    _ text: String, at point: Point, style: Style, maxWidth: Int, clip: Rect
  ) -> Int {
    var column = 0
    for scalar in text.unicodeScalars {
      let width = TerminalText.simpleColumns(of: scalar)
      if column + width > maxWidth { break }
      let x = point.x + column
      if x >= clip.maxX { break }
      if x >= clip.minX && x + width <= clip.maxX {
        let cell = Cell(scalar: scalar, width: width, style: style)
        if width == 1 && x >= 0 && x < size.width && point.y >= 0 && point.y < size.height {
          putNarrow(cell, x: x, y: point.y)
        } else {
          put(cell, x: x, y: point.y)
        }
      }
      column += width
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
    let area = rect.intersection(clip).intersection(Rect(origin: Point(x: 0, y: 0), size: size))
    guard !area.isEmpty else { return }
    // The cells of a top, middle and bottom line: (left end, inside, right end).
    let top = (
      Cell(text: glyphs.topLeft, style: style), Cell(text: glyphs.top, style: style),
      Cell(text: glyphs.topRight, style: style)
    )
    let middle = (
      Cell(text: glyphs.side, style: style), Cell(text: " ", style: style),
      Cell(text: glyphs.side, style: style)
    )
    let bottom = (
      Cell(text: glyphs.bottomLeft, style: style), Cell(text: glyphs.top, style: style),
      Cell(text: glyphs.bottomRight, style: style)
    )
    for y in area.minY..<area.maxY {
      let line = y == rect.minY ? top : (y == rect.maxY - 1 ? bottom : middle)
      fillLine(y, columns: area.minX..<area.maxX, with: line.1)
      // Both ends are one-column cells now: plain stores.
      if area.minX == rect.minX { putNarrow(line.0, x: rect.minX, y: y) }
      if area.maxX == rect.maxX { putNarrow(line.2, x: rect.maxX - 1, y: y) }
    }
  }
}

/// One screen as a terminal shows it: each cell's text and style, and when it
/// was drawn. The frame rules read nothing else, so they judge the headless
/// renderer's canvases and a terminal emulator's screens alike.
package struct Frame: Sendable, Equatable {
  /// Each line's cells: the text drawn there, "" for the right half of a wide
  /// character.
  package var cells: [[String]]
  /// Each cell's style, an index into `palette` (empty: styles unknown).
  package var styles: [[Int]]
  /// The styles the frame uses.
  package var palette: [CellStyle]
  /// When the frame was drawn, in seconds (0 when unknown).
  package var time: Double

  package init(cells: [[String]], styles: [[Int]] = [], palette: [CellStyle] = [], time: Double = 0)
  {
    self.cells = cells
    self.styles = styles
    self.palette = palette
    self.time = time
  }

  /// A frame given as text, lines separated by newlines; `width` tells the
  /// columns each character takes (a wide one is followed by an empty cell).
  package init(text: String, width: (Character) -> Int) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var cells: [String] = []
      for character in line {
        cells.append(String(character))
        if width(character) == 2 { cells.append("") }
      }
      return cells
    }
    self.init(cells: lines)
  }

  /// The style of the cell at column `x` of line `y`, when known.
  package func style(_ x: Int, _ y: Int) -> CellStyle? {
    guard styles.indices.contains(y), styles[y].indices.contains(x) else { return nil }
    return palette[styles[y][x]]
  }

  /// Line `y`'s text, a wide character once.
  package func text(ofLine y: Int) -> String { cells[y].joined() }
}

/// How a cell is drawn, as far as the rules compare it.
package struct CellStyle: Hashable, Sendable {
  /// The text colour's name.
  package var foreground: String
  /// The rest: background, attributes.
  package var attributes: String

  package init(foreground: String, attributes: String) {
    self.foreground = foreground
    self.attributes = attributes
  }
}

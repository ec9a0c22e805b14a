import ShelfUI

/// Turns canvases into the bytes a terminal receives, without a terminal: the
/// first frame whole, each later one as the cells that changed, with the
/// colours the ncurses backend uses. For recordings (asciicast) and tests.
///
/// It keeps its own cell-by-cell comparison of the last frame; when ShelfUI has
/// a pure canvas diff, this writer is one more consumer of it.
public struct ANSIWriter: Sendable {
  /// The colours written.
  public let depth: ColorDepth
  /// The last frame written.
  private var shown: Canvas?

  /// A writer for a terminal of `depth` colours.
  public init(depth: ColorDepth) {
    self.depth = depth
  }

  /// The bytes that turn the last frame written into `canvas`: empty when
  /// nothing changed; a cleared screen and every cell for the first frame or a
  /// new size. The cursor stays hidden.
  public mutating func update(to canvas: Canvas) -> String {
    var output = ""
    let previous = shown.flatMap { $0.size == canvas.size ? $0 : nil }
    if previous == nil {
      output += "\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J"
    }
    var current = Style.plain
    var isStyleKnown = false
    for y in 0..<canvas.size.height {
      let row = canvas.row(y)
      let oldRow = previous?.row(y)
      if let oldRow, oldRow.elementsEqual(row) { continue }
      var x = 0
      var cursor: Int?  // the column the cursor is at on this line, if known
      while x < canvas.size.width {
        let cell = row[row.startIndex + x]
        if cell.isContinuation {
          x += 1
          continue
        }
        let isLastColumn = x + 1 >= canvas.size.width
        if let oldRow, oldRow[oldRow.startIndex + x] == cell,
          cell.width == 1 || isLastColumn
            || oldRow[oldRow.startIndex + x + 1] == row[row.startIndex + x + 1]
        {
          x += 1
          continue
        }
        if previous == nil && cell == .blank {
          x += 1  // a cleared screen is blank already
          continue
        }
        if cursor != x { output += "\u{1B}[\(y + 1);\(x + 1)H" }
        if !isStyleKnown || current != cell.style {
          output += sgr(cell.style)
          current = cell.style
          isStyleKnown = true
        }
        if cell.width == 2 && isLastColumn {
          output += " "  // half a wide character does not fit: as the backend draws it
          cursor = x + 1
        } else {
          output += cell.text.isEmpty ? " " : cell.text
          cursor = x + max(1, cell.width)
        }
        x += max(1, cell.width)
      }
    }
    if isStyleKnown && current != .plain { output += "\u{1B}[0m" }
    shown = canvas
    return output
  }

  /// The select-graphic-rendition sequence that sets `style` from scratch.
  func sgr(_ style: Style) -> String {
    var codes = ["0"]
    var isReversed = style.isReversed
    var isBold = style.isBold
    var isDim = style.isDim
    switch depth {
    case .monochrome:
      // As the ncurses backend: roles survive as attributes.
      if style.background != .default { isReversed.toggle() }
      switch style.foreground {
      case .focus, .error, .accent: isBold = true
      case .muted: isDim = true
      default: break
      }
    case .ansi8:
      if style.foreground == .muted { isDim = true }
      appendColor(Palette.palette8(style.foreground), base: 30, to: &codes)
      appendColor(Palette.palette8(style.background), base: 40, to: &codes)
    case .palette256:
      append256(Palette.palette256(style.foreground), base: 38, to: &codes)
      append256(Palette.palette256(style.background), base: 48, to: &codes)
    }
    if isBold { codes.append("1") }
    if isDim { codes.append("2") }
    if style.isUnderlined { codes.append("4") }
    if isReversed { codes.append("7") }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  private func appendColor(_ number: Int16, base: Int, to codes: inout [String]) {
    if number >= 0 { codes.append(String(base + Int(number))) }
  }

  private func append256(_ number: Int16, base: Int, to codes: inout [String]) {
    if number >= 0 { codes.append("\(base);5;\(number)") }
  }
}

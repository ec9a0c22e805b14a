import ShelfUI

/// Turns canvases into the bytes a terminal receives, without a terminal: the
/// operations `CanvasDiff` gives from the last frame (every cell for the first
/// frame or a new size), as cursor moves, colours in the ncurses backend's
/// palette, and text. For recordings (asciicast) and tests.
package struct ANSIWriter: Sendable {
  /// The colours written.
  package let depth: ColorDepth
  /// The background the colours are picked for, as the ncurses backend does.
  package let background: Background
  /// Colours set by role over the palette's own.
  package let theme: ThemeColors
  /// The last frame written.
  private var shown: Canvas?

  /// A writer for a terminal of `depth` colours on a `background`, with
  /// `theme`'s colours over the palette's.
  package init(
    depth: ColorDepth, background: Background = .dark, theme: ThemeColors = ThemeColors()
  ) {
    self.depth = depth
    self.background = background
    self.theme = theme
  }

  /// The bytes that turn the last frame written into `canvas`: empty when
  /// nothing changed. The cursor stays hidden.
  package mutating func update(to canvas: Canvas) -> String {
    var output = ""
    var style: Style?  // the terminal's current style, when known
    var cursor: Point?  // where the terminal's cursor is, when known
    var target = Point(x: 0, y: 0)  // where the next cell goes
    // A move the diff asked for is written even where the cursor should
    // already be: after text of uncertain width it may not be (see `CanvasDiff`).
    var isMoveAsked = false
    var isErased = false
    CanvasDiff.forEachOperation(from: shown, to: canvas, size: canvas.size) { operation in
      switch operation {
      case .erase:
        output += "\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J"
        style = .plain
        cursor = nil
        isErased = true
      case .move(let x, let y):
        target = Point(x: x, y: y)
        isMoveAsked = true
      case .put(let cell):
        defer { target.x += max(1, cell.width) }
        if isErased && cell == .blank { return }  // an erased screen is blank already
        if cursor != target || isMoveAsked {
          // On the same line, the column alone (CHA) is shorter than both (CUP).
          output +=
            cursor?.y == target.y
            ? "\u{1B}[\(target.x + 1)G" : "\u{1B}[\(target.y + 1);\(target.x + 1)H"
          isMoveAsked = false
        }
        if style != cell.style {
          output += sgr(cell.style)
          style = cell.style
        }
        output += cell.text.isEmpty ? " " : cell.text
        cursor = Point(x: target.x + max(1, cell.width), y: target.y)
      }
    }
    if let style, style != .plain { output += "\u{1B}[0m" }
    shown = canvas
    return output
  }

  /// `canvas` as lines of text with its colours: each run of cells of one
  /// style after the sequence that sets it, each line ending in the plain
  /// style, trailing plain blanks removed (as `TextBackend.text(of:)`), no
  /// cursor moves. What `shelf render --color always` prints.
  package func styledText(of canvas: Canvas) -> String {
    var lines: [String] = []
    lines.reserveCapacity(canvas.size.height)
    for y in 0..<canvas.size.height {
      let row = Array(canvas.row(y))
      var end = row.count
      while end > 0 && row[end - 1] == .blank { end -= 1 }
      var line = ""
      var style = Style.plain
      for cell in row[..<end] where !cell.isContinuation {
        if cell.style != style {
          line += sgr(cell.style)
          style = cell.style
        }
        line += cell.text
      }
      if style != .plain { line += "\u{1B}[0m" }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
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
      isBold = ink(style.foreground, isBold: isBold).isBold
      appendColor(ink(style.foreground).index, base: 30, to: &codes)
      appendColor(ink(style.background).index, base: 40, to: &codes)
    case .palette256, .direct:
      isBold = ink(style.foreground, isBold: isBold).isBold
      appendColor(of: style.foreground, base: 38, to: &codes)
      appendColor(of: style.background, base: 48, to: &codes)
    }
    if isBold { codes.append("1") }
    if isDim { codes.append("2") }
    if style.isUnderlined { codes.append("4") }
    if isReversed { codes.append("7") }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  /// The palette index of `role` and its boldness, as the ncurses backend picks them.
  private func ink(_ role: Color, isBold: Bool = false) -> (index: Int?, isBold: Bool) {
    ThemePalette.ink(
      for: role, isBold: isBold, colors: depth == .ansi8 ? 8 : 256, on: background,
      theme: theme)
  }

  /// `role`'s colour as a 256-colour index (`38;5;n`), or on 24-bit a
  /// theme's exact colour as red, green and blue (`38;2;r;g;b`).
  private func appendColor(of role: Color, base: Int, to codes: inout [String]) {
    let colors = depth == .direct ? ThemePalette.directColors : 256
    switch ThemePalette.color(for: role, colors: colors, on: background, theme: theme) {
    case .rgb(let red, let green, let blue): codes.append("\(base);2;\(red);\(green);\(blue)")
    case .index(let index): codes.append("\(base);5;\(index)")
    case nil: break
    }
  }

  private func appendColor(_ number: Int?, base: Int, to codes: inout [String]) {
    if let number { codes.append(String(base + number)) }
  }
}

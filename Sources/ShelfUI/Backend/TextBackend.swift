/// Shows canvases as plain text: for tests, `shelf render` and `shelf frames`.
public enum TextBackend {
  /// The canvas as lines of text, trailing spaces removed.
  public static func text(of canvas: Canvas) -> String {
    canvas.lines.map { line in
      var line = Substring(line)
      while line.last == " " { line.removeLast() }
      return String(line)
    }.joined(separator: "\n")
  }

  /// A map of the canvas's styles, one letter a cell, for tests that check what
  /// colour alone would show: `F` focus, `W` warning, `L` flash, `E` error, `A` accent,
  /// `S` star, `M` muted, `H` a filter's match, `0`–`7` swatches, `C` a previewed command's or a cover's colour, `R` reversed, `B` bold, `.` plain.
  public static func styleMap(of canvas: Canvas) -> String {
    (0..<canvas.size.height).map { y in
      canvas.row(y).map { cell in
        let style = cell.style
        if style.isReversed { return "R" }
        switch style.foreground {
        case .focus: return "F"
        case .warning: return "W"
        case .flash: return "L"
        case .error: return "E"
        case .match: return "H"
        case .accent: return "A"
        case .star: return "S"
        case .muted: return "M"
        case .swatch(let n): return String(n % 10)
        case .indexed: return "C"
        case .default: return style.isBold ? "B" : "."
        }
      }.joined()
    }.joined(separator: "\n")
  }

  /// Frames as `shelf frames` prints them: each frame's text, separated by a
  /// line holding a form feed.
  public static func transcript(of frames: [Canvas]) -> String {
    frames.map(text(of:)).joined(separator: "\n\u{0C}\n")
  }
}

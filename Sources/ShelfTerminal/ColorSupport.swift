import ShelfUI

/// What a terminal type's terminfo entry says about its colours.
package struct TerminalColors: Equatable, Sendable {
  /// `colors`: 8, 256, or 2^24 for direct colour.
  package var colors: Int
  /// Whether it has the `RGB` capability: colour numbers are red, green
  /// and blue packed (ncurses' direct colour).
  package var hasRGB: Bool

  /// Whether ncurses draws with 24-bit colour numbers on it.
  package var isDirect: Bool { hasRGB && colors >= ThemePalette.directColors }
}

/// Which colours the terminal is drawn in: the decision, apart from ncurses
/// so it can be tested.
///
/// A terminal type whose entry is direct colour (`xterm-direct`,
/// `tmux-direct`) is drawn in 24-bit colour. A 256-colour type with a
/// `-direct` twin in terminfo (`xterm-256color`, `tmux-256color`) is drawn
/// with the twin, which differs from it only in colour, when the terminal
/// says it takes 24-bit colour (`COLORTERM=truecolor` or `24bit`) and the
/// theme sets a `#rrggbb` colour (without one, 256 colours show every colour
/// exactly, and no terminal is sent sequences it may not know). Anything
/// else is drawn in the colours its entry has.
package enum ColorSupport {
  /// Whether `COLORTERM` says the terminal takes 24-bit colour.
  package static func saysTrueColor(_ colorTerm: String?) -> Bool {
    colorTerm == "truecolor" || colorTerm == "24bit"
  }

  /// The terminal type to draw `term` with. `describe` reads a type's
  /// entry (nil: terminfo does not know it).
  package static func terminalType(
    for term: String, colorTerm: String?, wantsExactColors: Bool,
    describe: (String) -> TerminalColors?
  ) -> String {
    guard wantsExactColors, saysTrueColor(colorTerm), term.hasSuffix("-256color"),
      describe(term)?.isDirect == false
    else { return term }
    let twin = term.dropLast("-256color".count) + "-direct"
    return describe(String(twin))?.isDirect == true ? String(twin) : term
  }

  /// The colours drawn on a terminal whose entry says `colors`.
  package static func depth(_ colors: TerminalColors) -> ColorDepth {
    if colors.isDirect { return .direct }
    return colors.colors >= 256 ? .palette256 : colors.colors >= 8 ? .ansi8 : .monochrome
  }

  /// The colour number a direct-colour entry takes for `color`: red, green
  /// and blue packed. Numbers below 8 are the eight ANSI colours there, so
  /// those eight keep their index (the user's own colours) and a packed
  /// colour that would fall below 8 (a blue of 0 to 7 on black) is raised to 8.
  package static func directNumber(of color: ThemeColor) -> Int32 {
    if case .index(let index) = color, (0..<8).contains(index) { return Int32(index) }
    let (red, green, blue) = color.rgb
    return Int32(max(8, red << 16 | green << 8 | blue))
  }
}

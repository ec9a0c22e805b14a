import ShelfUI
import Testing

@testable import ShelfTerminal

/// Which colours a terminal is drawn in: 24-bit where the terminal type, or
/// the terminal through `COLORTERM`, says so; the nearest of 256 elsewhere.
@Suite struct ColorSupportTests {
  /// Terminfo as Debian's ncurses has it.
  private static func describe(_ type: String) -> TerminalColors? {
    switch type {
    case "xterm-direct", "tmux-direct": TerminalColors(colors: 1 << 24, hasRGB: true)
    case "xterm-256color", "tmux-256color", "screen-256color":
      TerminalColors(colors: 256, hasRGB: false)
    case "xterm", "linux": TerminalColors(colors: 8, hasRGB: false)
    default: nil
    }
  }

  @Test(
    arguments: [
      // A 24-bit terminal of a 256-colour type, with a theme's #rrggbb: the twin.
      ("xterm-256color", "truecolor", true, "xterm-direct"),
      ("tmux-256color", "24bit", true, "tmux-direct"),
      // No twin in terminfo, no COLORTERM, or no exact colour to show: as it is.
      ("screen-256color", "truecolor", true, "screen-256color"),
      ("xterm-256color", nil, true, "xterm-256color"),
      ("xterm-256color", "yes", true, "xterm-256color"),
      ("xterm-256color", "truecolor", false, "xterm-256color"),
      // A direct type stays; an 8-colour one is not made 24-bit.
      ("xterm-direct", "truecolor", true, "xterm-direct"),
      ("xterm", "truecolor", true, "xterm"),
    ] as [(String, String?, Bool, String)])
  func theTerminalTypeDrawnWith(term: String, colorTerm: String?, exact: Bool, drawn: String) {
    #expect(
      ColorSupport.terminalType(
        for: term, colorTerm: colorTerm, wantsExactColors: exact, describe: Self.describe)
        == drawn)
  }

  @Test func theDepthFollowsTheEntry() {
    #expect(ColorSupport.depth(TerminalColors(colors: 1 << 24, hasRGB: true)) == .direct)
    // Many colours without RGB are palette indices, not packed colours.
    #expect(ColorSupport.depth(TerminalColors(colors: 1 << 24, hasRGB: false)) == .palette256)
    #expect(ColorSupport.depth(TerminalColors(colors: 256, hasRGB: true)) == .palette256)
    #expect(ColorSupport.depth(TerminalColors(colors: 8, hasRGB: false)) == .ansi8)
    #expect(ColorSupport.depth(TerminalColors(colors: -1, hasRGB: false)) == .monochrome)
  }

  @Test func aDirectColourNumberPacksRedGreenAndBlue() {
    #expect(
      ColorSupport.directNumber(of: .rgb(red: 0x26, green: 0x8B, blue: 0xD2)) == 0x26_8BD2)
    // The palette's colours as xterm shows them; its first eight stay the
    // user's own, and no packed colour falls among them.
    #expect(ColorSupport.directNumber(of: .index(214)) == 0xFF_AF00)
    #expect(ColorSupport.directNumber(of: .index(3)) == 3)
    #expect(ColorSupport.directNumber(of: .index(9)) == 0xFF_0000)
    #expect(ColorSupport.directNumber(of: .rgb(red: 0, green: 0, blue: 5)) == 8)
    #expect(ColorSupport.directNumber(of: .index(16)) == 8)
  }

  @Test func aThemesExactColourIsWrittenAsItIsIn24BitOnly() {
    let theme = ThemeColors([.focus: .rgb(red: 0x26, green: 0x8B, blue: 0xD2)])
    let focus = Style(foreground: .focus)
    #expect(ANSIWriter(depth: .direct, theme: theme).sgr(focus) == "\u{1B}[0;38;2;38;139;210m")
    #expect(ANSIWriter(depth: .palette256, theme: theme).sgr(focus) == "\u{1B}[0;38;5;32m")
    // A role the theme leaves is the palette's, in both.
    let star = Style(foreground: .star)
    #expect(ANSIWriter(depth: .direct, theme: theme).sgr(star) == "\u{1B}[0;38;5;220m")
    #expect(ANSIWriter(depth: .palette256, theme: theme).sgr(star) == "\u{1B}[0;38;5;220m")
  }
}

import Foundation
import Testing

extension InTmux {
  /// Colour follows the terminal, NO_COLOR and --color; the locale picks the glyphs.
  @Suite struct Colors {
    /// Starts shelf with `prefix` variables set, returns the styled and plain first screen.
    private func run(_ prefix: String, _ options: String = "") throws -> (String, String) {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf(
        "--no-live --catalog \(fixtures)/small.json \(options)", environment: prefix)
      // The status line can arrive before the rest of the first frame: take
      // the screen once it is whole and still.
      session.expectStillScreen(containing: "Small Shelf")
      let styled = session.styledScreen()
      let plain = session.screen()
      try session.quitAndExpectRestored()
      return (styled, plain)
    }

    @Test func a256ColourTerminalGetsThePalette() throws {
      let (styled, _) = try run("TERM=screen-256color")
      #expect(styled.contains("\u{1B}[38;5;214m"), "the focus colour")
    }

    @Test func theConfigFilesThemeColoursArriveAsTheNearestOf256() throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("shelf-theme-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let config = folder.appendingPathComponent("config.toml")
      // #ff8800 is nearest 208; the theme's own focus, 214, is gone.
      try "[theme]\nname = \"high-contrast\"\nfocus = \"#ff8800\"\n".write(
        to: config, atomically: true, encoding: .utf8)
      let (styled, _) = try run("TERM=screen-256color", "--config \(config.path)")
      #expect(styled.contains("\u{1B}[38;5;208m"), "the focus colour set")
      #expect(styled.contains("\u{1B}[38;5;51m"), "high-contrast's chrome")
      #expect(!styled.contains("\u{1B}[38;5;214m"))
    }

    /// A theme's #rrggbb in a 24-bit terminal (its type, or COLORTERM with a
    /// type whose -direct twin terminfo has) and as the nearest of 256 elsewhere.
    @Test(arguments: [
      ("TERM=tmux-direct COLORTERM=", true),
      ("TERM=tmux-256color COLORTERM=truecolor", true),
      ("TERM=xterm-256color COLORTERM=24bit", true),
      ("TERM=tmux-256color COLORTERM=", false),
      ("TERM=xterm-256color COLORTERM=", false),
    ])
    func aThemesExactColourIsShownExactlyIn24BitOnly(environment: String, isExact: Bool) throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("shelf-truecolor-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let config = folder.appendingPathComponent("config.toml")
      // #268bd2 is no colour of the palette: its nearest is 32 (#0087d7).
      try "[theme]\nfocus = \"#268bd2\"\n".write(to: config, atomically: true, encoding: .utf8)
      let (styled, plain) = try run(environment, "--config \(config.path)")
      #expect(plain.contains("┏"), "the focused card drawn")
      if isExact {
        #expect(styled.contains("\u{1B}[38;2;38;139;210m┏"), "the focus colour exactly")
        // Every other colour too is sent as red, green and blue (the accent, 75).
        #expect(styled.contains("38;2;95;175;255m"))
        #expect(!styled.contains("38;5;"))
      } else {
        #expect(styled.contains("\u{1B}[38;5;32m┏"), "the nearest of 256")
        #expect(!styled.contains("38;2;"))
      }
    }

    @Test func anEightColourTerminalGetsTheANSIColours() throws {
      let (styled, _) = try run("TERM=xterm")
      #expect(!styled.contains("38;5;"))
      #expect(styled.contains("\u{1B}[33m"), "yellow focus")
    }

    @Test(arguments: [("NO_COLOR=1", ""), ("", "--color never")])
    func noColorAndColorNeverDrawWithAttributesOnly(environment: String, option: String) throws {
      let (styled, plain) = try run(environment, option)
      #expect(!styled.contains("38;5;") && !styled.contains("\u{1B}[33m"))
      #expect(styled.contains("\u{1B}[1m"), "the focused card is still bold")
      #expect(plain.contains("┏"), "and heavy-bordered")
    }

    @Test func colorAlwaysOverridesNoColor() throws {
      let (styled, _) = try run("NO_COLOR=1", "--color always")
      #expect(styled.contains("38;5;"))
    }

    @Test(arguments: [
      ("TERM=screen-256color", "--theme light", "[38;5;130m┏", "[38;5;214m"),
      ("TERM=xterm", "--theme light", "[34m┏", "[33m┏"),
      ("TERM=screen-256color COLORFGBG='0;15'", "", "[38;5;130m┏", "[38;5;214m"),
      ("TERM=screen-256color COLORFGBG='0;15'", "--theme dark", "[38;5;214m┏", "[38;5;130m"),
    ])
    func theThemeFollowsTheBackgroundOrTheOption(
      environment: String, option: String, focus: String, absent: String
    ) throws {
      let (styled, _) = try run(environment, option)
      #expect(styled.contains(focus), "the focused card's border")
      #expect(!styled.contains(absent))
    }

    @Test func aLocaleWithoutUTF8DrawsASCIIBoxes() throws {
      let (_, plain) = try run("LC_ALL=C")
      #expect(plain.contains("+----------------"))
      #expect(!plain.contains("┌"))
      #expect(plain.unicodeScalars.allSatisfy { $0.isASCII })
    }
  }
}

import PropertyBased
import Testing

@testable import ShelfUI

/// Theme colours as the config file writes them, and their nearest of the
/// xterm 256-colour palette.
@Suite struct ThemeColorsTests {
  @Test func aColourIsANumberTo255OrSixHexDigits() {
    #expect(ThemeColor("208") == .index(208))
    #expect(ThemeColor("#FF8700") == .rgb(red: 255, green: 135, blue: 0))
    for bad in ["256", "-1", "#ff870", "#ff87000", "ff8700", "#gg8700", "", "orange"] {
      #expect(ThemeColor(bad) == nil, "\(bad)")
    }
  }

  @Test func everyColourOfThePaletteAbove15IsItsOwnNearest() {
    for index in 16...255 {
      let (red, green, blue) = XtermPalette.rgb(ofIndex: index)
      #expect(XtermPalette.nearest(red: red, green: green, blue: blue) == index)
    }
  }

  @Test(arguments: [
    ("#ff8800", 208), ("#000000", 16), ("#ffffff", 231), ("#808080", 244), ("#5f87af", 67),
    ("#268bd2", 32), ("#0a0a0a", 232), ("#ff0001", 196),
  ])
  func aColourMapsToTheNearestOfThePalette(text: String, index: Int) {
    #expect(ThemeColor(text)?.index256 == index)
  }

  @Test func noColourOfThePaletteIsNearerThanTheOneChosen() async {
    let channel = Gen.int(in: 0...255)
    await propertyCheck(count: 64, input: channel, channel, channel) { red, green, blue in
      func distance(_ index: Int) -> Int {
        let (r, g, b) = XtermPalette.rgb(ofIndex: index)
        let (dr, dg, db) = (r - red, g - green, b - blue)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
      }
      let chosen = XtermPalette.nearest(red: red, green: green, blue: blue)
      #expect((16...255).allSatisfy { distance($0) >= distance(chosen) }, "\(red),\(green),\(blue)")
    }
  }

  @Test func aRoleSetWinsOn256ColoursOnly() {
    let theme = ThemeColors([.focus: .rgb(red: 255, green: 136, blue: 0), .chrome: .index(51)])
    #expect(
      ThemePalette.ink(for: .focus, isBold: true, colors: 256, on: .dark, theme: theme) == (
        208, true
      ))
    #expect(
      ThemePalette.ink(for: .accent, isBold: false, colors: 256, on: .dark, theme: theme).index
        == 51)
    #expect(
      ThemePalette.ink(for: .star, isBold: false, colors: 256, on: .dark, theme: theme).index == 220
    )
    #expect(
      ThemePalette.ink(for: .focus, isBold: false, colors: 8, on: .dark, theme: theme).index == 3)
  }
}

extension ThemeColorsTests {
  @Test func aSetColourIsExactOn24BitAndTheNearestOf256Elsewhere() {
    let exact = ThemeColor.rgb(red: 0x26, green: 0x8B, blue: 0xD2)
    let theme = ThemeColors([.chrome: exact])
    let direct = ThemePalette.directColors
    #expect(ThemePalette.color(for: .accent, colors: direct, on: .dark, theme: theme) == exact)
    #expect(ThemePalette.color(for: .accent, colors: 256, on: .dark, theme: theme) == .index(32))
    #expect(ThemePalette.color(for: .accent, colors: 8, on: .dark, theme: theme) == .index(6))
    // Roles the theme leaves, and the terminal's own colour, are as on 256.
    #expect(ThemePalette.color(for: .focus, colors: direct, on: .dark, theme: theme) == .index(214))
    #expect(ThemePalette.color(for: .default, colors: direct, on: .dark, theme: theme) == nil)
    #expect(theme.hasExactColors)
    #expect(!ThemeColors.highContrast.hasExactColors)
  }
}

import Foundation
import Testing

@testable import ShelfUI

/// xterm's default colours: the 16 ANSI ones, the 6x6x6 cube and the greys.
private func xtermRGB(_ index: Int) -> (Double, Double, Double) {
  let ansi: [(Double, Double, Double)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
    (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
    (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]
  if index < 16 { return ansi[index] }
  if index < 232 {
    let levels: [Double] = [0, 95, 135, 175, 215, 255]
    let cube = index - 16
    return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
  }
  let grey = Double(8 + 10 * (index - 232))
  return (grey, grey, grey)
}

/// WCAG relative luminance of an xterm colour.
private func luminance(_ index: Int) -> Double {
  let (red, green, blue) = xtermRGB(index)
  func linear(_ channel: Double) -> Double {
    let value = channel / 255
    return value <= 0.039_28 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
  }
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
}

private func contrast(_ first: Int, _ second: Int) -> Double {
  let (a, b) = (luminance(first), luminance(second))
  return (max(a, b) + 0.05) / (min(a, b) + 0.05)
}

/// Text roles as the screen draws them: the role and whether it asks for bold.
private let textRoles: [(Color, Bool)] = [
  (.focus, true), (.focus, false), (.accent, true), (.warning, true), (.warning, false),
  (.error, true), (.muted, false), (.flash, false), (.match, true),
]

@Test(arguments: [8, 256], Background.allCases)
func textRolesReadAtFourAndAHalfToOneOnXtermsDefaultColours(colors: Int, background: Background) {
  // xterm's default light background is white, a dark one black; its default
  // foreground is the opposite.
  let paper = background == .light ? 15 : 0
  let ink = background == .light ? 0 : 15
  for (role, asksBold) in textRoles {
    let (index, isBold) = ThemePalette.ink(
      for: role, isBold: asksBold, colors: colors, on: background)
    // xterm shows bold text in colours 0-7 in the bright variant
    // (boldColors); bold in the default foreground stays as it is.
    var shown = index ?? ink
    if colors == 8, isBold, let index, index < 8 { shown = index + 8 }
    if index == nil && role == .muted { continue }  // the terminal's own ink, dimmed
    let ratio = contrast(shown, paper)
    #expect(ratio >= 4.5, "\(role) bold: \(isBold) on \(background), \(colors) colours: \(ratio)")
  }
  let star = ThemePalette.ink(for: .star, isBold: false, colors: colors, on: background)
  #expect(contrast(star.index ?? ink, paper) >= 3, "stars are symbols: 3:1")
}

@Test func aFiltersMatchesStandApartFromTheFocusAndTheFlashInEveryTheme() {
  for colors in [8, 256] {
    for background in Background.allCases {
      func ink(_ role: Color) -> Int? {
        ThemePalette.ink(for: role, isBold: true, colors: colors, on: background).index
      }
      #expect(ink(.match) != ink(.focus), "\(colors) colours on \(background)")
      #expect(ink(.match) != ink(.warning), "\(colors) colours on \(background)")
    }
  }
}

// A match drawn in the reload flash's green read as a card that had changed.
@Test func aFiltersMatchesAndTheReloadFlashAreTwoColoursInEveryTheme() {
  for colors in [8, 256] {
    for background in Background.allCases {
      let match = ThemePalette.ink(for: .match, isBold: true, colors: colors, on: background)
      let flash = ThemePalette.ink(for: .flash, isBold: false, colors: colors, on: background)
      #expect(match.index != flash.index, "\(colors) colours on \(background)")
      if colors == 256, let match = match.index, let flash = flash.index {
        #expect(lookApart(match, flash), "match \(match) vs flash \(flash) on \(background)")
      }
    }
  }
}

@Test func theFocusStandsApartFromOrdinaryTextInEveryTheme() {
  for colors in [8, 256] {
    for background in Background.allCases {
      let focus = ThemePalette.ink(for: .focus, isBold: true, colors: colors, on: background)
      #expect(focus.index != nil, "the focus has a colour of its own")
      #expect(focus.isBold, "and stays bold")
    }
  }
}

/// Two xterm colours a reader tells apart at a glance: far apart in RGB.
private func lookApart(_ first: Int, _ second: Int) -> Bool {
  let (a, b) = (xtermRGB(first), xtermRGB(second))
  let distance = ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2))
    .squareRoot()
  return distance >= 120
}

// A reloaded card flashed in the focus's yellow read as a second focus.
@Test(arguments: [8, 256], Background.allCases)
func theReloadFlashNeverLooksLikeTheFocus(colors: Int, background: Background) {
  let focus = ThemePalette.ink(for: .focus, isBold: true, colors: colors, on: background)
  let flash = ThemePalette.ink(for: .flash, isBold: false, colors: colors, on: background)
  guard let focusIndex = focus.index, let flashIndex = flash.index else {
    Issue.record("the focus and the flash each have a colour")
    return
  }
  #expect(flashIndex != focusIndex)
  #expect(lookApart(flashIndex, focusIndex), "flash \(flashIndex) vs focus \(focusIndex)")
  // Drawn as the renderer draws it: light, never bold (the focus is bold and heavy).
  let style = try! #require(SceneRenderer.flashStyle(1))
  #expect(style.foreground == .flash && !style.isBold)
  #expect(SceneRenderer.flashStyle(0.3)?.isReversed == false)
}

@Test(
  arguments: [
    ("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?1;2c", Background.light),
    ("\u{1B}]11;rgb:0000/0000/0000\u{7}", .dark),
    ("\u{1B}]11;rgb:fd/f6/e3\u{1B}\\", .light),  // Solarized light, two digits a channel
    ("\u{1B}]11;rgb:0000/2b2b/3636\u{1B}\\", .dark),  // Solarized dark
    ("\u{1B}]11;rgb:ff/ff\u{1B}\\", nil),
    ("\u{1B}[?1;2c", nil),
    ("", nil),
  ] as [(String, Background?)])
func anOSC11ReplyNamesTheBackground(reply: String, expected: Background?) {
  #expect(Background(osc11Reply: Array(reply.utf8)) == expected)
}

@Test(
  arguments: [
    ("15;0", Background.dark), ("0;15", .light), ("0;default;15", .light), ("7;0", .dark),
    ("0;7", .light), ("default", nil), ("", nil),
  ] as [(String, Background?)])
func colorFGBGNamesTheBackgroundByItsLastField(value: String, expected: Background?) {
  #expect(Background(colorFGBG: value) == expected)
}

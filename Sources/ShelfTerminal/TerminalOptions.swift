import ShelfUI

/// When to draw in colour.
package enum ColorMode: String, CaseIterable, Sendable {
  /// Colour when the terminal has it and `NO_COLOR` is unset or empty.
  case auto
  /// Colour whenever the terminal has it, even with `NO_COLOR`.
  case always
  /// Attributes only (bold, dim, reverse, underline).
  case never
}

/// Which colours to draw in: those for a dark or a light background.
package enum Theme: String, CaseIterable, Sendable {
  /// Ask the terminal for its background (OSC 11), else read `COLORFGBG`,
  /// else assume a dark one.
  case auto
  /// Colours for a dark background.
  case dark
  /// Colours for a light background.
  case light
  /// Solarized's accents, for a dark background.
  case solarized
  /// Full-strength hues far apart, for a dark background.
  case highContrast = "high-contrast"

  /// The colours the theme sets over the palette's own.
  package var colors: ThemeColors {
    switch self {
    case .auto, .dark, .light: ThemeColors()
    case .solarized: .solarized
    case .highContrast: .highContrast
    }
  }
}

/// How many colours the backend draws with, chosen from the terminal's `COLORS`.
package enum ColorDepth: Sendable, Equatable {
  /// No colour: roles are carried by attributes.
  case monochrome
  /// The eight ANSI colours (`TERM=xterm`, the Linux console).
  case ansi8
  /// The xterm 256-colour palette.
  case palette256
  /// 24-bit colour (terminfo's direct colour: `xterm-direct`, `tmux-direct`):
  /// a theme's `#rrggbb` is drawn as it is, the palette's colours as xterm's.
  case direct
}

/// What the backend needs to know before it takes over the terminal.
package struct TerminalOptions: Sendable {
  /// When to use colour.
  package var colorMode: ColorMode
  /// Whether `NO_COLOR` is set to a non-empty value (read by the caller).
  package var isNoColorSet: Bool
  /// Colours for a dark or a light background, or found out.
  package var theme: Theme
  /// Colours set by role (the config file's `[theme]`), over the theme's.
  package var colors: ThemeColors
  /// Whether to ask the terminal if it shows pictures with the kitty
  /// graphics protocol (`TerminalBackend.showsKittyPictures`).
  package var asksForKittyPictures: Bool

  /// Options for `colorMode`, honouring `isNoColorSet` in `.auto` mode.
  package init(
    colorMode: ColorMode = .auto, isNoColorSet: Bool = false, theme: Theme = .auto,
    colors: ThemeColors = ThemeColors(), asksForKittyPictures: Bool = false
  ) {
    self.colorMode = colorMode
    self.isNoColorSet = isNoColorSet
    self.theme = theme
    self.colors = colors
    self.asksForKittyPictures = asksForKittyPictures
  }
}

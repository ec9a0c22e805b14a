import ArgumentParser
import ShelfTerminal
import ShelfUI

/// The theme: shared by `shelf`, `render`, `frames` and `record` (through
/// `DisplayOptions` or on their own), so headless output has the app's colours.
struct ThemeOptions: ParsableArguments {
  @Option(
    "theme", valueName: "theme",
    choosing: "The colours; auto picks dark or light by asking the terminal's background"
      + " (render, frames and record, which ask none: dark).")
  var theme: Theme = .auto

  @Option(
    name: .customLong(ThemeColorOption.name), help: .hidden,
    transform: ThemeColorOption.parse)
  var themeColors: [ThemeColorOption] = []

  /// The theme these options ask for.
  var settings: ThemeSettings {
    ThemeSettings(theme: theme, colors: ThemeColorOption.colors(themeColors))
  }
}

/// A named theme and the colours the config file's `[theme]` sets over it.
struct ThemeSettings: Equatable, Sendable {
  var theme: Theme = .auto
  /// The colours set by role, over the theme's.
  var colors = ThemeColors()

  /// A writer of `depth` colours in this theme, for output that no terminal
  /// is asked about (`render`, `frames`, `record`): for a dark background
  /// unless the theme is light.
  func writer(depth: ColorDepth) -> ANSIWriter {
    ANSIWriter(
      depth: depth, background: theme == .light ? .light : .dark,
      theme: theme.colors.overridden(by: colors))
  }
}

/// `--theme-color ROLE=COLOR`: how the config file's `[theme]` colours
/// reach a command (hidden from the help: the file is where they are set).
struct ThemeColorOption: Equatable, Sendable {
  /// The option's long name.
  static let name = "theme-color"

  var role: ThemeColors.Role
  var color: ThemeColor

  /// `focus=#ff8700` or `focus=208`.
  @Sendable static func parse(_ text: String) throws -> ThemeColorOption {
    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, let role = ThemeColors.Role(rawValue: parts[0]),
      let color = ThemeColor(parts[1])
    else {
      throw Parse.Refusal(description: "expected ROLE=COLOR, a colour 0 to 255 or #rrggbb")
    }
    return ThemeColorOption(role: role, color: color)
  }

  /// The colours `options` set, the last of a role winning.
  static func colors(_ options: [ThemeColorOption]) -> ThemeColors {
    ThemeColors(Dictionary(options.map { ($0.role, $0.color) }) { $1 })
  }

  /// A value of `role` the default config file shows: the dark palette's own.
  static func example(of role: ThemeColors.Role) -> String {
    let index = ThemePalette.ink(for: role.color, isBold: false, colors: 256, on: .dark)
    return String(index.index ?? 7)
  }
}

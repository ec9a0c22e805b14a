@preconcurrency internal import CNCursesW
import ShelfUI

/// Maps a `Style`'s colour roles to ncurses colour pairs and attributes for the
/// terminal at hand: 24-bit, 256 colours, 8, or none. Pairs are made on first use and
/// every `init_pair` is checked, so a colour the terminal refuses falls back to
/// the default pair instead of drawing black on black.
struct Palette {
  /// The colours in use.
  let depth: ColorDepth
  /// The terminal's background, which picks the colour of every role.
  let background: Background
  /// Colours set by role over the palette's own.
  let theme: ThemeColors
  /// Whether -1 (the terminal's own colours) is available.
  private let hasDefaultColors: Bool
  private var pairs: [PairKey: Int16] = [:]
  private var nextPair: Int16 = 1

  private struct PairKey: Hashable {
    var foreground: Int32
    var background: Int32
  }

  private init(
    depth: ColorDepth, background: Background, theme: ThemeColors, hasDefaultColors: Bool
  ) {
    self.depth = depth
    self.background = background
    self.theme = theme
    self.hasDefaultColors = hasDefaultColors
  }

  /// Starts colour when wanted and available, in the colours that read on
  /// `background`; call after `newterm`.
  static func make(
    wantsColor: Bool, background: Background = .dark, theme: ThemeColors = ThemeColors()
  ) -> Palette {
    guard wantsColor, has_colors(), start_color() == OK else {
      return Palette(
        depth: .monochrome, background: background, theme: theme, hasDefaultColors: false)
    }
    let hasDefaultColors = use_default_colors() == OK
    let depth = ColorSupport.depth(
      TerminalColors(colors: Int(shelf_colors()), hasRGB: shelf_has_rgb() != 0))
    return Palette(
      depth: depth, background: background, theme: theme, hasDefaultColors: hasDefaultColors)
  }

  /// The attributes and pair that draw `style`.
  mutating func attributes(for style: Style) -> (attr_t, Int16) {
    var attributes = shelf_a_normal()
    var isBold = style.isBold
    if depth != .monochrome {
      isBold =
        ThemePalette.ink(
          for: style.foreground, isBold: isBold, colors: depth == .ansi8 ? 8 : 256,
          on: background, theme: theme
        ).isBold
    }
    if isBold { attributes |= shelf_a_bold() }
    if style.isDim { attributes |= shelf_a_dim() }
    if style.isUnderlined { attributes |= shelf_a_underline() }
    var isReversed = style.isReversed
    switch depth {
    case .monochrome:
      // Roles survive as attributes: a coloured block becomes a reversed one.
      if style.background != .default { isReversed.toggle() }
      switch style.foreground {
      case .focus, .error, .accent: attributes |= shelf_a_bold()
      case .muted: attributes |= shelf_a_dim()
      default: break
      }
      if isReversed { attributes |= shelf_a_reverse() }
      return (attributes, 0)
    case .ansi8, .palette256, .direct:
      if style.foreground == .muted && depth == .ansi8 { attributes |= shelf_a_dim() }
      if isReversed { attributes |= shelf_a_reverse() }
      let key = PairKey(
        foreground: number(for: style.foreground, isBackground: false),
        background: number(for: style.background, isBackground: true))
      return (attributes, pair(for: key))
    }
  }

  private mutating func pair(for key: PairKey) -> Int16 {
    if key.foreground == -1 && key.background == -1 { return 0 }
    if let pair = pairs[key] { return pair }
    var pair: Int16 = 0
    if Int32(nextPair) < shelf_color_pairs(), nextPair < Int16.max,
      init_extended_pair(Int32(nextPair), key.foreground, key.background) == OK
    {
      pair = nextPair
      nextPair += 1
    }
    pairs[key] = pair
    return pair
  }

  /// The colour number of `color`: a palette index, or on a 24-bit
  /// terminal red, green and blue packed; -1 is the terminal's own colour.
  private func number(for color: Color, isBackground: Bool) -> Int32 {
    let colors: Int
    switch depth {
    case .monochrome: return -1
    case .ansi8: colors = 8
    case .palette256: colors = 256
    case .direct: colors = ThemePalette.directColors
    }
    guard
      let chosen = ThemePalette.color(
        for: color, colors: colors, on: background, theme: theme)
    else {
      if !hasDefaultColors {
        return isBackground ? Int32(COLOR_BLACK) : Int32(COLOR_WHITE)
      }
      return -1
    }
    if depth == .direct { return ColorSupport.directNumber(of: chosen) }
    return Int32(chosen.index256)
  }
}

@preconcurrency import CNCursesW
import ShelfUI

/// Maps a `Style`'s colour roles to ncurses colour pairs and attributes for the
/// terminal at hand: 256 colours, 8, or none. Pairs are made on first use and
/// every `init_pair` is checked, so a colour the terminal refuses falls back to
/// the default pair instead of drawing black on black.
struct Palette {
  /// The colours in use.
  let depth: ColorDepth
  /// Whether -1 (the terminal's own colours) is available.
  private let hasDefaultColors: Bool
  private var pairs: [PairKey: Int16] = [:]
  private var nextPair: Int16 = 1

  private struct PairKey: Hashable {
    var foreground: Int16
    var background: Int16
  }

  private init(depth: ColorDepth, hasDefaultColors: Bool) {
    self.depth = depth
    self.hasDefaultColors = hasDefaultColors
  }

  /// Starts colour when wanted and available; call after `newterm`.
  static func make(wantsColor: Bool) -> Palette {
    guard wantsColor, has_colors(), start_color() == OK else {
      return Palette(depth: .monochrome, hasDefaultColors: false)
    }
    let hasDefaultColors = use_default_colors() == OK
    let colors = shelf_colors()
    let depth: ColorDepth = colors >= 256 ? .palette256 : colors >= 8 ? .ansi8 : .monochrome
    return Palette(depth: depth, hasDefaultColors: hasDefaultColors)
  }

  /// The attributes and pair that draw `style`.
  mutating func attributes(for style: Style) -> (attr_t, Int16) {
    var attributes = shelf_a_normal()
    if style.isBold { attributes |= shelf_a_bold() }
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
    case .ansi8, .palette256:
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
    if Int32(nextPair) < shelf_color_pairs(),
      init_pair(nextPair, key.foreground, key.background) == OK
    {
      pair = nextPair
      nextPair += 1
    }
    pairs[key] = pair
    return pair
  }

  /// The colour number of `color`; -1 is the terminal's own colour.
  private func number(for color: Color, isBackground: Bool) -> Int16 {
    let value: Int16
    switch depth {
    case .monochrome: return -1
    case .palette256: value = Self.palette256(color)
    case .ansi8: value = Self.palette8(color)
    }
    if value == -1 && !hasDefaultColors {
      return isBackground ? Int16(COLOR_BLACK) : Int16(COLOR_WHITE)
    }
    return value
  }

  static func palette256(_ color: Color) -> Int16 {
    switch color {
    case .default: return -1
    case .accent: return 75
    case .muted: return 245
    case .focus: return 214
    case .star: return 220
    case .warning: return 178
    case .error: return 203
    case .swatch(let n): return swatches256[positiveModulo(n, swatches256.count)]
    }
  }

  static func palette8(_ color: Color) -> Int16 {
    switch color {
    case .default, .muted: return -1
    case .accent: return Int16(COLOR_CYAN)
    case .focus, .star, .warning: return Int16(COLOR_YELLOW)
    case .error: return Int16(COLOR_RED)
    case .swatch(let n): return swatches8[positiveModulo(n, swatches8.count)]
    }
  }

  /// Muted, distinct hues that read on dark and light backgrounds.
  private static let swatches256: [Int16] = [167, 173, 179, 107, 73, 68, 104, 175]
  private static let swatches8: [Int16] = [
    Int16(COLOR_RED), Int16(COLOR_GREEN), Int16(COLOR_YELLOW), Int16(COLOR_BLUE),
    Int16(COLOR_MAGENTA), Int16(COLOR_CYAN),
  ]

  private static func positiveModulo(_ n: Int, _ m: Int) -> Int { ((n % m) + m) % m }
}

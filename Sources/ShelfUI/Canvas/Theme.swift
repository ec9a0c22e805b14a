/// Whether the terminal's background is dark or light: it picks the colours
/// every role is drawn in, so text stays readable on either.
public enum Background: String, CaseIterable, Sendable {
  case dark, light

  /// The background an OSC 11 reply reports (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB`
  /// ended by BEL or ST, each channel 1 to 4 hex digits), found anywhere in
  /// `reply`; nil if there is none.
  public init?(osc11Reply reply: [UInt8]) {
    let marker = Array("]11;rgb:".utf8)
    guard reply.count >= marker.count,
      let found = (0...(reply.count - marker.count)).first(where: {
        reply[$0..<($0 + marker.count)].elementsEqual(marker)
      })
    else { return nil }
    var channels: [Double] = []
    var value = 0
    var digits = 0
    for byte in reply[(found + marker.count)...] {
      if let digit = Self.hexValue(byte), digits < 4 {
        value = value * 16 + digit
        digits += 1
        continue
      }
      // A channel ends at `/`, the last one at the terminator.
      guard digits > 0 else { return nil }
      channels.append(Double(value) / Double((1 << (4 * digits)) - 1))
      value = 0
      digits = 0
      if channels.count == 3 || byte != UInt8(ascii: "/") { break }
    }
    guard channels.count == 3 else { return nil }
    // Perceived brightness of the encoded channels: mid-grey and above is light.
    let brightness = 0.299 * channels[0] + 0.587 * channels[1] + 0.114 * channels[2]
    self = brightness >= 0.5 ? .light : .dark
  }

  private static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }

  /// The background `COLORFGBG` (`"15;0"`, `"0;default;15"`) names by its
  /// last field, an ANSI colour number; nil if it names none.
  public init?(colorFGBG: String) {
    guard let last = colorFGBG.split(separator: ";").last, let number = Int(last) else {
      return nil
    }
    switch number {
    case 7, 9...15: self = .light
    case 0...6, 8: self = .dark
    default: return nil
    }
  }
}

/// The colour each role is drawn in, as an index into the xterm palette, on a
/// terminal of 8 or 256 colours with a dark or a light background.
///
/// Text roles read at a contrast ratio of at least 4.5:1 against the
/// background with xterm's default colours (a light background is white, a
/// dark one black); on 8 colours xterm shows bold text in the bright variant,
/// so bold is kept only where that variant still reads.
public enum ThemePalette {
  /// The ink of `role` (nil: the terminal's own foreground) and whether to
  /// draw it bold, when the style asks for `isBold`; on 256 colours, a
  /// colour `theme` sets wins (as the nearest of the palette).
  public static func ink(
    for role: Color, isBold: Bool, colors: Int, on background: Background,
    theme: ThemeColors = ThemeColors()
  ) -> (index: Int?, isBold: Bool) {
    if colors >= 256, let set = theme.color(for: role) { return (set.index256, isBold) }
    let index = colors >= 256 ? index256(role, background) : index8(role, background)
    guard colors < 256, isBold, let index, background == .light else { return (index, isBold) }
    // On white, xterm's bright red, magenta, yellow... are too pale: only
    // blue stays readable bright.
    return (index, index == blue)
  }

  /// How many colours a 24-bit (direct colour) terminal reports.
  public static let directColors = 1 << 24

  /// The colour of `role` on a terminal of `colors` colours: on a 24-bit
  /// one (`directColors`), a colour `theme` sets exactly as it is set;
  /// otherwise the palette index `ink` picks. Nil: the terminal's own.
  public static func color(
    for role: Color, colors: Int, on background: Background, theme: ThemeColors = ThemeColors()
  ) -> ThemeColor? {
    if colors >= directColors, let set = theme.color(for: role) { return set }
    return ink(for: role, isBold: false, colors: colors, on: background, theme: theme).index
      .map(ThemeColor.index)
  }

  private static let red = 1
  private static let green = 2
  private static let yellow = 3
  private static let blue = 4
  private static let magenta = 5
  private static let cyan = 6

  private static func index256(_ role: Color, _ background: Background) -> Int? {
    let isDark = background == .dark
    switch role {
    case .default: return nil
    case .accent: return isDark ? 75 : 25
    case .muted: return isDark ? 245 : 242
    case .focus: return isDark ? 214 : 130
    case .star: return isDark ? 220 : 136
    case .warning: return isDark ? 178 : 94
    case .flash: return isDark ? 114 : 28
    case .error: return isDark ? 203 : 160
    // Violet: the flash is green, the focus amber, the accent blue.
    case .match: return isDark ? 177 : 127
    case .swatch(let n): return swatches256[positiveModulo(n, swatches256.count)]
    case .indexed(let n): return (0..<256).contains(n) ? n : nil
    }
  }

  private static func index8(_ role: Color, _ background: Background) -> Int? {
    let isDark = background == .dark
    switch role {
    case .default, .muted: return nil
    case .accent: return isDark ? cyan : nil
    case .focus: return isDark ? yellow : blue
    case .star: return isDark ? yellow : magenta
    case .warning: return isDark ? yellow : magenta
    case .flash: return isDark ? green : magenta
    case .error: return red
    // On white no 8-colour green reads: the ink stays, bold and underlined.
    case .match: return isDark ? magenta : nil
    case .swatch(let n): return swatches8[positiveModulo(n, swatches8.count)]
    case .indexed(let n): return (0..<256).contains(n) ? nearest8(n) : nil
    }
  }

  /// Muted, distinct hues that read on dark and light backgrounds.
  private static let swatches256 = [167, 173, 179, 107, 73, 68, 104, 175]
  private static let swatches8 = [red, green, yellow, blue, magenta, cyan]

  /// The one of the eight colours nearest to palette colour `n`: the bright
  /// ones their dim twin, the cube's by which components are high, the grays
  /// black or white.
  private static func nearest8(_ n: Int) -> Int {
    switch n {
    case 0..<8: return n
    case 8..<16: return n - 8
    case 16..<232:
      let cube = n - 16
      let (red, green, blue) = (cube / 36, cube / 6 % 6, cube % 6)
      return (red >= 3 ? 1 : 0) + (green >= 3 ? 2 : 0) + (blue >= 3 ? 4 : 0)
    default: return n < 244 ? 0 : 7
    }
  }

  private static func positiveModulo(_ n: Int, _ m: Int) -> Int { ((n % m) + m) % m }
}

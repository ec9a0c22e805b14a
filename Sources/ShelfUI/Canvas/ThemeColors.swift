/// A colour a theme names: an index into the xterm 256-colour palette, or
/// an exact red, green and blue.
public enum ThemeColor: Hashable, Sendable {
  /// Index 0 to 255 of the xterm palette.
  case index(Int)
  /// `#rrggbb`.
  case rgb(red: Int, green: Int, blue: Int)

  /// `208` (0 to 255) or `#ff8700`; nil for anything else.
  public init?(_ text: String) {
    if let index = Int(text), (0...255).contains(index) {
      self = .index(index)
      return
    }
    let digits = Array(text.utf8.dropFirst())
    guard text.hasPrefix("#"), digits.count == 6,
      let value = Int(String(decoding: digits, as: UTF8.self), radix: 16)
    else { return nil }
    self = .rgb(red: value >> 16, green: (value >> 8) & 0xFF, blue: value & 0xFF)
  }

  /// Its red, green and blue: as set, or the palette's colour as xterm
  /// shows it by default.
  public var rgb: (red: Int, green: Int, blue: Int) {
    switch self {
    case .index(let index): XtermPalette.rgb(ofIndex: index)
    case .rgb(let red, let green, let blue): (red, green, blue)
    }
  }

  /// The palette index that shows it on a 256-colour terminal: itself, or
  /// the nearest colour of the palette.
  public var index256: Int {
    switch self {
    case .index(let index): index
    case .rgb(let red, let green, let blue):
      XtermPalette.nearest(red: red, green: green, blue: blue)
    }
  }
}

/// The xterm 256-colour palette: 16 system colours (which terminals let
/// users change), a 6×6×6 colour cube, and 24 greys.
public enum XtermPalette {
  /// The levels of each channel in the colour cube.
  static let cubeLevels = [0, 95, 135, 175, 215, 255]

  /// The red, green and blue of index `index` (0 to 255), as xterm shows
  /// them by default.
  public static func rgb(ofIndex index: Int) -> (red: Int, green: Int, blue: Int) {
    switch index {
    case 0..<16:
      let system = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
        (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
      ]
      return system[index]
    case 16..<232:
      let cube = index - 16
      return (cubeLevels[cube / 36], cubeLevels[(cube / 6) % 6], cubeLevels[cube % 6])
    default:
      let grey = 8 + 10 * (min(255, max(232, index)) - 232)
      return (grey, grey, grey)
    }
  }

  /// The index among 16 to 255 (the colours no user setting changes) whose
  /// colour is nearest `red`, `green`, `blue`: by distance in RGB with the
  /// channels weighted as the eye weighs them (red 2, green 4, blue 3).
  ///
  /// - Complexity: O(1): the cube's nearest level per channel and the
  ///   nearest of the 24 greys, of which the nearer.
  public static func nearest(red: Int, green: Int, blue: Int) -> Int {
    func distance(_ a: (red: Int, green: Int, blue: Int)) -> Int {
      let r = a.red - red
      let g = a.green - green
      let b = a.blue - blue
      return 2 * r * r + 4 * g * g + 3 * b * b
    }
    func level(_ value: Int) -> Int {
      cubeLevels.indices.min { abs(cubeLevels[$0] - value) < abs(cubeLevels[$1] - value) } ?? 0
    }
    // The weighted distance adds up per channel: the cube's nearest is
    // each channel's nearest level.
    let cube = 16 + 36 * level(red) + 6 * level(green) + level(blue)
    let grey = (232...255).min { distance(rgb(ofIndex: $0)) < distance(rgb(ofIndex: $1)) } ?? 232
    return distance(rgb(ofIndex: grey)) < distance(rgb(ofIndex: cube)) ? grey : cube
  }
}

/// The colours a theme gives roles, over the palette's own: what a named
/// theme or the config file's `[theme]` sets.
public struct ThemeColors: Hashable, Sendable {
  /// A role the config file names.
  public enum Role: String, CaseIterable, Sendable {
    /// The focused card and row.
    case focus
    /// What a change reloaded.
    case flash
    /// What the `/` filter matched.
    case match
    /// Warnings, and a paused source.
    case warning
    /// Errors, and a failing source.
    case error
    /// Headings, indicators and a live source: the screen's frame.
    case chrome
    /// Secondary text, and a source that is not live.
    case muted
    /// Rating stars.
    case star

    /// The screen's colour role it sets.
    public var color: Color {
      switch self {
      case .focus: .focus
      case .flash: .flash
      case .match: .match
      case .warning: .warning
      case .error: .error
      case .chrome: .accent
      case .muted: .muted
      case .star: .star
      }
    }
  }

  /// The colours set, by role.
  public var colors: [Role: ThemeColor]

  /// Colours for `colors`' roles; the others as the palette has them.
  public init(_ colors: [Role: ThemeColor] = [:]) {
    self.colors = colors
  }

  /// The colour set for `color`, if any.
  public func color(for color: Color) -> ThemeColor? {
    guard !colors.isEmpty, let role = Role.allCases.first(where: { $0.color == color }) else {
      return nil
    }
    return colors[role]
  }

  /// Whether a colour is set as red, green and blue (not a palette index):
  /// only a 24-bit terminal shows it exactly.
  public var hasExactColors: Bool {
    colors.values.contains { if case .rgb = $0 { true } else { false } }
  }

  /// These colours with `other`'s over them.
  public func overridden(by other: ThemeColors) -> ThemeColors {
    ThemeColors(colors.merging(other.colors) { $1 })
  }

  /// Solarized's accents (Ethan Schoonover's palette) on a dark background.
  public static let solarized = ThemeColors([
    .focus: .rgb(red: 0xB5, green: 0x89, blue: 0x00),
    .flash: .rgb(red: 0x85, green: 0x99, blue: 0x00),
    .match: .rgb(red: 0xD3, green: 0x36, blue: 0x82),
    .warning: .rgb(red: 0xCB, green: 0x4B, blue: 0x16),
    .error: .rgb(red: 0xDC, green: 0x32, blue: 0x2F),
    .chrome: .rgb(red: 0x26, green: 0x8B, blue: 0xD2),
    .muted: .rgb(red: 0x83, green: 0x94, blue: 0x96),
    .star: .rgb(red: 0x2A, green: 0xA1, blue: 0x98),
  ])

  /// Full-strength hues, far apart, on a dark background.
  public static let highContrast = ThemeColors([
    .focus: .index(226), .flash: .index(46), .match: .index(201), .warning: .index(208),
    .error: .index(196), .chrome: .index(51), .muted: .index(252), .star: .index(220),
  ])
}

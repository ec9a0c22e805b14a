/// A colour by role: the backend maps roles to what the terminal can show
/// (256 colours, 8 colours, or none).
public enum Color: Hashable, Sendable {
  /// The terminal's own foreground or background.
  case `default`
  /// Headings and the live indicator.
  case accent
  /// Secondary text: subtitles, hints, positions.
  case muted
  /// The focused card.
  case focus
  /// Rating stars.
  case star
  /// Warnings.
  case warning
  /// What a change reloaded (an edited card, a renamed row), while its
  /// highlight fades: a hue of its own, never the focus colour.
  case flash
  /// Errors in the status line.
  case error
  /// The characters a `/` filter matched, on the cards.
  case match
  /// One of `Color.swatchCount` card swatches, derived from a card's id.
  case swatch(Int)
  /// A colour of the terminal's palette by number, 0 to 255: a previewed
  /// command's output asked for it (`--preview`), or a cover's cells were
  /// converted for it. Drawn as it is on 256 colours, as the nearest of the
  /// eight on 8; a number out of the palette shows as the default.
  case indexed(Int)

  /// How many distinct swatch colours there are.
  public static let swatchCount = 8
}

/// How a cell is drawn: colours and attributes. Attributes carry meaning on
/// monochrome terminals, where colours are dropped.
public struct Style: Hashable, Sendable {
  /// Text colour.
  public var foreground: Color
  /// Cell background.
  public var background: Color
  /// Bold text.
  public var isBold: Bool
  /// Dim text.
  public var isDim: Bool
  /// Reversed foreground and background.
  public var isReversed: Bool
  /// Underlined text.
  public var isUnderlined: Bool

  /// A style; every attribute off by default.
  public init(
    foreground: Color = .default, background: Color = .default, isBold: Bool = false,
    isDim: Bool = false, isReversed: Bool = false, isUnderlined: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.isBold = isBold
    self.isDim = isDim
    self.isReversed = isReversed
    self.isUnderlined = isUnderlined
  }

  /// The terminal's default look.
  public static let plain = Style()
}

/// One terminal cell: a character of width 1 or 2, or the right half of a wide one.
public struct Cell: Hashable, Sendable {
  /// What is drawn here: one safe grapheme (see `TerminalText`), or "" when this
  /// cell is the right half of the wide character to its left.
  public var text: String
  /// Columns the text takes: 1 or 2, or 0 for the right half of a wide character.
  public var width: Int
  /// Colours and attributes.
  public var style: Style

  /// A cell holding `text` of `width` columns.
  public init(text: String, width: Int = 1, style: Style = .plain) {
    self.text = text
    self.width = width
    self.style = style
  }

  /// A space in the default style.
  public static let blank = Cell(text: " ")

  /// Whether this is the right half of a wide character.
  public var isContinuation: Bool { width == 0 }
}

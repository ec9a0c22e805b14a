/// A key press or mouse event, decoded by a backend.
public enum Key: Hashable, Sendable {
  /// A printable character (letters, digits, punctuation, space).
  case character(Character)
  /// Ctrl with a letter, such as `.control("l")`.
  case control(Character)
  case up, down, left, right
  /// Shift with ↑ or ↓: scrolls the preview pane; ↑ or ↓ where there is none.
  case shiftUp, shiftDown
  case home, end, pageUp, pageDown
  case enter, escape, backspace, tab, backTab, delete, insert
  /// F1 to F12.
  case function(Int)
  /// A mouse button or wheel event.
  case mouse(MouseEvent)
  /// Text the terminal pasted (bracketed paste), control characters dropped.
  case paste(String)
}

/// A mouse event at a cell.
public struct MouseEvent: Hashable, Sendable {
  /// What the mouse did.
  public enum Kind: Hashable, Sendable {
    case press, release, click, wheelUp, wheelDown
    /// A horizontal wheel (or Shift with the wheel): scrolls a row's cards.
    case wheelLeft, wheelRight
  }

  /// What the mouse did.
  public var kind: Kind
  /// The cell under the pointer.
  public var position: Point

  /// An event of `kind` at `position`.
  public init(kind: Kind, position: Point) {
    self.kind = kind
    self.position = position
  }
}

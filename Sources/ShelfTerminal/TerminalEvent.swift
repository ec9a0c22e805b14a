import ShelfUI

/// Something the terminal reported.
public enum TerminalEvent: Hashable, Sendable {
  /// A key, or a mouse event as `Key.mouse`.
  case key(Key)
  /// The terminal now has `Size`.
  case resize(Size)
}

import ShelfUI

/// Something the terminal reported.
package enum TerminalEvent: Hashable, Sendable {
  /// A key, or a mouse event as `Key.mouse`.
  case key(Key)
  /// The terminal now has `Size`.
  case resize(Size)
}

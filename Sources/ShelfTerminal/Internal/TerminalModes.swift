import Glibc

/// Escape sequences ShelfTerminal writes itself, beside ncurses. Static
/// strings need no initialisation and no allocation, so the crash handler can
/// write them from inside a signal handler.
enum TerminalModes {
  /// Terminals that know mode 2026 show what follows at once, as one frame;
  /// the others ignore it.
  static let beginSynchronizedUpdate: StaticString = "\u{1B}[?2026h"
  /// Ends a synchronized update.
  static let endSynchronizedUpdate: StaticString = "\u{1B}[?2026l"
  /// Mouse reporting off: X10, button, any-motion and SGR modes.
  static let mouseReportingOff: StaticString =
    "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l"
  /// Bracketed paste on: the terminal wraps pasted text in `ESC [ 200 ~` and
  /// `ESC [ 201 ~`, so that it is not taken for keys.
  static let bracketedPasteOn: StaticString = "\u{1B}[?2004h"
  /// Bracketed paste off, as a shell expects.
  static let bracketedPasteOff: StaticString = "\u{1B}[?2004l"

  /// Writes `sequence` to `descriptor` with one `write(2)` (async-signal-safe).
  static func write(_ sequence: StaticString, to descriptor: Int32) {
    _ = Glibc.write(descriptor, sequence.utf8Start, sequence.utf8CodeUnitCount)
  }
}

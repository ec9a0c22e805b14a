@preconcurrency internal import CNCursesW
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

  /// Turns the tty's software flow control off (IXON, IXOFF), after ncurses
  /// has set its program mode, and makes that its program mode (the one
  /// `reset_prog_mode()` brings back after Ctrl-Z or a bound command).
  ///
  /// `cbreak()` leaves IXON on: a Ctrl-S byte, typed or pasted, would stop the
  /// terminal's output until Ctrl-Q, and every frame's `write()` would block
  /// the queue that draws and handles signals. Off, Ctrl-S and Ctrl-Q reach
  /// the app as keys. `endwin()` gives the shell its own modes back.
  static func turnFlowControlOff(on descriptor: Int32) {
    var modes = termios()
    guard tcgetattr(descriptor, &modes) == 0 else { return }
    modes.c_iflag &= ~tcflag_t(IXON | IXOFF)
    _ = tcsetattr(descriptor, TCSANOW, &modes)
    def_prog_mode()
  }

  /// The bytes of terminfo string capability `name` for the current terminal,
  /// with its padding (`$<5>`, a delay for slow terminals) left out; nil when
  /// the terminal has none.
  static func capability(_ name: String) -> [UInt8]? {
    guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
    var bytes: [UInt8] = []
    var pointer = UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self)
    while pointer.pointee != 0 {
      if pointer.pointee == UInt8(ascii: "$"), pointer[1] == UInt8(ascii: "<") {
        var end = pointer + 2
        while end.pointee != 0 && end.pointee != UInt8(ascii: ">") { end += 1 }
        if end.pointee == UInt8(ascii: ">") {
          pointer = end + 1
          continue
        }
      }
      bytes.append(pointer.pointee)
      pointer += 1
    }
    return bytes
  }

  /// What gives a shell its terminal back without ncurses: synchronized
  /// output, mouse reporting and bracketed paste off, then the terminal's own
  /// keypad-off (`rmkx`), cursor-visible (`cnorm`) and leave-alternate-screen
  /// (`rmcup`) strings.
  static func resetSequence() -> [UInt8] {
    var bytes: [UInt8] = []
    for sequence in [endSynchronizedUpdate, mouseReportingOff, bracketedPasteOff] {
      bytes += UnsafeBufferPointer(start: sequence.utf8Start, count: sequence.utf8CodeUnitCount)
    }
    for name in ["rmkx", "cnorm", "rmcup"] { bytes += capability(name) ?? [] }
    return bytes
  }
}

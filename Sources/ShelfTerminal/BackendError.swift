/// Why the terminal backend could not start or draw.
package enum BackendError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No usable terminal: `TERM` unset or unknown, or no tty to open.
  case noTerminal(String)
  /// Reading from or writing to the terminal failed.
  case io(String)

  /// One line for stderr.
  package var description: String {
    switch self {
    case .noTerminal(let reason): return "no usable terminal: \(reason)"
    case .io(let reason): return "terminal I/O error: \(reason)"
    }
  }
}

import ShelfTerminal

/// Why `shelf` stops with a non-zero status: one line for stderr and a sysexits code.
enum AppError: Error, Equatable, CustomStringConvertible {
  /// Bad command line (64), and the command whose help explains it.
  case usage(String, help: String = "shelf --help")
  /// A catalog that does not parse or validate (65).
  case badData(String)
  /// A file that does not exist or cannot be opened (66).
  case missingInput(String)
  /// A source that cannot be reached: a URL's host, a command that fails (69).
  case unavailable(String)
  /// A bug: something Shelf should never do (70).
  case internalError(String)
  /// The terminal or a file could not be read or written (74).
  case io(String)
  /// A config file that does not parse or names what does not exist (78).
  case config(String)

  /// The sysexits status for this error.
  var exitCode: Int32 {
    switch self {
    case .usage: return 64
    case .badData: return 65
    case .missingInput: return 66
    case .unavailable: return 69
    case .internalError: return 70
    case .io: return 74
    case .config: return 78
    }
  }

  /// The message after `shelf: `.
  var description: String {
    switch self {
    case .usage(let message, let help): return "\(message) (see '\(help)')"
    case .badData(let message), .missingInput(let message), .unavailable(let message),
      .internalError(let message), .io(let message), .config(let message):
      return message
    }
  }

  /// A terminal that cannot be used.
  init(_ error: BackendError) {
    self = .io(error.description)
  }
}

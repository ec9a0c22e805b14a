/// A live source's own state, as the status line shows it.
public enum SourceStatus: Hashable, Sendable {
  /// The demo generator: running, or paused with the screen.
  case demo
  /// A watched file, by name: its last version was valid or not.
  case watching(String, isValid: Bool)
  /// A stream, by name: still open, or ended.
  case streaming(String, isOpen: Bool)
  /// A command run again and again (`--exec`), by name: its last run gave a
  /// catalog or failed.
  case running(String, isValid: Bool)
  /// A URL fetched again and again (`--url`): its last fetch gave a catalog
  /// (or nothing new) or failed.
  case fetching(String, isValid: Bool)
  /// A source that failed at start and never changes (`--catalog`), by name;
  /// only shown beside others, since a lone source that fails ends the app.
  case failed(String)

  /// Whether the source can still bring changes (so pausing means something).
  var isLive: Bool {
    switch self {
    case .demo, .watching, .running, .fetching: true
    case .streaming(_, let isOpen): isOpen
    case .failed: false
    }
  }

  /// Whether the source's last version or run failed.
  var isFailing: Bool {
    switch self {
    case .watching(_, let isValid), .running(_, let isValid), .fetching(_, let isValid): !isValid
    case .failed: true
    case .demo, .streaming: false
    }
  }
}

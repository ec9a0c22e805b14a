/// A live source's own state, as the status line shows it.
public enum SourceStatus: Hashable, Sendable {
  /// The demo generator: running, or paused with the screen.
  case demo
  /// A watched file, by name: its last version was valid or not.
  case watching(String, isValid: Bool)
  /// A stream, by name: still open, or ended.
  case streaming(String, isOpen: Bool)

  /// Whether the source can still bring changes (so pausing means something).
  var isLive: Bool {
    switch self {
    case .demo, .watching: true
    case .streaming(_, let isOpen): isOpen
    }
  }
}

/// Whether live updates flow or wait (space toggles it while a source is live).
public enum LiveStatus: Hashable, Sendable {
  /// The content holds still (no live source).
  case off
  /// Updates are applied as they arrive.
  case live
  /// Updates wait until resumed.
  case paused
}
